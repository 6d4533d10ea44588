"""Findings and comparisons into words: every sentence, name and table cell of the page.

This step takes what the judging steps found (`findings`, `compare`) and says it
in the page's language, from the one catalogue (`messages`): the headlines and
notes of each set, the names of its items (usage keys, factions, points sources,
action kinds in the game's own words), the Provenance and Figures tables, the
name of each set (what sets it apart from the others in its group), and the
side-by-side table and sentences of a group. It judges nothing: where a sentence
says "beyond chance", a finding said so.

Headlines come in the order a designer acts on them: first a warning when the
seats hold different bots (then the bots, not the rules, decide most games),
then what differs beyond chance (turn order, the lottery, factions, content),
then what never happens, then what describes play (points, length); everything
found within chance is said once, in one closing sentence. Which kinds of action
winners take more of stays in its section: it mostly restates what winning is made
of ("pay a card" is how a building is built) and gives a designer nothing to change.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from soan.engine.core import SoanError, option_text
from soan.engine.registry import get_game
from soan.lab.report.check import CANNOT_TELL, NEITHER, Check, Headline
from soan.lab.report.compare import (
    FAIRER,
    FIGURES,
    LESS_FAIR,
    Comparison,
    Fairness,
    Figure,
    Sweep,
)
from soan.lab.report.findings import Findings, ItemLine, SplitLine
from soan.lab.report.messages import Messages
from soan.lab.report.metrics import Estimate
from soan.lab.report.sets import Group, ResultSet, SetKey

HEADLINE_ITEMS = 5  # content items named in one headline sentence
VERDICTS = {FAIRER: "fairer_yes", LESS_FAIR: "fairer_no"}  # else "fairer_same"
IMBALANCE_COLUMN = 1  # where the side-by-side table shows turn-order imbalance


def value_text(value: object) -> str:
    """A rule number as typed on the command line (JSON lists are tuples: 20/10/5)."""
    return option_text(tuple(value) if isinstance(value, list) else value)


@dataclass
class FigureLine:
    name: str
    value: str
    reference: str


@dataclass
class SetWords:
    """What the page says of one set."""

    label: str  # the set's name: what sets it apart from the others of its group
    headlines: list[str]
    notes: dict[str, list[str]]  # sentences by section: turn_order, content, never_seen
    names: dict[str, str]  # usage keys, factions, points sources, action kinds -> shown
    figures: list[FigureLine]
    provenance: list[tuple[str, str]]
    checks: list[CheckWords] = field(default_factory=list)
    check_at: int = 0  # where the checks' headlines go: after turn order and factions


@dataclass
class CheckLine:
    """One headline of a check's table: the first run's figure, the check's, the paired
    difference and the verdict."""

    name: str
    first: str
    check: str
    difference: str
    verdict: str
    first_beyond: bool
    check_beyond: bool


@dataclass
class CheckWords:
    """What the page says of one check of a set."""

    title: str
    check_column: str
    difference_column: str
    intro: str
    rule: str
    lines: list[CheckLine]
    balance: str
    headline: str
    provenance: tuple[str, str]


@dataclass
class Cell:
    value: str
    difference: str | None = None
    beyond: bool = False


@dataclass
class Line:
    """One set's row of the side-by-side table."""

    label: str
    reference: str | None  # the label of the set it is compared with (None: the reference)
    paired: bool
    cells: list[Cell]


@dataclass
class ComparisonWords:
    figures: list[str]
    lines: list[Line]
    headlines: list[str]
    notes: list[str]


@dataclass
class GroupWords:
    """What the page says of one group: its title, each set, the comparison."""

    title: str  # the game's title in the page's language
    sets: list[SetWords]
    comparison: ComparisonWords | None = None


# ---- the names of sets -----------------------------------------------------------------

def _variant_overrides(game_id: str, variant: str) -> dict[str, Any]:
    try:
        return dict(get_game(game_id).variants[variant].overrides)
    except (SoanError, KeyError):
        return {}


def _options_part(result_set: ResultSet, m: Messages) -> str:
    variant = result_set.key.variant
    preset = _variant_overrides(result_set.key.game, variant)
    changed = [
        f"{k}={value_text(v)}"
        for k, v in result_set.provenance["options_changed"].items()
        if preset.get(k, object()) != v
    ]
    if variant == "default" and not changed:
        return m("as_written")
    return ", ".join([*([] if variant == "default" else [variant]), *changed])


def _content_part(result_set: ResultSet, m: Messages) -> str:
    content = result_set.provenance["content"]
    if result_set.content_shipped:
        return m("shipped")
    return m("edited", file=content.get("file") or "?", hash=result_set.key.content_hash[:8])


def set_labels(sets: Sequence[ResultSet], m: Messages) -> list[str]:
    """Name each set of a group by what sets it apart from the others."""
    def varies(attribute: str) -> bool:
        return len({getattr(s.key, attribute) for s in sets}) > 1

    labels = []
    for result_set in sets:
        parts = []
        if varies("variant") or varies("options") or not (
            varies("content_hash") or varies("lineup") or varies("soan_version")
        ):
            parts.append(_options_part(result_set, m))
        if varies("content_hash"):
            parts.append(_content_part(result_set, m))
        if varies("lineup"):
            parts.append(m("lineup", lineup=",".join(result_set.key.lineup)))
        if varies("soan_version"):
            parts.append(m("version", version=result_set.key.soan_version))
        labels.append("; ".join(parts))
    return labels


# ---- one set ---------------------------------------------------------------------------

def provenance(result_set: ResultSet, m: Messages) -> list[tuple[str, str]]:
    """The Provenance table of a set: where its games came from, in the page's words."""
    m = m.for_game(result_set.key.game)
    first = result_set.provenance
    changed = first["options_changed"]
    content = first["content"]
    content_text = (
        m("p_content_shipped", hash=result_set.key.content_hash) if result_set.content_shipped
        else m("p_content_edited", file=content.get("path") or content.get("file") or "?",
               hash=result_set.key.content_hash)
    )
    files = result_set.files
    return [
        (m("p_version"), result_set.key.soan_version),
        (m("p_game"), f"{m.title(first['title'])} ({first['game']})"),
        (m("p_variant"),
         f"{first['variant']}: {m.variant(first['variant'], first['variant_about'])}"),
        (m("p_options"), m.join(f"{k}={value_text(v)}" for k, v in changed.items()) if changed
         else m("p_options_none")),
        (m("p_content"), content_text),
        (m("p_bots"), m("p_bots_value", lineup=", ".join(first["bots"]))),
        (m("p_seeds"), m.join(m("p_seed_range", first=f.provenance["seeds"][0],
                                last=f.provenance["seeds"][-1]) for f in files)),
        (m("p_games"), str(len(result_set.games))),
        (m("p_date"), m.join(dict.fromkeys(f.provenance["date"] for f in files))),
        (m("p_files"), m.join(str(f.path) for f in files)),
        (m("p_models"), m.join(result_set.models) if result_set.models
         else m("p_models_none")),
    ]


def _turn_sentences(found: Findings, m: Messages) -> tuple[list[str], list[str], list[str]]:
    """Headlines, what the closing within-chance sentence says of turn order, and the
    section's notes."""
    turn, imbalance = found.turn_order, found.balance
    fair = m.pct(turn.fair)
    flagged = [p for p in range(len(turn.rates)) if turn.beyond[p]]
    headlines, within = [], []
    if imbalance.beyond or flagged:
        sentence = m("turn_matters", spread=f"{100 * imbalance.spread:.1f}", fair=fair,
                     chance=f"{100 * imbalance.chance:.1f}", games=imbalance.games,
                     imbalance=m.imbalance(imbalance))
        if flagged:
            sentence += m("positions_flagged", count=len(turn.rates), items=m.join(
                m("position_item", position=m.ordinal(p + 1), rate=m.rate(turn.rates[p]))
                for p in flagged))
        else:
            sentence += m("positions_none_flagged", count=len(turn.rates))
        headlines.append(sentence)
    else:
        within.append(m("turn_within_item", rate=m.rate(turn.rates[0]),
                        imbalance=m.imbalance(imbalance)))
    if turn.seats_are_positions:
        notes = [m("seats_are_positions")]
    else:
        notes = [m("first_by_seat", counts=m.join(
            m("seat_count", seat=s + 1, games=count) for s, count in enumerate(turn.first_by_seat)
        ))]
    if found.lottery is not None and found.lottery_first is not None:
        notes.append(m("lottery_first", rate=m.rate(found.lottery_first), fair=fair))
    return headlines, within, notes


def _faction_sentences(found: Findings, players: int, names: Mapping[str, str],
                       m: Messages) -> list[str]:
    """The factions above the fair rate beyond chance, one sentence each; those below in
    one sentence (none when every faction is within chance)."""
    fair = 1 / players
    sentences = [m("faction_beyond", name=names[g.name], rate=m.rate(g.rate), fair=m.pct(fair))
                 for g in found.factions_above]
    if found.factions_below:
        sentences.append(m("factions_below", fair=m.pct(fair), items=m.join(
            m("faction_item", name=names[g.name], rate=m.rate(g.rate))
            for g in found.factions_below)))
    return sentences


def _content_sentences(found: Findings, names: Mapping[str, str], m: Messages) -> list[str]:
    """Items whose users win more (or less) beyond chance, the widest gaps named first
    (none when no item's use is beyond chance)."""
    if not found.content_winning and not found.content_losing:
        return []

    def items(chosen: list[ItemLine]) -> str:
        return m.join(
            m("content_item", name=names[x.key], used=m.pct(a.used.value),
              count=a.used_games, unused=m.pct(a.unused.value))
            for x in chosen[:HEADLINE_ITEMS] if (a := x.association) is not None
        )

    sentences = []
    if found.content_winning:
        sentences.append(m("content_beyond", items=items(found.content_winning)))
    if found.content_losing:
        sentences.append(m("content_losing", items=items(found.content_losing)))
    sentences[-1] += m("content_association")
    return sentences


def _never_sentences(found: Findings, games: int, names: Mapping[str, str], m: Messages
                     ) -> tuple[list[str], list[str]]:
    """Headlines naming what never occurred and what all but never did (none when
    everything occurred), and the section's note counting the first."""
    if found.never_seen:
        headlines = [m("never_headline", games=games,
                       items=m.join(names[k] for k in found.never_seen))]
        notes = [m("never_count", count=len(found.never_seen), total=len(found.content))]
    else:
        headlines = []
        notes = [m("never_none")]
    if found.seldom_seen:
        headlines.append(m("seldom_headline", items=m.join(
            m("seldom_item", name=names[x.key], games=x.games) for x in found.seldom_seen)))
    return headlines, notes


def _gap_sentence(widest: SplitLine, names: Mapping[str, str], m: Messages) -> str:
    return m("points_gap", name=names[widest.key], winners=f"{widest.winners:.1f}",
             losers=f"{widest.losers:.1f}", gap=m.difference(widest.gap, False))


def _points_sentence(found: Findings, names: Mapping[str, str], m: Messages) -> list[str]:
    if not found.points:
        return []
    sentence = m("points_sentence", winners=f"{sum(x.winners for x in found.points):.1f}",
                 losers=f"{sum(x.losers for x in found.points):.1f}")
    if found.points_widest is None:
        return [sentence + m("points_none")]
    return [sentence + _gap_sentence(found.points_widest, names, m)]


def _length_sentence(found: Findings, m: Messages) -> str:
    outcomes = found.outcomes
    sentence = m("length", turns=f"{outcomes.turns.value:.1f}",
                 actions=f"{outcomes.actions.value:.0f}")
    unfinished = outcomes.unfinished_games
    return sentence + (m("unfinished", count=unfinished) if unfinished else "")


def _bots_sentences(found: Findings, m: Messages) -> list[str]:
    """The warning that opens a set of mixed bots, with how each bot did."""
    if not found.mixed_bots:
        return []
    best, worst = found.bots[0], found.bots[-1]
    return [m("mixed_bots", bots=m.join(found.mixed_bots)) + " " + m(
        "bots_sentence", best=best.bot, best_rate=m.rate(best.win_rate), worst=worst.bot,
        worst_rate=m.rate(worst.win_rate))]


def _within_sentence(turn: list[str], found: Findings, m: Messages) -> list[str]:
    """One closing sentence for everything found within chance."""
    items = list(turn)
    if found.factions and not found.factions_above and not found.factions_below:
        items.append(m("factions_within_item", count=len(found.factions)))
    if not found.content_winning and not found.content_losing:
        items.append(m("content_within_item"))
    return [m("within_headline", items=m.join(items))] if items else []


def figures(found: Findings, m: Messages) -> list[FigureLine]:
    """The Figures table."""
    outcomes = found.outcomes
    imbalance = found.balance
    lines = [
        FigureLine(m("f_imbalance"), m("f_imbalance_value", statistic=f"{imbalance.statistic:.2f}",
                                       p=m.p(imbalance.p_value)),
                   m("f_imbalance_ref", expected=f"{imbalance.expected:g}")),
        FigureLine(m("f_spread"), m("f_spread_value", spread=f"{100 * imbalance.spread:.1f}"),
                   m("f_spread_ref", chance=f"{100 * imbalance.chance:.1f}",
                     games=imbalance.games)),
        FigureLine(m("f_decided"), m.rate(outcomes.decided), m("f_decided_ref")),
        FigureLine(m("f_drawn"), m.rate(outcomes.drawn), m("f_drawn_ref")),
    ]
    if outcomes.unfinished_games:
        lines.append(FigureLine(m("f_unfinished"), m.rate(outcomes.unfinished),
                                m("f_unfinished_ref")))
    return [
        *lines,
        FigureLine(m("f_turns"), m.number(outcomes.turns, 1), ""),
        FigureLine(m("f_actions"), m.number(outcomes.actions, 1), ""),
        FigureLine(m("f_time"), f"{1000 * outcomes.seconds:.1f} ms", m("f_time_ref")),
    ]


def names_of(found: Findings, m: Messages) -> dict[str, str]:
    """Every key the set's tables and sentences name, as the page's reader sees it."""
    keys = [*(g.name for g in found.factions), *(x.key for x in found.content),
            *(x.key for x in found.points), *(x.key for x in found.actions)]
    return {key: m.word(key) for key in keys}


def word_set(result_set: ResultSet, found: Findings, label: str, m: Messages,
             page: Messages) -> SetWords:
    """Every sentence of one set; `m` speaks the set's game's own words
    (`Messages.for_game`), `page` is the page's catalogue."""
    names = names_of(found, m)
    headlines = _bots_sentences(found, m)
    turn_headlines, turn_within, turn_notes = _turn_sentences(found, m)
    headlines += turn_headlines
    if found.lottery is not None:
        headlines.append(m("lottery", rate=m.rate(found.lottery)))
    if found.factions:
        headlines += _faction_sentences(found, result_set.players, names, m)
    check_at = len(headlines)
    headlines += _content_sentences(found, names, m)
    never_headlines, never_notes = _never_sentences(found, len(result_set.games), names, m)
    headlines += never_headlines
    headlines += [
        *_points_sentence(found, names, m),
        _length_sentence(found, m),
        *_within_sentence(turn_within, found, m),
    ]
    rare = [(x, x.association) for x in found.uninformative if x.association is not None]
    content_notes = [m("uninformative", items=m.join(
        m("seldom_item", name=names[x.key], games=a.used_games) for x, a in rare
    ))] if rare else []
    return SetWords(label, headlines, {"turn_order": turn_notes, "never_seen": never_notes,
                                       "content": content_notes},
                    names, figures(found, m), provenance(result_set, page), check_at=check_at)


# ---- checks under another bot ----------------------------------------------------------

def _check_verdict(line: Headline, m: Messages) -> str:
    if line.verdict == CANNOT_TELL:
        return m("v_cannot_tell", needed=f"{line.needed:,}")
    return m(f"v_{line.verdict}")


def word_check(check: Check, names: Mapping[str, str], m: Messages) -> CheckWords:
    """A check's section: its table, its sentences and its line of provenance."""
    bot = check.bot
    lines, said, neither = [], [], []
    for line in check.headlines:
        name = (m("check_position", position=m.ordinal(int(line.name))) if line.kind ==
                "position" else m("check_faction", name=names.get(line.name, line.name)))
        verdict = _check_verdict(line, m)
        difference = (m.difference(line.paired, True) if line.paired is not None
                      else m.difference(_unpaired(line.first, line.check), True))
        lines.append(CheckLine(name, m.rate(line.first), m.rate(line.check), difference,
                               verdict, line.first_beyond, line.check_beyond))
        if line.verdict == NEITHER:
            neither.append(name)
        else:
            said.append(m("check_item", name=name, first=m.pct(line.first.value),
                          check=m.pct(line.check.value), verdict=verdict))
    if neither:
        said.append(m("check_neither", items=m.join(neither)))
    games = check.games
    intro = (m("check_intro_paired", bot=bot, games=games) if check.paired else
             m("check_intro_unpaired", bot=bot, games=games, paired=check.paired_games))
    files = check.check.files
    seeds = m.join(m("p_seed_range", first=f.provenance["seeds"][0],
                     last=f.provenance["seeds"][-1]) for f in files)
    provenance = (m("p_check"), m(
        "p_check_value", bot=bot, games=games, seeds=seeds,
        files=m.join(str(f.path) for f in files),
        models=m.join(check.models) if check.models else m("p_models_none")))
    return CheckWords(
        m("check_title", bot=bot), m("check_check_col", bot=bot),
        m("check_difference_paired_col", games=check.paired_games) if check.paired_games
        else m("check_difference_col"), intro, m("check_rule"),
        lines,
        m("check_balance", first=m.imbalance(check.balance_first),
          check=m.imbalance(check.balance_check), bot=bot),
        m("check_headline", bot=bot, games=games,
          paired=m("check_paired_word") if check.paired else "",
          items=m("check_separator").join(said)),
        provenance,
    )


def _unpaired(first: Estimate, check: Estimate) -> Estimate:
    """check − first for two independent rates, from their intervals (Newcombe's hybrid
    interval, as `metrics.difference_of_proportions` builds it)."""
    value = check.value - first.value
    return Estimate(value, value - ((check.value - check.low) ** 2
                                    + (first.high - first.value) ** 2) ** 0.5,
                    value + ((check.high - check.value) ** 2
                             + (first.value - first.low) ** 2) ** 0.5)


# ---- a group's comparison --------------------------------------------------------------

def _text(m: Messages, figure: Figure, e: Estimate) -> str:
    return m.rate(e) if figure.percent else m.number(e, figure.digits)


def _verdict(m: Messages, fairness: Fairness) -> str:
    """Whether a set is fairer than another, in words."""
    return m(VERDICTS.get(fairness.verdict, "fairer_same"))


def _spread(imbalance_spread: float) -> str:
    return f"{100 * imbalance_spread:.1f}"


def _context(key: str, members: Sequence[ResultSet], labels: Mapping[SetKey, str],
             m: Messages) -> str:
    """What the sets of a sweep share beyond the rules as written ('plain'), if anything."""
    parts = re.split(r"[;,] ", labels[members[0].key])
    shared = [p for p in parts if not p.startswith(f"{key}=") and p != m("as_written")]
    return m("sweep_context", context=m.join(shared)) if shared else ""


def sweep_sentence(sweep: Sweep, labels: Mapping[SetKey, str], found: Mapping[SetKey, Findings],
                   m: Messages) -> str:
    """'The fairest value of hand_limit is 9: its turn positions lie ...'."""
    imbalance = found[sweep.fairest.key].balance
    sentence = m("fairest", key=sweep.key, context=_context(sweep.key, sweep.members, labels, m),
                 value=value_text(sweep.value), spread=_spread(imbalance.spread),
                 imbalance=m.imbalance(imbalance))
    if sweep.base is sweep.fairest:
        sentence += m("fairest_is_reference", reference=labels[sweep.base.key])
    elif sweep.base is not None and sweep.fairness is not None:
        sentence += m("fairest_against", key=sweep.key, base=value_text(sweep.written),
                      reference=labels[sweep.base.key],
                      base_spread=_spread(sweep.fairness.a.spread),
                      base_imbalance=m.imbalance(sweep.fairness.a, short=True),
                      p=m.p(sweep.fairness.p_differ), verdict=_verdict(m, sweep.fairness))
    return sentence


def word_comparison(comparison: Comparison, labels: Mapping[SetKey, str],
                    found: Mapping[SetKey, Findings], m: Messages) -> ComparisonWords:
    """The side-by-side table, the sentences that answer "is it fairer?", and the notes."""
    headlines: list[str] = []
    notes: list[str] = []
    if not comparison.has_reference:
        notes.append(m("no_reference", label=labels[comparison.lines[0].result_set.key]))
    lines = []
    for line in comparison.lines:
        label = labels[line.result_set.key]
        imbalance = Cell(m.imbalance(line.imbalance, short=True))
        if line.reference is None or line.fairness is None:
            lines.append(Line(label, None, False, [
                Cell(_text(m, f, value)) for f, value in zip(FIGURES, line.values, strict=True)
            ]))
            lines[-1].cells.insert(IMBALANCE_COLUMN, imbalance)
            continue
        reference = labels[line.reference.key]
        fairness = line.fairness
        headlines.append(m(
            "fairer", label=label, reference=reference, spread=_spread(fairness.b.spread),
            base=_spread(fairness.a.spread), imbalance=m.imbalance(fairness.b),
            base_imbalance=m.imbalance(fairness.a, short=True),
            chance=_spread(fairness.b.chance), p=m.p(fairness.p_differ),
            verdict=_verdict(m, fairness),
        ))
        imbalance.difference = m("fairness_cell", verdict=_verdict(m, fairness),
                                 p=m.p(fairness.p_differ))
        imbalance.beyond = fairness.verdict in VERDICTS
        cells, changes = [], []
        for figure, value, difference, beyond in zip(FIGURES, line.values, line.differences,
                                                     line.beyond, strict=True):
            cells.append(Cell(_text(m, figure, value),
                              m.difference(difference, figure.percent, figure.digits), beyond))
            if beyond:
                changes.append(m("change_item", figure=m(figure.key),
                                 difference=m.difference(difference, figure.percent,
                                                         figure.digits)))
        cells.insert(IMBALANCE_COLUMN, imbalance)
        headlines.append(
            m("changes", reference=reference, label=label, changes=m.join(changes)) if changes
            else m("changes_none", label=label, reference=reference)
        )
        lines.append(Line(label, reference, line.paired, cells))
    compared = [line for line in lines if line.reference is not None]
    if compared and all(line.paired for line in compared):
        notes.append(m("paired_all"))
    else:
        notes += [m("paired", label=line.label, reference=line.reference)
                  for line in compared if line.paired]
    headlines += [sweep_sentence(sweep, labels, found, m) for sweep in comparison.sweeps]
    names = [m(f.key) for f in FIGURES]
    names.insert(IMBALANCE_COLUMN, m("f_imbalance"))
    return ComparisonWords(names, lines, headlines, notes)


# ---- a group ---------------------------------------------------------------------------

def word_group(group: Group, found: Mapping[SetKey, Findings], comparison: Comparison | None,
               m: Messages, checks: Mapping[SetKey, list[Check]] | None = None) -> GroupWords:
    """Every word of one group, in the language of `m` (the page's catalogue): in
    Japanese, the games' own words are the drafts'."""
    labels = dict(zip((s.key for s in group.sets), set_labels(group.sets, m), strict=True))
    names: dict[str, str] = {}  # every set's content names, for the comparison
    for result_set in group.sets:
        names = {**result_set.names, **names}
    game = m.for_game(group.game, names)
    sets = [word_set(s, found[s.key], labels[s.key], m.for_game(group.game, s.names), m)
            for s in group.sets]
    for result_set, set_words in zip(group.sets, sets, strict=True):
        for check in (checks or {}).get(result_set.key, []):
            said = word_check(check, set_words.names, m.for_game(group.game, result_set.names))
            set_words.checks.append(said)
            set_words.provenance.append(said.provenance)
            # right after the turn order and factions headlines it checks
            set_words.headlines.insert(set_words.check_at, said.headline)
            set_words.check_at += 1
    words = GroupWords(game.title(group.title), sets)
    if comparison is not None:
        words.comparison = word_comparison(comparison, labels, found, game)
    return words
