"""A game's words and names for a reader of English or Japanese.

The rules engines name things in English (action kinds, usage keys, points
sources, variant lines), but the drafts are Japanese and so are the designers
who read the lab's pages: each game lists the draft's own word for each of its
words, as data beside its rules (`Glossary`). An entry with ``{}`` holds a name
from the content file and keeps it ("race:{}" -> "種族:{}").

Names from the content file (cards, races, skills, awards, grace cards) are
written in Japanese, each with an English gloss beside it (its `english` field).
`name` is the one place that decides how a reader sees one: in English the gloss
with the name as written in brackets, "Allotment gardens (市民農園)", in Japanese the
name as written alone, and a name without a gloss as written in both. The
terminal, the web pages and the lab's report all show names through it
(`names_in` does it for every name in a sentence of a game's text, `forms` hands
the web pages the same choices).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, cast
from unicodedata import east_asian_width

SLOT = "{}"  # where an entry holds a name from the content file
LANGUAGES = ("en", "ja")


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
        return sorted(cast(list[tuple[str, str, str]], found), key=lambda p: -len(p[0] + p[1]))

    def match(self, text: str) -> tuple[str, str, str, str] | None:
        """(head, name, tail, Japanese entry) of the entry `text` is: the content name
        its slot holds between the entry's head and tail ("" for a whole word), or None
        when the game has no word for it."""
        if text in self.words:
            return text, "", "", self.words[text]
        for head, tail, japanese in self._patterns:
            if (len(text) > len(head) + len(tail) and text.startswith(head)
                    and text.endswith(tail)):
                return head, text[len(head):len(text) - len(tail)], tail, japanese
        return None

    def find(self, text: str) -> tuple[str, str] | None:
        """The Japanese entry for `text` and the content name its slot holds ("" for a
        whole word), or None when the game has no word for it."""
        found = self.match(text)
        return None if found is None else (found[3], found[1])

    def __call__(self, text: str) -> str:
        """`text` in Japanese; as it is when the game has no word for it (a content
        name, such as an action card named as written)."""
        found = self.find(text)
        if found is None:
            return text
        japanese, name = found
        return japanese.replace(SLOT, name)


class Names:
    """The names of one content file: each name as written (Japanese) with its English
    gloss, and every way a game's text writes one ("Glorious", "グロリアス",
    "Glorious (グロリアス)", "月詠み Moon Reading"...)."""

    def __init__(self, glosses: Mapping[str, str]) -> None:
        self.gloss: dict[str, str] = {}  # name as written -> English gloss
        for written, english in glosses.items():
            if english and english != written and english not in self.gloss.values():
                self.gloss.setdefault(written, english)
        whole: dict[str, str] = {}
        opened: dict[str, str] = {}  # "Glorious (グロリアス, " begins a longer bracket
        for written, english in self.gloss.items():
            for form in (f"{english} ({written})", f"{written} ({english})",
                         f"{written} {english}", english, written):
                whole.setdefault(form, written)
            for form in (f"{english} ({written}, ", f"{written} ({english}, "):
                opened.setdefault(form, written)
        for written in glosses:  # without a gloss, a game writes the name twice
            if written not in self.gloss:
                whole.setdefault(f"{written} ({written})", written)
                whole.setdefault(f"{written} {written}", written)
                opened.setdefault(f"{written} ({written}, ", written)
        self.whole, self.opened = whole, opened

    @classmethod
    def of(cls, content: Any) -> Names:
        """The names of a content file (a validated content model), of a mapping of
        names as written to their glosses, or none (None)."""
        if isinstance(content, Names):
            return content
        if content is None:
            return _NO_NAMES
        if isinstance(content, Mapping):
            return cls(content)
        key = getattr(content, "hash", None)
        if not isinstance(key, str):
            return cls(content_names(content))
        if key not in _by_hash:
            _by_hash[key] = cls(content_names(content))
        return _by_hash[key]

    def written(self, text: str) -> str | None:
        """The name as written that `text` is (in any of its forms), or None."""
        return self.whole.get(text)

    @cached_property
    def pattern(self) -> re.Pattern[str] | None:
        """Every form of every name, the longest first, an English one only as a whole
        word."""
        found = sorted([*self.whole, *self.opened], key=lambda f: (-len(f), f))
        return re.compile("|".join(_edged(f) for f in found)) if found else None


_WORD = "A-Za-z0-9_"
_SPACES = re.compile(r"\s+")


def _edged(form: str) -> str:
    """`form` as a pattern that matches no part of a longer English word, a space in it
    matching any white space (a rendered board may wrap a line inside a name)."""
    head = f"(?<![{_WORD}])" if re.match(f"[{_WORD}]", form) else ""
    tail = f"(?![{_WORD}])" if re.search(f"[{_WORD}]$", form) else ""
    return head + r"\s+".join(map(re.escape, form.split(" "))) + tail


_NO_NAMES = Names({})
_by_hash: dict[str, Names] = {}


def content_names(content: Any) -> dict[str, str]:
    """Name as written -> English gloss ("" for none), for every entry of a content
    file with a `name` and an `english` field, in the file's order."""
    out: dict[str, str] = {}

    def walk(node: Any) -> None:
        fields = getattr(type(node), "model_fields", None)
        if fields is not None:
            written, english = getattr(node, "name", None), getattr(node, "english", None)
            if (isinstance(written, str) and isinstance(english, str) and written
                    and not out.get(written)):
                out[written] = "" if english == written else english
            for key in fields:
                walk(getattr(node, key))
        elif isinstance(node, list | tuple):
            for item in node:
                walk(item)
        elif isinstance(node, dict):
            for item in node.values():
                walk(item)

    walk(content)
    return out


def name(text: str, lang: str, glossary: Glossary | None = None, content: Any = None) -> str:
    """A content name or one of the game's words, as a reader of `lang` sees it.

    `text` is a content name in any form the game writes it ("市民農園", "Allotment
    gardens", "Allotment gardens (市民農園)"), a word of the game's `glossary` (an action
    kind, a points source) or a usage key holding a name ("built:市民農園"). `content`
    is the content file the name comes from (or a mapping of names to glosses).

    English: a name with a gloss is "Allotment gardens (市民農園)", and a key keeps its
    English head: "built: Allotment gardens (市民農園)"; the game's words stay English.
    Japanese: the name as written alone, "市民農園", and the draft's word from the
    glossary: "建設:市民農園". A name without a gloss shows as written in both; anything
    else is returned as it is.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"a name is shown in {' or '.join(LANGUAGES)}, not {lang!r}")
    names = Names.of(content)
    written = names.written(text)
    if written is not None:
        english = names.gloss.get(written)
        return f"{english} ({written})" if lang == "en" and english else written
    found = glossary.match(text) if glossary is not None else None
    if found is None:
        return text
    head, inside, tail, japanese = found
    if lang == "ja":
        return japanese.replace(SLOT, name(inside, lang, None, names))
    if not inside or names.written(inside) is None:
        return text
    space = " " if head.endswith(":") else ""
    return f"{head}{space}{name(inside, lang, None, names)}{tail}"


def _shown(form: str, lang: str, names: Names) -> str:
    """How `lang` shows the name `form` writes; a form that opens a longer bracket
    ("Glorious (グロリアス, home: plains)") keeps the bracket open."""
    written = names.whole.get(form)
    if written is not None:
        return name(written, lang, None, names)
    written = names.opened[form]
    shown = name(written, lang, None, names)
    return f"{shown[:-1]}, " if shown != written else f"{shown} ("


def names_in(text: str, lang: str, content: Any = None) -> str:
    """A sentence of a game's text (a log line, a choice, a rendered board) with every
    content name in it shown through `name`: "Seat 1 builds Park." -> "Seat 1 builds
    Park (公園)." in English, "Seat 1 builds 公園." in Japanese."""
    names = Names.of(content)
    pattern = names.pattern
    if pattern is None:
        return text
    out, at = [], 0
    for found in pattern.finditer(text):
        shown = _shown(_SPACES.sub(" ", found.group(0)), lang, names)
        out += [text[at:found.start()], shown]
        at = found.end()
        # a name padded to a column (two spaces or more after it) keeps the column
        pad = len(text) - at - len(text[at:].lstrip(" "))
        if pad >= 2:
            grow = width(shown) - width(found.group(0))
            if grow > 0:
                at += min(grow, pad - 1)
            else:
                out.append(" " * -grow)
    return "".join(out) + text[at:]


def width(text: str) -> int:
    """How many terminal columns `text` takes (a kanji or kana takes two)."""
    return sum(2 if east_asian_width(c) in "WF" else 1 for c in text)


def forms(lang: str, content: Any = None) -> dict[str, str]:
    """Every way a game's text writes a content name -> how `lang` shows it (through
    `name`): what the web pages replace in the game's text and look names up in."""
    names = Names.of(content)
    return {form: _shown(form, lang, names) for form in [*names.whole, *names.opened]}
