"""The heuristic's evaluation values what a seat holds: once-per-game skills (「1度だけ任意の
タイミングで効果を適用するもの」) are worth using, a turn of free placements is worth
something until the workers are placed, and the war odds are exact for the dice."""

import pytest

from soan.bots import make_bot
from soan.engine.rng import Rng
from soan.games.quovadis import evaluation
from soan.games.quovadis.codes import PLACE
from tests.games.quovadis.helpers import GAME, MOUNTAIN, blank, cells, resources, terrain

HEURISTIC = make_bot("heuristic")
ONCE = ("Heaven's Favour", "Hammer of God", "Oracle", "Great Migration")  # the shipped ones


def with_once_skill(english: str):
    """Seat 0 at area selection, `english` (a once skill of the shipped content) face up."""
    state = blank()
    k = state.tables.skill_english.index(english)
    state.shown[0] = (k,)
    state._refresh(0)
    state._legal = None
    return state, k


@pytest.mark.parametrize("english", ONCE)
def test_the_heuristic_uses_a_once_skill_rather_than_keep_it_for_ever(english):
    # the draft: such a skill is used 「1度だけ任意のタイミングで」; kept unused, it is worth
    # nothing at the end, so holding it must be worth less than using it
    state, k = with_once_skill(english)
    assert HEURISTIC(state, Rng(1)) == ("skill", k)
    before = GAME.evaluator.evaluate(state)[0]
    state.play(("skill", k))
    assert GAME.evaluator.evaluate(state)[0] > before


def test_an_unused_once_skill_is_worth_what_it_would_bring_now():
    state, _ = with_once_skill("Hammer of God")
    kept = GAME.evaluator.evaluate(state)[0]
    resources(state, 0, wrath=state.cap[3])  # no room: 4 wrath would bring nothing
    assert GAME.evaluator.evaluate(state)[0] - evaluation.RESOURCE[3] * state.cap[3] < kept


def test_a_turn_of_free_placements_is_worth_something_until_placement_ends():
    state, k = with_once_skill("Great Migration")
    pair = (2, 4)
    terrain(state, pair, [MOUNTAIN] * 3)  # nobody's home: each worker costs food
    state.play(("skill", k))
    state.play(("area", *pair))
    assert state.phase == PLACE
    free = GAME.evaluator.evaluate(state)[0]
    state.free_place = False
    assert GAME.evaluator.evaluate(state)[0] == pytest.approx(free - evaluation.FREE_TURN)
    state.free_place = True
    food = state.res[1]
    for c in cells(state, pair):
        state.play(("place", c))
    assert state.res[1] == food  # the three workers cost nothing


@pytest.mark.parametrize("dice", [[(6, 1), (6, 1)], [(8, 1), (6, 2), (6, 1)]])
def test_the_war_odds_add_up_and_match_counting(dice):
    # 「各自6面体サイコロを1個振って」「8面体サイコロ」「サイコロを2個振って高い方の目」
    bases = [3, 4, 2][:len(dice)]
    odds = evaluation.war_odds(bases, dice)
    rolls = [[(v, evaluation.roll_odds(sides, k)[v]) for v in range(1, sides + 1)]
             for sides, k in dice]
    wins = [0.0] * len(dice)
    ties = [0.0] * len(dice)

    def walk(i, totals, p):
        if i == len(dice):
            best = max(totals)
            top = [j for j, t in enumerate(totals) if t == best]
            for j in top:
                if len(top) == 1:
                    wins[j] += p
                else:
                    ties[j] += p
            return
        for v, q in rolls[i]:
            walk(i + 1, [*totals, bases[i] + v], p * q)

    walk(0, [], 1.0)
    for (win, tie), w, t in zip(odds, wins, ties, strict=True):
        assert win == pytest.approx(w) and tie == pytest.approx(t)
