"""`soan review`: a question file read strictly, its experiments played on common seeds
(resumable), and each answer in one honest sentence on a page in English and Japanese."""

from __future__ import annotations

from pathlib import Path

import pytest

from soan.engine.registry import all_games, get_game
from soan.lab.report.metrics import Estimate
from soan.lab.review.answers import Answer, Figure, check_answer, compare, per_game
from soan.lab.review.questions import CHECKLIST, Question, load_questions, question_file
from soan.lab.review.review import FEWEST_GAMES, default_games
from soan.lab.review.words import Words, check_sentence, sentence
from soan.lab.run import runner
from tests.lab.conftest import rows, soan

FIXTURES = Path(__file__).parent / "fixtures"
SMALL = FIXTURES / "undecim_small.toml"
UNDECIM = get_game("undecim")


def review(out: Path, *extra: object, code: int = 0) -> str:
    return soan("review", "undecim", "--questions", SMALL, "--players", 3, "--games", 6,
                "--jobs", 1, "--out", out, *extra, code=code)


def test_a_review_answers_every_question_on_one_page_per_language(tmp_path: Path) -> None:
    out = tmp_path / "review"
    output = review(out, "--check", "random", "--check-games", 3)
    # UP6 (options) and UP12 (the variant naming the same numbers) share one run
    assert sorted(p.name for p in out.glob("*.parquet") if ".check-" not in p.name) == [
        "3p-default-gold_vp=2-gold_vp_settled=3.parquet", "3p-default.parquet",
        "3p-giver_chooses.parquet"]
    assert len(list(out.glob("*.check-random.parquet"))) == 3
    english = (out / "review.html").read_text("utf-8")
    japanese = (out / "review.ja.html").read_text("utf-8")
    for page in (english, japanese):
        assert (out / "review.html").stat().st_size < 10_000_000
        assert 'name="viewport"' in page and "<script src=" not in page  # phone, offline
        for ident in ("UP1", "UP3", "UP4", "UP6", "UP7", "UP10", "UP12"):
            assert f'id="{ident}"' in page
        assert "現実的には29点くらい" in page and "random" in page
        assert 'id="review-sweeps"' in page and 'id="claim-UP3"' in page  # the charts
    assert "The giver chooses which land goes." in english
    assert "The giver chooses which land goes." not in japanese
    assert "The designer&#39;s arithmetic" in english and "デザイナーの計算" in japanese
    assert "Not in the question file: UP2, UP5, UP8, UP9, UP11." in english
    assert "Not played: It would need a settlement bonus counted in fiefs." in english
    assert "Play cannot judge this; the closest measurable figure, actions per turn" in english
    assert "UP3: Play gives" in output and "designer's 29" in output
    assert "Review written to" in output


def test_an_interrupted_review_resumes_with_the_same_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = tmp_path / "whole"
    review(whole)
    played: list[int] = []
    real_chunk = runner.run_chunk

    def interrupted(spec: runner.RunSpec, indexes: list[int]) -> list[dict]:
        if len(played) >= 8:  # the draft's six games, then two of the next run
            raise KeyboardInterrupt
        played.extend(indexes)
        return real_chunk(spec, indexes)

    out = tmp_path / "resumed"
    monkeypatch.setattr(runner, "run_chunk", interrupted)
    assert "Run the same command again to resume" in review(out, code=130)
    assert not (out / "review.html").exists()
    resumed: list[int] = []

    def counted(spec: runner.RunSpec, indexes: list[int]) -> list[dict]:
        resumed.extend(indexes)
        return real_chunk(spec, indexes)

    monkeypatch.setattr(runner, "run_chunk", counted)
    assert "already played" in review(out)
    assert len(played) + len(resumed) == 3 * 6  # no finished game played twice
    for path in whole.glob("*.parquet"):
        assert rows(out / path.name) == rows(path)
    assert (out / "review.html").exists()
    # a shorter review in the same folder reads the first games only, on common seeds
    shorter = soan("review", "undecim", "--questions", SMALL, "--players", 3, "--games", 3,
                   "--jobs", 1, "--out", out)
    assert "over 3 games" in shorter and "over 6 games" not in shorter


ENTRY = '''[[question]]
id = "UP1"
quote = "「…」"
gloss = "A gloss."
'''
CLAIM_WORDS = 'claim_text = "x"\nassumption = "x"\nassumption_ja = "x"\n'
BAD = {
    "unknown id": (ENTRY.replace("UP1", "UP13") + 'answer = "vague"\nneeds = "x"\nneeds_ja = "x"\n',
                   "entry 1 (UP13): unknown id 'UP13'"),
    "another game's id": (ENTRY.replace("UP1", "CP1") + 'answer = "vague"\nneeds = "x"\nneeds_ja = "x"\n',
                          "entry 1 (CP1): unknown id 'CP1'"),
    "unknown answer": (ENTRY + 'answer = "guess"\n', "entry 1 (UP1): answer 'guess'"),
    "unknown variant": (ENTRY + 'answer = "sweep"\nvariant = "nope"\n',
                        "entry 1 (UP1): unknown variant 'nope'"),
    "unknown option": (ENTRY + 'answer = "sweep"\noptions = { nope = 1 }\n',
                       "entry 1 (UP1): options: undecim has no option 'nope'"),
    "option out of range": (ENTRY + 'answer = "sweep"\noptions = { gold_vp = 99 }\n',
                            "entry 1 (UP1): options:"),
    "sweep of nothing": (ENTRY + 'answer = "sweep"\n', "are the draft as written"),
    "unknown metric": (ENTRY + 'answer = "measure"\nmetric = "fun"\n',
                       "entry 1 (UP1): metric 'fun' is no figure of the rows"),
    "unknown points": (ENTRY + 'answer = "measure"\nmetric = "points:fame"\n',
                       "no points source 'fame'"),
    "unknown usage": (ENTRY + 'answer = "measure"\nmetric = "usage:flying"\n',
                      "notes no usage 'flying'"),
    "no lottery": (ENTRY + 'answer = "measure"\nmetric = "lottery_decided"\n',
                   "undecim has no lottery"),
    "key of another answer": (ENTRY + 'answer = "sweep"\nvariant = "fief"\nneeds = "x"\n',
                              "entry 1 (UP1): needs does not belong to a sweep"),
    "claim without its figure": (ENTRY + 'answer = "claim"\nmetric = "score"\n' + CLAIM_WORDS,
                                 "entry 1 (UP1): a claim needs claim (or split)"),
    "claim without its assumption": (ENTRY + 'answer = "claim"\nmetric = "score"\nclaim = 1\n'
                                     'claim_text = "x"\n',
                                     "entry 1 (UP1): a claim needs assumption, assumption_ja"),
    "range upside down": (ENTRY + 'answer = "claim"\nmetric = "score"\nclaim = 16\n'
                          'claim_high = 12\n' + CLAIM_WORDS, "claim_high 12 must exceed claim 16"),
    "unknown statistic": (ENTRY + 'answer = "claim"\nmetric = "score"\nclaim = 1\n'
                          'statistic = "median"\n' + CLAIM_WORDS,
                          "statistic 'median' is not one of mean, best, max"),
    "split of nothing": (ENTRY + 'answer = "claim"\nsplit = "flying"\n' + CLAIM_WORDS,
                         "split 'flying' names no usage items"),
    "split with a number": (ENTRY + 'answer = "claim"\nsplit = "card"\nclaim = 3\n'
                            + CLAIM_WORDS, "claim does not belong to it"),
    "vague in English only": (ENTRY + 'answer = "vague"\nneeds = "x"\n',
                              "entry 1 (UP1): a vague needs needs_ja"),
    "points of another rule set": (ENTRY + 'answer = "measure"\nmetric = "points:fiefs"\n',
                                   "no points source 'fiefs' under these rules"),
    "a letter of no entry": (ENTRY.replace("UP1", "UP13b") + 'answer = "vague"\n',
                             "unknown id 'UP13b'"),
    "unknown key": (ENTRY + 'answer = "vague"\nneeds = "x"\nneeds_ja = "x"\ncolour = "red"\n',
                    "colour does not belong to a vague"),
    "twice": (2 * (ENTRY + 'answer = "vague"\nneeds = "x"\nneeds_ja = "x"\n'),
              "entry 2 (UP1): id UP1 is listed twice"),
    "out of order": (ENTRY.replace("UP1", "UP2") + 'answer = "vague"\nneeds = "x"\nneeds_ja = "x"\n'
                     + ENTRY + 'answer = "vague"\nneeds = "x"\nneeds_ja = "x"\n',
                     "entry 2 (UP1): ids go in the notes' order"),
    "players": (ENTRY + 'answer = "vague"\nneeds = "x"\nneeds_ja = "x"\nplayers = 6\n', "players 6"),
    "round of no event": (ENTRY + 'answer = "measure"\nmetric = "first:city"\n',
                          "undecim notes the round of no event 'city'; events: none"),
    "overturned by no source": (ENTRY + 'answer = "measure"\nmetric = "overturned:fame"\n',
                                "no points source 'fame'"),
    "overturned lead per turn": (ENTRY + 'answer = "measure"\nmetric = "overturned:lands"\n'
                                 'per = "turns"\n', "is no count: per does not belong to it"),
    "overturned lead summed": (ENTRY + 'answer = "measure"\n'
                               'metric = "overturned:lands+points:lands"\n',
                               "only seat figures (points:, usage:, kind:, score, actions) add up"),
    "overturned lead of a best seat": (ENTRY + 'answer = "claim"\nmetric = "overturned:lands"\n'
                                       'claim = 3\nstatistic = "best"\n' + CLAIM_WORDS,
                                       "is a figure of the game, not of a seat"),
    "maximum of a round": (ENTRY + 'answer = "claim"\nmetric = "first:city"\nclaim = 3\n'
                           'statistic = "max"\n' + CLAIM_WORDS, "is a round: its line is a mean"),
    "not toml": ("[[question]\n", "is not valid TOML"),
    "empty": ("", "lists no [[question]]"),
}


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_a_bad_question_file_is_refused_in_one_line(case: str, tmp_path: Path) -> None:
    text, expected = BAD[case]
    path = tmp_path / "questions.toml"
    path.write_text(text, "utf-8")
    out = tmp_path / "out"
    output = soan("review", "undecim", "--questions", path, "--out", out, code=2)
    assert expected in output and str(path) in output, output
    assert "Traceback" not in output
    assert not out.exists()  # nothing played, nothing written


def test_a_missing_question_file_is_refused(tmp_path: Path) -> None:
    output = soan("review", "undecim", "--questions", tmp_path / "none.toml", code=2)
    assert "has no question file" in output


def test_every_shipped_question_file_validates_and_lists_every_entry() -> None:
    for game in all_games():
        path = question_file(game)
        if not path.is_file():
            continue  # a game whose questions are not written yet
        players = min(game.max_seats, max(game.min_seats, 4))
        questions = load_questions(game, path, players)
        prefix, count = CHECKLIST[game.id]
        entries = list(dict.fromkeys(q.base_id for q in questions))
        assert entries == [f"{prefix}{k}" for k in range(1, count + 1)]


def test_the_provisional_undecim_file_validates() -> None:
    questions = load_questions(UNDECIM, FIXTURES / "undecim_questions.toml", 4)
    assert {q.answer for q in questions} == {"sweep", "measure", "claim", "proxy", "vague"}


def _question(**given: object) -> Question:
    fields: dict = {"id": "UP1", "quote": "「…」", "gloss": "…", "answer": "sweep",
                    "players": 4, **given}
    return Question(**fields)


def test_a_difference_covering_zero_is_no_finding() -> None:
    draft = {seed: float(seed % 4 == 0) for seed in range(400)}
    proposal = {seed: float(seed % 4 == 1) for seed in range(400)}  # same rate, other games
    figure = compare(draft, proposal, "win_share", position=1)
    # a difference of exactly 0: the games needed to see one as large as the interval allows
    assert not figure.detected and figure.needed is not None and figure.needed > 400
    proposal[2] = 1.0  # one more win: a difference of 0.25 points, far within chance
    figure = compare(draft, proposal, "win_share", position=1)
    assert not figure.detected and figure.needed is not None and figure.needed > 400
    text = sentence(Answer(_question(), 400, figure, [figure]), Words("en"))
    assert text.startswith("No difference in the first player's win share is detectable at "
                           "400 games (25.0% as written, 25.2% with the proposal; about ")
    assert f"{figure.needed:,} games would be needed to see a difference of 0.2 points" in text
    assert "CI" not in text


def test_a_clear_difference_is_stated_with_its_interval() -> None:
    figure = Figure("win_share", None, Estimate(0.31, 0.29, 0.33), Estimate(0.26, 0.24, 0.28),
                    Estimate(-0.05, -0.08, -0.02), position=1)
    text = sentence(Answer(_question(), 1000, figure, [figure]), Words("en"))
    assert text == ("The proposal moves the first player's win share from 31.0% to 26.0% "
                    "(difference -5.0 points, 95% CI -8.0 to -2.0): fairer.")
    japanese = sentence(Answer(_question(), 1000, figure, [figure]), Words("ja"))
    assert "31.0%" in japanese and "26.0%" in japanese and "より公平" in japanese


def test_a_paired_difference_is_found_where_it_is_real() -> None:
    draft = {seed: 60.0 + seed % 7 for seed in range(200)}
    proposal = {seed: value - 5 + (seed % 3 - 1) for seed, value in draft.items()}
    figure = compare(draft, proposal, "score")
    assert figure.detected and figure.difference is not None
    assert figure.difference.low < -5 < figure.difference.high


def test_a_claim_outside_the_interval_says_by_how_much() -> None:
    question = _question(answer="claim", metric="points:lands", claim=29.0,
                         claim_text="現実的には29点くらい")
    figure = Figure("points:lands", None, Estimate(21.5, 20.5, 22.5))
    found = Answer(question, 500, figure, claim_gap=Estimate(-7.5, -8.5, -6.5))
    text = sentence(found, Words("en", UNDECIM.glossary))
    assert "Play gives 21.5 for points from lands (95% CI 20.5 to 22.5) over 500 games" in text
    assert "the designer's 29.0 (「現実的には29点くらい」) is 7.5 too high" in text


def test_default_games_fit_the_budget_in_whole_rotations() -> None:
    assert default_games(1700, 2, 4) == 1700
    assert default_games(1700, 10, 4) == 1000
    assert default_games(1700, 200, 3) == FEWEST_GAMES + 1  # 201: whole rotations of 3


def test_an_answer_that_reverses_under_the_check_bot_depends_on_it() -> None:
    first = Figure("win_share", None, Estimate(0.31, 0.29, 0.33), Estimate(0.26, 0.24, 0.28),
                   Estimate(-0.05, -0.08, -0.02), position=1)
    checked = Figure("win_share", None, Estimate(0.25, 0.2, 0.3), Estimate(0.29, 0.24, 0.34),
                     Estimate(0.04, 0.01, 0.07), position=1)
    verdict = check_answer(Answer(_question(), 1000, first), Answer(_question(), 200, checked),
                           "random")
    assert verdict is not None and verdict.verdict == "reverses" and verdict.depends
    assert check_sentence(verdict, Words("en")) == (
        "With random: the answer reverses (200 games: +4.0 points (+1.0 to +7.0)).")


def test_a_measure_is_compared_with_the_check_game_for_game() -> None:
    question = _question(answer="measure", metric="turns")
    main = Figure("turns", None, Estimate(5.0, 5.0, 5.0))
    first = Answer(question, 50, main, series={seed: 5.0 for seed in range(50)})
    same = Answer(question, 50, main, series={seed: 5.0 + (seed % 2 - 0.5) for seed in range(50)})
    longer = Answer(question, 50, main, series={seed: 6.0 + seed % 2 for seed in range(50)})
    assert check_answer(first, same, "random").verdict == "no_difference"  # type: ignore[union-attr]
    assert check_answer(first, longer, "random").depends  # type: ignore[union-attr]


def test_a_sweep_on_the_score_names_the_score_once(tmp_path: Path) -> None:
    path = tmp_path / "questions.toml"
    path.write_text(ENTRY + 'answer = "sweep"\nvariant = "final_bonus"\nmetric = "score"\n',
                    "utf-8")
    output = soan("review", "undecim", "--questions", path, "--players", 3, "--games", 3,
                  "--jobs", 1, "--out", tmp_path / "out")
    line = next(x for x in output.splitlines() if x.startswith("UP1: "))
    assert line.count("the score") == 1, line


BAD_OPTIONS = {
    "no games": (["--games", "0"], "--games 0"),
    "no check games": (["--check", "random", "--check-games", "0"], "--check-games 0"),
    "two check bots": (["--check", "random,heuristic"], "name one bot spec"),
    "the same bot": (["--check", "heuristic"], "already played by heuristic"),
    "people": (["--bots", "human"], "the lab plays bots only"),
    "too many players": (["-n", "5"], "--players 5"),
    "out is a file": (["--out", "{file}"], "is a file"),
}


@pytest.mark.parametrize("case", BAD_OPTIONS, ids=list(BAD_OPTIONS))
def test_bad_options_are_refused_before_any_game(case: str, tmp_path: Path) -> None:
    args, expected = BAD_OPTIONS[case]
    taken = tmp_path / "taken"
    taken.write_text("not a folder", "utf-8")
    args = [a.replace("{file}", str(taken)) for a in args]
    out = ["--out", tmp_path / "out"] if "--out" not in args else []
    output = soan("review", "undecim", "--questions", SMALL, *out, *args, code=2)
    assert expected in output, output
    assert not (tmp_path / "out").exists() and taken.read_text("utf-8") == "not a folder"


def test_the_winning_score_is_the_winners() -> None:
    game = [{"seed": 1, "position": p, "won": p == 2, "score": s, "win_share": float(p == 2)}
            for p, s in ((1, 40), (2, 52), (3, 55))]  # the tie-break can beat a higher score
    nobody = [{**r, "seed": 2, "won": False, "win_share": 1 / 3} for r in game]
    assert per_game([*game, *nobody], "winning_score") == {1: 52.0, 2: 55.0}
    assert per_game(game, "score") == {1: 49.0}
