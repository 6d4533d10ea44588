"""The action phase (アクションフェイズ) of 001_43cb0f2ed2dbc10d.txt."""

from soan.engine.rng import Rng
from soan.games.cityplan.state import BUILD, EXCHANGE, PICK
from tests.games.cityplan.helpers import new, pick_all


def test_picks_are_hidden_until_everyone_has_chosen():
    # SEED 「同時に公開します」 / ruling G4: taken seat by seat, hidden until all are in
    state = new(3)
    state.play(("act", 3))
    view = state.view(1)
    assert view["seats"][0]["picked"] is True
    assert view["seats"][0]["action"] is None
    assert "my_action" not in view
    assert state.view(0)["my_action"] == "Parliament"
    state.play(("act", 1))
    state.play(("act", 1))
    assert state.view(1)["seats"][0]["action"] == "Parliament"


def test_all_three_action_cards_return_every_turn():
    # ruling C2: a seat's three action cards all return to its hand every turn
    state = new(2)
    pick_all(state, {0: 3, 1: 3})
    while state.phase != PICK:
        state.play(("income",)) if ("income",) in state.legal() else state.play(state.legal()[0])
    assert state.legal() == (("act", 1), ("act", 2), ("act", 3))


def test_income_draws_one_card():
    # SEED 「1. 収入 山札からカードを1枚引き、手札に加えます」
    state = new(2)
    pick_all(state, {0: 1, 1: 1})
    assert [len(h) for h in state.hands] == [6, 6]
    assert state.phase == BUILD


def test_actions_resolve_by_number_ties_from_the_mayor():
    # SEED 「数字の小さい順に…同数の場合は市長から始まり時計回りに処理を行います」
    state = new(3)
    state.mayor = 1
    state.to_move = 1
    state.deck[-3:] = [10, 20, 30]  # top of the deck is the end of the list
    pick_all(state, {1: 1, 2: 1, 0: 1})
    assert state.hands[1][-1] == 30  # the mayor draws first
    assert state.hands[2][-1] == 20
    assert state.hands[0][-1] == 10


def test_income_resolves_before_exchange():
    # SEED 「書かれている数字の小さい順に」: 1 Income before 2 Exchange
    state = new(2)
    pick_all(state, {0: 2, 1: 1})
    assert len(state.hands[1]) == 6  # seat 2's income already happened
    assert state.phase == EXCHANGE and state.to_move == 0


def test_exchange_discards_any_number_and_draws_as_many():
    # SEED 「手札から好きな枚数カードを裏向きに捨て札にし、捨てた枚数だけ山札からカードを引きます」
    state = new(2)
    pick_all(state, {0: 2, 1: 1})
    hand = list(state.hands[0])
    state.play(("discard", hand[0]))
    state.play(("discard", hand[1]))
    assert ("done",) in state.legal()
    state.play(("done",))
    assert len(state.hands[0]) == 5
    assert hand[0] in state.discard and hand[1] in state.discard
    assert state.log[-1] == "Seat 1 exchanges 2 card(s)."


def test_exchange_of_nothing_is_allowed():
    # SEED 「好きな枚数」 includes none
    state = new(2)
    pick_all(state, {0: 2, 1: 2})
    before = list(state.hands[0])
    state.play(("done",))
    assert state.hands[0] == before


def test_parliament_before_it_opens_draws_a_card():
    # SEED 「議員チップがまだ配置されていない…場合は、山札からカードを1枚引きます」
    state = new(2)
    pick_all(state, {0: 3, 1: 3})
    assert state.chips == [0, 0]
    assert [len(h) for h in state.hands] == [6, 6]


def test_parliament_takes_a_chip_and_draws_when_they_run_out():
    # SEED 「議員チップ置き場から、議員チップを1枚受け取り」 and 「議員チップがなくなってしまった…場合は…1枚引きます」
    state = new(2)
    state.opened, state.parliament = True, 1
    pick_all(state, {0: 3, 1: 3})
    assert state.chips == [1, 0]
    assert state.parliament == 0
    assert [len(h) for h in state.hands] == [5, 6]


def test_empty_deck_reshuffles_the_discards():
    # SEED 「山札がなくなったら、その時点で捨て札をシャッフルし新たな山札とします」
    state = new(2)
    state.discard = state.deck[:-1]
    state.deck = state.deck[-1:]
    pick_all(state, {0: 1, 1: 1})
    assert len(state.hands[0]) == 6 and len(state.hands[1]) == 6
    assert state.discard == []
    assert "The discards are shuffled into a new deck." in state.log


def test_redeal_repicks_hidden_action_cards_of_others_only():
    state = new(3)
    state.play(("act", 3))
    state.play(("act", 3))
    seen = state.view(2)
    for seed in range(10):
        other = state.redeal(2, Rng(seed))
        assert other.view(2) == seen
        assert other.picks[2] == 0
