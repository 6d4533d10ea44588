"""A game's own words in Japanese, for the pages people read in Japanese.

The rules engines name things in English (action kinds, usage keys, points
sources, variant lines), but the drafts are Japanese and so are the designers
who read the lab's pages: each game lists the draft's own word for each of its
words, as data beside its rules. Names from the content file (cards, races) are
already as written and are never translated: an entry with ``{}`` holds such a
name and keeps it ("race:{}" -> "種族:{}").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

SLOT = "{}"  # where an entry holds a name from the content file, kept as written


@dataclass(frozen=True)
class Glossary:
    title: str  # the draft's own title
    variants: Mapping[str, str]  # each variant's one line
    words: Mapping[str, str]  # action kinds, usage keys and points sources; SLOT for names

    @cached_property
    def _patterns(self) -> list[tuple[str, str, str]]:
        """(head, tail, Japanese) of each entry with a slot, the most specific first."""
        found = [(*english.split(SLOT), japanese) for english, japanese in self.words.items()
                 if SLOT in english]
        return sorted(found, key=lambda p: -len(p[0] + p[1]))

    def find(self, text: str) -> tuple[str, str] | None:
        """The Japanese entry for `text` and the content name its slot holds ("" for a
        whole word), or None when the game has no word for it."""
        if text in self.words:
            return self.words[text], ""
        for head, tail, japanese in self._patterns:
            if (len(text) > len(head) + len(tail) and text.startswith(head)
                    and text.endswith(tail)):
                return japanese, text[len(head):len(text) - len(tail)]
        return None

    def __call__(self, text: str) -> str:
        """`text` in Japanese; as it is when the game has no word for it (a content
        name, such as an action card named as written)."""
        found = self.find(text)
        if found is None:
            return text
        japanese, name = found
        return japanese.replace(SLOT, name)
