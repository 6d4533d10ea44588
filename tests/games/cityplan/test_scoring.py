"""Scoring (得点計算) of 001_43cb0f2ed2dbc10d.txt: every row of every table."""

import pytest

from soan.games.cityplan import scoring
from soan.games.cityplan.content import CityPlanContent
from tests.games.cityplan.helpers import GAME, add_buildings, new


def city(names, seats=2, chips=None):
    state = new(seats)
    add_buildings(state, 0, names)
    if chips is not None:
        state.chips = list(chips)
    return state


def test_development_bonus_worked_example():
    # SEED 「例) それぞれの得点合計が、住宅地で 5点、商業地で 8点、工業地で 10点の場合、発展ボーナスは 5点×2=10点となる」
    state = city(
        [
            "Luxury estate",  # residential 5
            "Department store",
            "Department store",  # commercial 8
            "Industrial complex",
            "Factory",  # industrial 10
        ]
    )
    sums = [
        sum(state.cards.points[c] for c in state.tableaux[0] if state.cards.type[c] == t)
        for t in range(3)
    ]
    assert sums == [5, 8, 10]
    assert scoring.development(state.cards, state.tableaux[0], 2) == 10
    assert state.breakdown()[0]["development"] == 10


@pytest.mark.parametrize(
    ("buildings", "specials", "points"),
    [
        (10, 0, 20),
        (10, 1, 10),
        (10, 2, 5),
        (10, 3, 5),
        (9, 0, 10),
        (9, 1, 5),
        (9, 2, 2),
        (9, 4, 2),
        (8, 0, 0),
        (11, 0, 20),
    ],
)
def test_completion_bonus_table(buildings, specials, points):
    # SEED 「10軒建設したプレイヤーは…0軒なら20点、1軒なら10点、2軒以上なら5点」
    # SEED 「9軒建設したプレイヤーは…0軒なら10点、1軒なら5点、2軒以上なら2点」
    assert scoring.completion(buildings, specials, (20, 10, 5), (10, 5, 2)) == points


def test_completion_counts_mixed_facilities_as_special():
    # ruling C8: mixed facilities count as a special facility everywhere
    state = city(["Apartment"] * 4 + ["Workshop"] * 3 + ["School"])  # 9 buildings, 1 special
    assert state.breakdown()[0]["completion"] == 5


@pytest.mark.parametrize(
    ("chips", "expected"),
    [((3, 1), (5, 0)), ((2, 2), (5, 5)), ((2, 0), (5, -5)), ((0, 0), (-5, -5))],
)
def test_parliament_bonus(chips, expected):
    # SEED 「議員チップを最も多く持っているプレイヤーは5点…複数いる場合は、該当者全員が5点」
    # SEED 「議員チップを全く持っていないプレイヤーは5点を失います」 (ruling: the +5 needs a chip)
    state = city([], chips=chips)
    assert tuple(b["parliament"] for b in state.breakdown()) == expected
    assert tuple(b["councillors"] for b in state.breakdown()) == chips  # 「1枚につき1点」


@pytest.mark.parametrize(
    ("names", "tickets"),
    [
        (["Apartment"] * 2, 0),
        (["Apartment"] * 3, 1),  # 「3軒ならば1枚」 (+1 for nothing else)
        (["Apartment"] * 4, 2),  # 「4軒で2枚」
        (["Apartment"] * 5, 3),  # 「5軒で3枚」
        (["Apartment"] * 6, 4),  # 「以降1軒増えるごとに1枚ずつ増えます」
        (["Apartment", "Shopping street", "Workshop"], 1),  # 「1軒ずつ建設していれば1枚」
        (["Apartment", "Shopping street", "Workshop"] * 2, 3),  # 「2軒ずつで3枚」
        (["Apartment", "Shopping street", "Workshop"] * 3, 6 + 3),  # 「3軒ずつで6枚」 + 1 per type
    ],
)
def test_city_bonus_tickets_by_type(names, tickets):
    # SEED 「住宅地、商業地、工業地のそれぞれについて、建設している軒数が 3軒以上で、抽選権を獲得します」
    state = city(names)
    assert scoring.tickets(state.cards, state.tableaux[0]) == tickets


@pytest.mark.parametrize(
    ("eco", "tickets"), [(2, 0), (3, 1), (4, 1), (5, 2), (6, 2), (7, 3), (8, 3), (9, 4)]
)
def test_city_bonus_tickets_for_eco_buildings(eco, tickets):
    # SEED 「エコ施設についても…3〜4軒で1枚、5〜6軒で2枚、7〜8軒で3枚、9軒で4枚を獲得します」
    eco_plants = ["Solar power plant"] * 4 + ["Wind farm"] * 3 + ["Hydroelectric plant"] * 2
    state = city(eco_plants[:eco])
    assert scoring.tickets(state.cards, state.tableaux[0]) == tickets


def test_city_bonus_draws_tickets_and_scores_printed_values():
    # SEED 「抽選権の枚数だけ、山札からカードを引きます。それぞれのカードについて、左下に書かれたボーナス得点を獲得します」
    state = city(["Apartment", "Shopping street", "Workshop"] * 2 + ["Warehouse"] * 3)
    state.deck[-10:] = sorted(state.deck[-10:])
    tickets = scoring.tickets(state.cards, state.tableaux[0])
    top = state.deck[-tickets:][::-1]
    state._end_game()
    assert state.lottery[0] == tuple(top)
    assert state.breakdown()[0]["city"] == sum(state.cards.bonus[c] for c in top)


def test_mixed_facility_counts_as_its_other_type_in_sums_and_tickets():
    # ruling C8: counts, sums and bonuses
    state = city(["School", "Apartment", "Apartment"])
    assert scoring.counts(state.cards, state.tableaux[0])[:4] == [3, 0, 0, 1]
    assert scoring.tickets(state.cards, state.tableaux[0]) == 1


def test_power_chips_score_nothing_and_totals_add_up():
    # ruling C7: power chips score nothing / SEED 「これらのボーナスと建物の得点、議員チップの得点を合計し」
    state = city(["Apartment", "Workshop"], chips=(2, 1))
    state.power[0] = 40
    parts = state.breakdown()[0]
    assert state.scores()[0] == sum(parts.values())
    assert set(parts) == set(scoring.SOURCES)


def test_tie_goes_to_the_city_hall_owner_else_shared():
    # SEED 「同点の場合「シティーホール」を建設しているプレイヤーがいればそのプレイヤーの勝利…それ以外の場合は、同点の勝利です」
    data = GAME.load_content().model_dump()
    for entry in data["deck"]:  # a City Hall worth a department store, whatever the content
        if entry["english"] == "City Hall":
            entry["points"] = 4
    content = CityPlanContent.model_validate(data)

    def ended(second: str):
        state = GAME.new(3, 1, GAME.options(), content)
        add_buildings(state, 0, ["Department store"])  # 4 points
        add_buildings(state, 1, [second])  # 4 points too
        state.chips = [1, 1, 0]
        state.phase, state.to_move = 5, None
        return state

    with_hall = ended("City Hall")
    assert with_hall.scores()[0] == with_hall.scores()[1] == 10
    assert with_hall.winners() == [1]
    without = ended("Department store")
    assert without.scores()[:2] == [10, 10]
    assert without.winners() == [0, 1]
