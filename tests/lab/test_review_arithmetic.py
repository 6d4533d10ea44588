"""The designers' own arithmetic in `soan review`: each figure of the notes checked the
way the note states it (a typical seat, the best seat, a maximum, a range, a card that
breaks the game), and the Japanese page in Japanese throughout.

The notes are cited as SEED <file> 「phrase」: 002 is Undecim draft 14, 003 Quo Vadis
draft 27, 001 City Plan Delta.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from soan.engine.registry import all_games, get_game
from soan.lab.report.metrics import Estimate
from soan.lab.review.answers import Answer, Figure, answer, claim_gap, per_game
from soan.lab.review.page import item
from soan.lab.review.questions import Question, load_questions, question_file
from soan.lab.review.words import Words, sentence
from soan.lab.run.runner import POINTS_PREFIX
from tests.lab.conftest import soan

UNDECIM = get_game("undecim")
CITYPLAN = get_game("cityplan")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def shipped(game_id: str) -> dict[str, Question]:
    game = get_game(game_id)
    return {q.id: q for q in load_questions(game, question_file(game), 4)}


def _claim(**given: object) -> Question:
    fields: dict = {"id": "UP3b", "quote": "「…」", "gloss": "…", "answer": "claim",
                    "players": 4, "metric": "points:lands", "claim_text": "3+6+9+12+15=45点",
                    "assumption": "Four new lands a round.", "assumption_ja": "毎ラウンド4枚。",
                    **given}
    return Question(**fields)


def _seat(seed: int, seat: int, lands: float, fiefs: float = 0.0, **usage: int) -> dict:
    return {"seed": seed, "seat": seat, "position": seat, "won": seat == 1,
            "win_share": float(seat == 1), POINTS_PREFIX + "lands": lands,
            POINTS_PREFIX + "fiefs": fiefs,
            "usage": usage}


def test_the_undecim_notes_figures_are_each_their_own_claim() -> None:
    questions = shipped("undecim")
    # SEED 002 「3+4+6+7+9=29ぐらいが現実的なラインだろう」: a seat that goes for lands,
    # before the red night the note adds separately
    assert questions["UP3"].claim == 29 and questions["UP3"].statistic == "best"
    # SEED 002 「土地のみの最大点数は、1ラウンド目に4枚出せたとして、3+6+9+12+15=45点」
    maximum = questions["UP3b"]
    assert (maximum.claim, maximum.statistic, maximum.metric) == (45, "max", "points:lands")
    # SEED 002 「これに赤い月のボーナスが加わった場合、さらに10点前後の加点が見込める。多分40点前後。」
    assert questions["UP3c"].claim == 40
    for q in (questions["UP3"], maximum, questions["UP3c"]):  # one run: the pairs rule as played
        assert q.variant == "land_pairs" and not q.options
    for ident in ("UP10b", "UP10c"):  # 「妨害がなければ」: no night doubling, as the note counts
        assert questions[ident].options == {"night_land_multiplier": 1}
    # SEED 002 「土地点を1種1点とする。版図1点のボーナスとして、妨害がなければ期待値25点。」
    assert (questions["UP10b"].variant, questions["UP10b"].metric, questions["UP10b"].claim) \
        == ("fief_round_1", "points:lands+points:fiefs", 25)
    # SEED 002 「版図ボーナスを抜きで20点。」
    assert (questions["UP10c"].metric, questions["UP10c"].claim) == ("points:lands", 20)
    # SEED 002 「逆に継続点をなくして版図ボーナス4点とした場合、12〜16点。」「特化した場合、25点ぐらい。」
    assert (questions["UP10d"].claim, questions["UP10d"].claim_high) == (12, 16)
    assert (questions["UP10e"].statistic, questions["UP10e"].claim) == ("best", 25)


def test_the_quo_vadis_fastest_city_line_is_checked() -> None:
    questions = shipped("quovadis")
    # SEED 003 「最速で都市を建てる戦略の場合、1枚→1枚(2VP)→1枚(5VP)→4枚(25VP)→2枚(33VP)→1枚(35VP)
    # というのが理想的な流れか」: 35 VP of territory bonuses, the first city in round 2 (a
    # first generation of one card), and five generation changes
    assert (questions["QP10b"].metric, questions["QP10b"].claim) == ("points:territory", 35)
    fastest = questions["QP10c"]
    assert (fastest.metric, fastest.statistic, fastest.claim) == ("first:city", "best", 2)
    assert (questions["QP10e"].metric, questions["QP10e"].claim) == (
        "usage:generation change", 5)
    typical = questions["QP10f"]  # beside the fastest seat: every seat's first city, measured
    assert (typical.answer, typical.metric, typical.statistic) == ("measure", "first:city", "mean")
    # the same line times every city, one per generation change: generations of 1, 1, 1,
    # 4, 2 and 1 cards change in rounds 2, 3, 4, 8 and 10
    later = [(questions[i].metric, questions[i].statistic, questions[i].claim)
             for i in ("QP10g", "QP10h", "QP10i", "QP10j")]
    assert later == [("first:city:2", "best", 3), ("first:city:3", "best", 4),
                     ("first:city:4", "best", 8), ("first:city:5", "best", 10)]
    # SEED 003 「で、都市に2〜3、平均2.5ぐらい残ってるとして、10VPぐらい。」
    assert (questions["QP10d"].metric, questions["QP10d"].claim) == ("points:cities", 10)
    for ident in ("QP10", "QP10b", "QP10c", "QP10d", "QP10e", "QP10f", "QP10g", "QP10j"):
        assert questions[ident].variant == "attrition_dominance"


def test_city_plans_card_that_breaks_the_game_is_a_claim_per_card() -> None:
    # SEED 001 「1枚のカードがゲームを壊すことも十分にあります。」
    card = shipped("cityplan")["CP7"]
    assert card.answer == "claim" and card.split == "built" and card.claim is None


def test_every_claim_quotes_its_number_and_states_its_assumption_in_both_languages() -> None:
    for game in all_games():
        if not question_file(game).is_file():
            continue
        for q in load_questions(game, question_file(game), 4):
            if q.answer != "claim":
                continue
            assert q.claim_text in q.quote, q.id
            assert q.assumption and JAPANESE.search(q.assumption_ja), q.id


def test_no_vague_entry_lacks_what_it_would_need_in_japanese() -> None:
    for game in all_games():
        if not question_file(game).is_file():
            continue
        for q in load_questions(game, question_file(game), 4):
            if q.answer == "vague":
                assert JAPANESE.search(q.needs_ja) and q.needs_ja != q.needs, q.id


def test_a_maximum_holds_when_no_best_seat_passes_it() -> None:
    rows = [_seat(s, seat, 20 + s + 10 * (seat == 2)) for s in range(1, 11) for seat in (1, 2)]
    # the best seat is seat 2 in every game: 31 to 40
    assert per_game(rows, "points:lands", best=True) == {s: 30.0 + s for s in range(1, 11)}
    found = answer(_claim(claim=45.0, statistic="max"), {"set": rows})
    assert found.highest == 40 and found.beyond_claim == 0
    text = sentence(found, Words("en", UNDECIM.glossary))
    assert text.startswith("No game's best seat went above the designer's maximum 45.0 "
                           "(「3+6+9+12+15=45点」) in 10 games: the highest was 40.0")
    found = answer(_claim(claim=38.0, statistic="max"), {"set": rows})
    assert found.beyond_claim == 2
    assert "In 2 of 10 games the best seat went above the designer's maximum 38.0" in sentence(
        found, Words("en", UNDECIM.glossary))
    facts = dict(item(found, Words("ja", UNDECIM.glossary)).facts)
    assert facts["最大値を超えたゲーム"] == "2 / 10" and facts["前提"] == "毎ラウンド4枚。"


def test_a_range_claim_holds_while_play_overlaps_it() -> None:
    assert claim_gap(Estimate(14.0, 13.0, 15.0), 12.0, 16.0) == Estimate(0.0, 0.0, 0.0)
    assert claim_gap(Estimate(9.0, 8.0, 13.0), 12.0, 16.0) == Estimate(-3.0, -4.0, 0.0)
    below = claim_gap(Estimate(9.0, 8.0, 10.0), 12.0, 16.0)
    assert below == Estimate(-3.0, -4.0, -2.0) and below.excludes(0.0)
    question = _claim(id="UP10d", metric="points:fiefs", claim=12.0, claim_high=16.0,
                      claim_text="12〜16点")
    found = Answer(question, 300, Figure("points:fiefs", None, Estimate(9.0, 8.0, 10.0)),
                   claim_gap=below)
    text = sentence(found, Words("en", UNDECIM.glossary))
    assert "the designer's 12.0–16.0 (「12〜16点」) is 3 too high" in text


def test_points_sources_add_up_seat_by_seat() -> None:
    rows = [_seat(1, 1, 20, 4), _seat(1, 2, 10, 0), _seat(2, 1, 18, 2), _seat(2, 2, 22, 0)]
    assert per_game(rows, "points:lands+points:fiefs") == {1: 17.0, 2: 21.0}
    assert per_game(rows, "points:lands+points:fiefs", best=True) == {1: 24.0, 2: 22.0}
    words = Words("en", UNDECIM.glossary)
    assert words.figure("points:lands+points:fiefs").count("points from") == 2


def test_a_card_that_wins_for_its_builders_is_named_beyond_chance() -> None:
    rows = []
    for seed in range(200):
        for seat in range(1, 5):
            winner = seat == 1 + seed % 4
            usage = {"built:テレビ塔": int(winner or seed % 5 == 0),  # its builders win
                     "built:公園": int(seed % 2 == 0),  # built or not by luck
                     "built:空港": int(seed == 3 and seat == 1)}  # too seldom to judge
            rows.append({"seed": seed, "seat": seat, "position": seat, "won": winner,
                         "win_share": float(winner), "usage": usage})
    question = _claim(id="CP7", metric=None, split="built",
                      claim_text="1枚のカードがゲームを壊すことも十分にあります。")
    found = answer(question, {"set": rows})
    assert [x.key for x in found.items] == ["built:テレビ塔", "built:公園"]
    assert found.items[0].beyond and not found.items[1].beyond
    text = sentence(found, Words("en", CITYPLAN.glossary, CITYPLAN.load_content()))
    assert text.startswith("Of 2 cards built often enough to judge over 200 games, 1 go with "
                           "winning or losing beyond chance")
    assert "the widest gap is TV tower (テレビ塔)" in text
    japanese = sentence(found, Words("ja", CITYPLAN.glossary, CITYPLAN.load_content()))
    assert "差が最も大きいのはテレビ塔" in japanese and "TV" not in japanese


def test_the_japanese_page_reads_in_japanese(tmp_path: Path) -> None:
    out = tmp_path / "review"
    soan("review", "undecim", "--questions", Path(__file__).parent / "fixtures" /
         "undecim_small.toml", "--players", 3, "--games", 6, "--jobs", 1, "--out", out)
    english = (out / "review.html").read_text("utf-8")
    japanese = (out / "review.ja.html").read_text("utf-8")
    assert "It would need a settlement bonus counted in fiefs." in english
    assert "版図数で数える入植地ボーナスが必要。" in japanese
    assert "It would need" not in japanese and "A seat that goes for lands" not in japanese
    assert "土地を狙う席で、1枚も失わない。" in japanese


def _city(seed: int, seat: int, first: int | None) -> dict:
    return {**_seat(seed, seat, 0), "firsts": {} if first is None else {"city": first}}


def test_the_round_of_the_first_city_is_the_earliest_seat_that_built_one() -> None:
    # SEED 003 「1枚→1枚(2VP)→…」: a first generation of one card, a city in round 2
    rows = [_city(1, 1, 4), _city(1, 2, 2), _city(1, 3, None),  # seat 3 never built one
            _city(2, 1, 5), _city(2, 2, 3), _city(3, 1, None), _city(3, 2, None)]
    assert per_game(rows, "first:city", best=True) == {1: 2.0, 2: 3.0}  # game 3: no city
    assert per_game(rows, "first:city") == {1: 3.0, 2: 4.0}  # never built is not round 0
    question = _claim(id="QP10c", metric="first:city", statistic="best", claim=2.0,
                      claim_text="1枚→1枚(2VP)")
    found = answer(question, {"set": rows})
    assert found.games == 2 and found.claim_gap is not None and found.claim_gap.value == 0.5
    words = Words("en", get_game("quovadis").glossary)
    assert sentence(found, words).startswith(
        "Play gives 2.5 for each game's earliest seat's round of its first city")
    japanese = sentence(found, Words("ja", get_game("quovadis").glossary))
    assert "各ゲームで最も早い席の最初の都市のラウンド" in japanese


def test_quo_vadis_notes_the_round_of_each_seats_every_city() -> None:
    game = get_game("quovadis")
    state = game.new(4, 3, game.options("attrition_dominance"))
    rng = random.Random(3)
    built: dict[int, list[int]] = {seat: [] for seat in range(4)}
    while not state.over:
        before = state.round_no
        cities = list(state.cities)
        state.play(rng.choice(state.legal()))
        for seat in range(4):
            if state.cities[seat] < cities[seat]:  # a city built (a ruin rebuilt is none)
                built[seat].append(before)
    # the 1st city is "city" (the fastest-city line's first), the k-th "city:k"
    expected = [{("city" if k == 1 else f"city:{k}"): r for k, r in enumerate(rounds, 1)}
                for rounds in built.values()]
    assert state.firsts() == expected
    assert any(len(rounds) >= 2 for rounds in built.values())
    assert min(r[0] for r in built.values() if r) >= 2  # a change needs a first generation
    copy = state.copy()
    assert copy.firsts() == state.firsts()


def test_a_city_claim_off_the_line_is_rounds_too_late() -> None:
    # the line's 4th city in round 8; seats that build theirs in round 5 or 6
    rows = [{**_seat(seed, seat, 0), "firsts": {"city:4": 5 + seed % 2}}
            for seed in range(20) for seat in range(2)]
    rows.append({**_seat(20, 0, 0), "firsts": {}})  # a game where nobody built a 4th
    question = _claim(id="QP10i", metric="first:city:4", statistic="best", claim=8.0,
                      claim_text="1枚→1枚(2VP)→1枚(5VP)→4枚(25VP)")
    found = answer(question, {"set": rows})
    assert (found.games, found.played) == (20, 21)
    english = sentence(found, Words("en", get_game("quovadis").glossary))
    assert "each game's earliest seat's round of its 4th city" in english
    assert english.endswith("is 2.5 rounds too late.")
    japanese = sentence(found, Words("ja", get_game("quovadis").glossary))
    assert "4つ目の都市のラウンド" in japanese and "2.5ラウンド遅すぎる" in japanese
    assert ("Games it happened in", "20 / 21") in item(found, Words("en")).facts


def _final(seed: int, seat: int, score: int, city: int, won: bool) -> dict:
    return {"seed": seed, "seat": seat, "position": seat, "won": won,
            "win_share": float(won), "score": score, POINTS_PREFIX + "city": city}


def test_city_plans_near_tie_is_the_lead_the_lottery_overturned() -> None:
    # SEED 001 「都市ボーナスの得点差で決着がついた場合は、ほぼ同点と思ってください。」
    near_tie = shipped("cityplan")["CP5"]
    assert (near_tie.answer, near_tie.metric, near_tie.claim, near_tie.claim_high) == (
        "claim", "overturned:city", 0, 3)
    assert shipped("cityplan")["CP5b"].metric == "lottery_decided"  # how often, beside it
    rows = [
        # game 1: 50 to 48 before the lottery, 52 to 55 after: a 2-point lead overturned
        _final(1, 1, 52, 2, False), _final(1, 2, 55, 7, True),
        # game 2: the leader stays ahead: the lottery decided nothing
        _final(2, 1, 60, 1, True), _final(2, 2, 50, 5, False),
        # game 3: 40 all before the lottery, broken by it: a lead of 0
        _final(3, 1, 41, 1, False), _final(3, 2, 43, 3, True),
        # game 4: 58 to 50 before, a tie at 60 after: the 8-point lead overturned to a tie
        _final(4, 1, 60, 2, True), _final(4, 2, 60, 10, True),
    ]
    assert per_game(rows, "overturned:city") == {1: 2.0, 3: 0.0, 4: 8.0}
    found = answer(near_tie, {"set": rows})
    assert found.games == 3 and found.main is not None
    assert found.main.draft.value == 10 / 3
    text = sentence(found, Words("en", CITYPLAN.glossary))
    assert text.startswith("Play gives 3.33 for how far behind the top the winner was before "
                           "points from city, in the games they decided (95% CI")
    assert "over 3 games: consistent with the designer's 0–3 (「ほぼ同点」)" in text
    japanese = sentence(found, Words("ja", CITYPLAN.glossary))
    assert "都市ボーナスの得点で勝者が変わったゲームで" in japanese


def test_populous_low_interaction_is_claimed_in_wars_and_in_points() -> None:
    questions = shipped("populous")
    # SEED 000 「これらの要因が重なり、あり得ないぐらいインタラクションの低いゲームになっている。」
    # 「そもそも勢力拡大が遅すぎて他のプレイヤーと干渉しない。」
    wars, points = questions["PP1"], questions["PP1b"]
    assert (wars.answer, wars.metric, wars.claim, wars.claim_high) == (
        "claim", "usage:war:seats", 0, 1)
    assert (points.metric, points.claim, points.claim_high) == ("points:war", 0, 6)
    assert questions["PP1c"].metric == "usage:area:shared"  # where seats meet, measured
    for q in (wars, points, questions["PP1c"]):
        assert "干渉しない" in q.quote and q.variant == "default"
    rows = [{**_seat(s, seat, 0), "usage": {"war:seats": 3, "war": 4}}
            for s in range(1, 21) for seat in (1, 2)]
    found = answer(wars, {"set": rows})
    assert found.claim_gap is not None and found.claim_gap.value == 2.0
    text = sentence(found, Words("en", get_game("populous").glossary))
    assert "the designer's 0–1 (「あり得ないぐらいインタラクションの低いゲーム」) is 2 too low" in text
