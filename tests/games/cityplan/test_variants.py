"""The variants from the designer's notes and the change list of 001_43cb0f2ed2dbc10d.txt:
each plays the rule the note names, and the default stays Delta as written."""

from soan.engine.rng import Rng
from soan.games.cityplan.content import RES, SPE
from soan.games.cityplan.scoring import counts
from soan.games.cityplan.state import BUILD, OVER, PICK
from tests.games.cityplan.helpers import (
    GAME,
    add_buildings,
    first_income_at,
    new,
    pick_all,
    set_hand,
)

AT_THREE = first_income_at(3)  # Development plan: someone has 3 buildings, everyone draws 1


def variant(name: str, seats: int = 3, seed: int = 1, content: object = None):
    return GAME.new(seats, seed, GAME.options(name), content)


def finish_turn(state):
    """Everyone draws in the action phase and builds nothing; discards if over the limit."""
    pick_all(state, {s: 1 for s in range(state.seats)})
    while state.phase not in (PICK, OVER):
        state.play(("income",) if ("income",) in state.legal() else state.legal()[0])


def random_game(state):
    rng = Rng(7)
    while not state.over:
        state.play(rng.choice(state.legal()))
    return state


def test_no_lottery_scores_no_city_bonus():
    # SEED 「その代わりのランダム得点の要素として都市ボーナスを加えました。このあたりは賛否が分かれ
    # そうだと思いながらも計算できすぎるゲームにしたくなかった」
    drawn = random_game(variant("default", seed=3))
    assert any(drawn.lottery) and any(b["city"] for b in drawn.breakdown())
    plain = random_game(variant("no_lottery", seed=3))
    assert plain.lottery == [(), (), ()]
    assert all(b["city"] == 0 for b in plain.breakdown())


def test_no_parliament_has_no_councillor_chips_and_parliament_draws_a_card():
    # SEED 「議員チップ/議会ボーナスが追加されました」 (new in Delta: the 2.0 game had neither);
    # 「議員チップがまだ配置されていない…場合は、山札からカードを1枚引きます」
    state = variant("no_parliament", content=AT_THREE)
    add_buildings(state, 1, ["Warehouse", "Warehouse"])
    finish_turn(state)
    assert state.opened and state.parliament == 0  # parliament opens with no chip
    sizes = [len(h) for h in state.hands]
    pick_all(state, {0: 3, 1: 3, 2: 3})
    assert [len(h) for h in state.hands] == [n + 1 for n in sizes] and state.chips == [0, 0, 0]
    assert {b["parliament"] for b in state.breakdown()} == {0}  # no bonus, no -5
    assert {b["parliament"] for b in new(3).breakdown()} == {-5}  # Delta: no chip costs 5


def test_bonuses_2_0_halve_the_development_bonus_and_drop_completion_at_nine():
    # SEED 「発展ボーナスが倍増しました」 / 「完成ボーナスの得点が変更され 9軒でも得点が入るようになりました」
    names = ["Apartment", "Shopping street", "Warehouse"] * 2 + ["Apartment", "Apartment"]
    delta, old = new(2), variant("bonuses_2_0", 2)
    for state in (delta, old):
        add_buildings(state, 0, names)  # 9 buildings with the plant, no special facility
    assert delta.breakdown()[0]["completion"] == 10 and old.breakdown()[0]["completion"] == 0
    assert delta.breakdown()[0]["development"] == 2 * old.breakdown()[0]["development"] > 0
    add_buildings(old, 0, ["Apartment"])  # 10 buildings: Delta's 20 stays (2.0's not given)
    assert old.breakdown()[0]["completion"] == 20


def test_subsidy_6_pays_no_player_with_seven_buildings():
    # SEED 「「補助金」で建物7軒のプレイヤーにも収入が入るようになりました」: in 2.0 it did not
    seven = ["Apartment", "Detached houses", "Condominium", "Eco housing", "Workshop", "Factory"]
    for name, paid in (("default", True), ("subsidy_6", False)):
        state = variant(name, 2)
        add_buildings(state, 0, seven)
        state.fired[:5] = [True] * 5  # only the Subsidy (補助金) is left to fire
        finish_turn(state)
        subsidy = next(line for line in state.log if "Subsidy" in line)
        assert ("seat 1" in subsidy) is paid and "seat 2" in subsidy  # seat 2: 1 building
        assert state.incomes[-1].max_buildings == (7 if paid else 6)


def test_no_mixed_counts_a_mixed_facility_only_as_its_other_type():
    # SEED 「特殊施設と他の種類の建物のどちらとしても扱う「混合施設」ができました」
    for name, special in (("default", 1), ("no_mixed", 0)):
        state = variant(name, 2)
        school = add_buildings(state, 0, ["School"])
        n = counts(state.cards, state.tableaux[0])
        assert n[RES] == 1 and n[SPE] == special
        assert (SPE in state.cards.counts[school[0]]) is bool(special)
        add_buildings(state, 0, ["Apartment", "Detached houses", "Condominium", "Warehouse",
                                 "Workshop", "Factory", "Shopping street", "Supermarket"])
        assert state.breakdown()[0]["completion"] == (10 if special else 20)


def test_simultaneous_build_is_chosen_face_down_and_revealed_at_once():
    # SEED 「TGF以降で建設フェイズについては同時行動ではなく順番通りにということに変更していますが」:
    # before TGF the build phase was simultaneous
    state = variant("simultaneous_build")
    pick_all(state, {0: 1, 1: 1, 2: 1})
    set_hand(state, 0, ["Apartment", "Warehouse", "Workshop", "Factory"])
    hand, discards = sorted(state.hands[0]), len(state.discard)
    build = next(a for a in state.legal() if a[0] == "build" and state.card_cost(0, a[1]))
    state.play(build)
    seen = state.view(1)  # seat 1 pays card by card: the others see no card, no payment
    assert "building" not in seen and seen["phase"] == "build"
    assert state.view(0)["building"]["id"] == build[1]
    while state.to_move == 0:
        state.play(state.legal()[0])  # pay
    assert state.to_move == 1 and state.tableaux[0] == [state.tableaux[0][0]]  # not built yet
    assert sorted(state.hands[0]) == hand and len(state.discard) == discards  # face down
    assert state.view(1)["seats"][0]["hand_size"] == 4 and "my_build" in state.view(0)
    state.play(("income",))
    state.play(("income",))
    assert build[1] in state.tableaux[0]  # revealed and carried out from the mayor
    assert len(state.hands[0]) == 4 - 1 - state.cards.cost[build[1]]
    assert len(state.discard) == discards + state.cards.cost[build[1]]
    assert state.pending == [(), (), ()]


def test_simultaneous_build_redeal_hides_the_choices_already_made():
    state = variant("simultaneous_build")
    pick_all(state, {0: 1, 1: 1, 2: 1})
    state.play(("income",))  # the mayor (seat 1) chooses to draw, face down
    assert state.pending[0] and state.to_move == 1
    again = state.redeal(1, Rng(5))
    assert again.view(1) == state.view(1)  # seat 2 sees the same position
    assert again.pending[0] == () and again.queue == [1, 2, 0]  # seat 1 chooses again
    again.play(("income",))
    again.play(("income",))
    assert again.to_move == 0 and again.phase == BUILD
