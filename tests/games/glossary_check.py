"""Checks every game's glossary against the words its rules actually produce."""

from __future__ import annotations

import re
from collections.abc import Iterable

from soan.engine.core import Game
from soan.engine.rng import Rng

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")  # kana or kanji


def played_words(game: Game, seeds: int = 2) -> set[str]:
    """Every action kind, usage key and points source of random games of every variant
    and table size, and every usage key the game says could occur."""
    content = game.load_content()
    words: set[str] = set()
    for variant in game.variants:
        options = game.options(variant)
        words.update(game.usage_keys(content, options))
        for seats in range(game.min_seats, game.max_seats + 1):
            for seed in range(seeds):
                state = game.new(seats, seed, options, content)
                rng = Rng(seed)
                while not state.over:
                    legal = state.legal()
                    action = legal[rng.below(len(legal))]
                    words.add(game.presenter.action_kind(state, action))
                    state.play(action)
                words.update(key for seat in state.usage() for key in seat)
                words.update(source for seat in state.breakdown() for source in seat)
    return words


def without_japanese(game: Game, words: Iterable[str], names: Iterable[str]) -> list[str]:
    """The words the game's glossary has no Japanese for. `names` are kept as written
    (content names): a word may be one, or fill the {} of an entry ("race:{}")."""
    glossary, names = game.glossary, set(names)
    assert glossary is not None, f"{game.id} has no glossary"
    missing = []
    for word in sorted(set(words)):
        found = glossary.find(word)
        if word in names or (found is not None and (found[1] == "" or found[1] in names)):
            continue
        missing.append(word)
    return missing


def check_title_and_variants(game: Game) -> None:
    """A Japanese title, and a Japanese line for every variant and nothing else."""
    glossary = game.glossary
    assert glossary is not None and JAPANESE.search(glossary.title)
    assert list(glossary.variants) == list(game.variants)
    for name, line in glossary.variants.items():
        assert JAPANESE.search(line), f"{game.id} variant {name}: {line!r} is not Japanese"
    for english, japanese in glossary.words.items():
        assert JAPANESE.search(japanese), f"{game.id}: {english!r} -> {japanese!r}"
        assert english.count("{}") == japanese.count("{}") <= 1, english
