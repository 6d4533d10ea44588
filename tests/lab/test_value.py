"""soan value: restricted play measures an item's worth exactly where it is known."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from statistics import NormalDist

import pyarrow.parquet as pq
import pytest

from soan.bots import make_bot
from soan.bots.match import bot_rngs, play_out
from soan.bots.restricted import FORBID, FORCE, Restricted, restrict
from soan.engine import registry
from soan.engine.core import Game, options_to_dict
from soan.lab.report.metrics import Estimate, family_factor
from soan.lab.value.value import (
    Plan,
    Study,
    Workers,
    Worth,
    flags,
    offered_keys,
    win_shares,
    worth_table,
)
from tests.lab.conftest import soan

GAMES = 60


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[Game]:
    """The toy game Pick, registered for this test only."""
    monkeypatch.setitem(registry._GAME_MODULES, "toy", "tests.lab.toy_game")
    yield registry.get_game("toy")


@pytest.fixture(scope="module")
def cityplan() -> Game:
    return registry.get_game("cityplan")


def toy_plan(game: Game, **options: int) -> Plan:
    opts = json.dumps(options_to_dict(game.options(**options)), sort_keys=True)
    return Plan("toy", "default", opts, None, 2, "heuristic", 11)


def exact_share(hands: list[list[int]], focal: int, forbidden: int | None,
                forced: int | None) -> float:
    """The focal seat's win share when each seat keeps its best card (kind 0 = gold
    is best), the focal seat never keeping `forbidden` unless its hand holds nothing
    else, and always keeping `forced` when it holds it. Both seats get 2 bonus points."""
    points = (3, 2, 1)
    kept = [min(hand) for hand in hands]  # the lowest kind is the most points
    hand = hands[focal]
    if forbidden is not None and any(k != forbidden for k in hand):
        kept[focal] = min(k for k in hand if k != forbidden)
    if forced is not None and forced in hand:
        kept[focal] = forced
    totals = [points[kept[0]] + 2, points[kept[1]] + 2]
    if totals[0] == totals[1]:
        return 0.5
    return 1.0 if totals[focal] > totals[1 - focal] else 0.0


def test_forbidding_gold_costs_exactly_what_the_deals_say(toy: Game, tmp_path: Path) -> None:
    plan = toy_plan(toy, second_bonus=2)
    content = toy.load_content()
    study = Study(plan, toy.content_hash(content), tmp_path, GAMES)
    runs = [("keep:gold", FORBID), ("keep:lead", FORCE), ("keep:lead", FORBID)]
    with Workers(1) as workers:
        study.play([("", ""), *runs], workers)
    table = worth_table(study.rows(), {run: study.rows(*run) for run in runs})
    figures = {(w.item, w.mode): w for w in table}
    expected_gold, expected_lead, all_gold, holding_gold = [], [], 0, []
    for i in range(GAMES):
        hands = toy.new(2, plan.seed + i, toy.options(second_bonus=2), content).hands
        focal = i % 2
        base = exact_share(hands, focal, None, None)
        expected_gold.append(base - exact_share(hands, focal, 0, None))
        if 0 in hands[focal]:
            holding_gold.append(expected_gold[-1])
        expected_lead.append(exact_share(hands, focal, None, 2) - base)
        all_gold += hands[focal] == [0, 0]
    gold = figures["keep:gold", FORBID]
    assert gold.worth.value == pytest.approx(sum(expected_gold) / GAMES)
    assert gold.worth.value > 0.2 and gold.worth.low < gold.worth.value < gold.worth.high
    assert gold.restricted_used == pytest.approx(all_gold / GAMES)  # unavoidable: two golds
    assert gold.worth_when_offered.value == pytest.approx(sum(holding_gold) / len(holding_gold))
    lead = figures["keep:lead", FORCE]
    assert lead.worth.value == pytest.approx(sum(expected_lead) / GAMES) and lead.worth.high < 0
    never = figures["keep:lead", FORBID]  # the bot keeps lead only when it holds nothing else
    assert (never.worth.value, never.worth.low, never.worth.high) == (0.0, 0.0, 0.0)
    assert "not worth using" in never.flags


def test_a_restricted_game_is_its_twin_until_the_item_matters(cityplan: Game) -> None:
    """Forbidding a card nobody builds changes nothing: same seed, same game."""
    content = cityplan.load_content()
    for seed in range(3):
        twins = []
        for restricted in (False, True):
            state = cityplan.new(3, seed, content=content)
            bots = [make_bot("heuristic") for _ in range(3)]
            if restricted:
                bots[1] = Restricted(bots[1], ["built:no such card"])
            twins.append(play_out(state, bots, bot_rngs(seed, 3)).history)
        assert twins[0] == twins[1]


def test_the_restriction_holds_in_copies_and_redeals(cityplan: Game) -> None:
    state = cityplan.new(2, 4)
    key = "action:Income"
    seen = restrict(state.copy(), 0, frozenset([key]), FORBID)
    assert ("act", 1) in state.legal() and ("act", 1) not in seen.legal()
    from soan.engine.rng import Rng

    for derived in (seen.copy(), seen.redeal(0, Rng(3))):
        assert ("act", 1) not in derived.legal()
    forced = restrict(state.copy(), 0, frozenset([key]), FORCE)
    assert forced.legal() == (("act", 1),)
    other = restrict(state.copy(), 1, frozenset([key]), FORBID)
    assert other.legal() == state.legal()  # seat 1 moves first: seat 2's restriction is idle


def test_an_unavoidable_item_is_used_and_counted(toy: Game) -> None:
    """Both cards gold: the forbidden seat has no other choice."""
    content = toy.load_content()
    seed = next(s for s in range(200) if toy.new(2, s, content=content).hands[0] == [0, 0])
    state = toy.new(2, seed, content=content)
    bots = [Restricted(make_bot("heuristic"), ["keep:gold"]), make_bot("heuristic")]
    play_out(state, bots, bot_rngs(seed, 2))
    assert state.usage()[0] == {"keep:gold": 1}


def test_a_game_without_winner_gives_every_seat_its_fair_share(toy: Game) -> None:
    state = toy.new(2, 1, content=toy.load_content())
    state.to_move, state.unfinished = None, True
    assert win_shares(state) == [0.5, 0.5]


def test_value_command_writes_page_and_rows_and_resumes(toy: Game, tmp_path: Path) -> None:
    out = tmp_path / "value"
    args = ["value", "toy", "-n", 2, "--games", 8, "--jobs", 1, "--seed", 3, "--out", out]
    text = soan(*args)
    assert "Never used" not in text and "8 paired games" in text
    rows = pq.read_table(out / "worth.parquet").to_pylist()
    assert {(r["item"], r["mode"]) for r in rows} == {
        (f"keep:{k}", m) for k in ("gold", "silver", "lead") for m in (FORBID, FORCE)}
    page = (out / "value.html").read_text("utf-8")
    assert "causal" in page and "association" in page and "keep:gold" in page
    assert "<script src=" not in page  # self-contained
    before = (out / "runs" / "baseline.parquet").stat().st_mtime_ns
    soan(*args)  # resumes: nothing left to play
    assert (out / "runs" / "baseline.parquet").stat().st_mtime_ns == before
    soan(*args[:5], 12, *args[6:])  # a larger --games extends every run
    assert len(pq.read_table(out / "runs" / "baseline.parquet")) == 2 * 12
    baseline = pq.read_table(out / "runs" / "baseline.parquet").to_pylist()
    assert offered_keys(baseline) == {"keep:gold", "keep:silver", "keep:lead"}


@pytest.mark.parametrize(("extra", "message"), [
    (["--modes", "sometimes"], "--modes takes"),
    (["--items", "keep:diamond"], "no item keep:diamond"),
    (["--games", 0], "at least 1"),
    (["--bot", "heuristic,random"], "one bot for every seat"),
    (["--bot", "nobody"], "unknown seat"),
    (["-n", 7], "2 to 3 players"),
    (["--option", "second_bonus=9"], "out of range"),
])
def test_bad_input_is_refused_with_exit_2(toy: Game, tmp_path: Path, extra: list,
                                         message: str) -> None:
    text = soan("value", "toy", "--games", 2, "--out", tmp_path, *extra, code=2)
    assert message in " ".join(text.split()) and "Traceback" not in text


def test_another_run_in_the_same_folder_is_refused(toy: Game, tmp_path: Path) -> None:
    soan("value", "toy", "--games", 2, "--jobs", 1, "--out", tmp_path)
    text = soan("value", "toy", "--games", 2, "-n", 2, "--out", tmp_path, code=2)
    assert "different run" in text


def test_flags_read_intervals_widened_for_every_comparison_on_the_page() -> None:
    """With 72 comparisons about 3.6 single 95% intervals exclude zero by luck alone, so a
    flag needs the family-wise (Bonferroni) interval to exclude it."""
    assert family_factor(1) == pytest.approx(1.0)
    assert family_factor(72) == pytest.approx(NormalDist().inv_cdf(1 - 0.05 / 144) / 1.96, 1e-3)
    forbid = Worth(  # forbidden the item, the bot wins 1.9 points more: single 95% interval
        item="built:空港", mode=FORBID, games=400, change=Estimate(0.019, 0.003, 0.035),
        score_change=Estimate(0.4, 0.1, 0.7), baseline_rate=0.25, offered=0.5,
        used=Estimate(0.1, 0.09, 0.11), uses=0.1, restricted_used=0.0,
        offered_change=Estimate(0.04, 0.006, 0.07))
    assert forbid.worth.high < 0 and "the bot does better without it" in flags(forbid, None)
    alone = replace(forbid, family=family_factor(72))
    assert alone.family_worth.high > 0 and flags(alone, None) == ()
