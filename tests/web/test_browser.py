"""Playing in a real browser (Debian's chromium driven by Playwright): a table made in
the lobby and joined from its link, whole games of every game against bots, clicks on
cards and cells, undo, spectators, Japanese pages and the replay viewer."""

from __future__ import annotations

import json
import random
import re

import pytest
from playwright.sync_api import Browser, Page

from soan.engine.registry import get_game
from tests.web.conftest import Server

SHORT = {"cityplan": {"end_buildings": 4}, "populous": {"end_score": 15},
         "quovadis": {"rounds": 2}, "undecim": {"rounds": 3, "moon_counters": 4}}


@pytest.fixture
def page(browser: Browser):
    context = browser.new_context(locale="en-GB")
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda e: errors.append(str(e)))
    yield opened
    context.close()
    assert not errors, errors


def play_through(page: Page, rng: random.Random, limit: int = 600) -> dict:
    """Take this seat's turns by clicking, until the game is over: a highlighted card or
    cell when one names a single choice (every other turn), else a random choice button."""
    clicks = {"buttons": 0, "targets": 0, "turn_titles": 0}
    for _ in range(limit):
        page.wait_for_function(
            "document.body.dataset.turn === 'mine' || document.body.dataset.over === 'yes'")
        if page.evaluate("document.body.dataset.over") == "yes":
            return clicks
        if page.title().startswith("▶"):
            clicks["turn_titles"] += 1
        ply = page.evaluate("document.body.dataset.ply")
        single = page.locator("#game .choosable:not([title*=' / '])")
        if single.count() and rng.random() < 0.5:
            single.nth(rng.randrange(single.count())).click()
            clicks["targets"] += 1
        else:
            buttons = page.locator(".choice")
            buttons.nth(rng.randrange(buttons.count())).click()
            clicks["buttons"] += 1
        page.wait_for_function(f"document.body.dataset.ply !== '{ply}'")
    raise AssertionError("the game did not end")


def assert_final_table(page: Page, seats: int) -> None:
    page.wait_for_selector("#breakdown")
    assert page.locator("#breakdown tbody tr").count() == seats
    assert page.title().startswith("The game is over")
    assert page.locator("#result").inner_text().count("seed") == 1


def test_a_table_made_in_the_lobby_is_joined_from_its_link_and_played_to_the_end(
        server: Server, page: Page):
    page.goto(server.url + "/")
    page.select_option("#game", "cityplan")
    page.select_option("#players", "3")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "random")
    page.select_option("#seat-2", "heuristic")
    page.click("#new-table summary")
    page.fill("#option-end_buildings", "4")
    page.click("#create")
    link = page.locator(".seat-link").first
    link.wait_for()
    assert page.locator(".seat-link").count() == 1  # one private link: one human seat
    page.goto(link.get_attribute("href"))
    clicks = play_through(page, random.Random(1))
    assert clicks["targets"] > 0 and clicks["buttons"] > 0 and clicks["turn_titles"] > 0
    assert_final_table(page, 3)


@pytest.mark.parametrize("game_id", ["populous", "cityplan"])
def test_a_whole_game_against_bots_through_the_page(server: Server, page: Page, game_id):
    seats = ["random", "human", "random"]
    made = server.create(game=game_id, seats=seats, options=SHORT[game_id])
    page.goto(made["seats"][1]["link"])
    clicks = play_through(page, random.Random(2))
    assert clicks["targets"] > 0
    assert_final_table(page, 3)
    page.click("#again")
    page.wait_for_selector("#next-link")
    page.click("#next-link")
    page.wait_for_function("document.body.dataset.ply !== undefined")
    assert server.manager.table(made["table"]).next_id in page.url or page.url.endswith(
        server.manager.tables[server.manager.table(made["table"]).next_id].seats[1].token)


def test_quo_vadis_draws_its_world_and_races_and_is_played_to_the_end(
        server: Server, page: Page):
    made = server.create(game="quovadis", seats=["human", "random", "random"],
                         options=SHORT["quovadis"])
    page.goto(made["seats"][0]["link"])
    page.wait_for_selector("svg.world .cell")
    cells = page.locator("svg.world .cell")
    assert cells.count() == 10 * 3  # three seats: ten area tiles of three cells
    numbers = page.eval_on_selector_all("svg.world .cell .cell-name",
                                        "nodes => nodes.map((n) => n.textContent)")
    assert sorted(int(n) for n in numbers) == list(range(30))  # the cell numbers choices use
    assert page.locator("svg.world .tile-label").count() == 10
    assert page.locator(".card.genesis.marked").inner_text().startswith("Free")
    assert "Your face-down skills" not in page.locator("#game").inner_text()  # not dealt yet
    clicks = play_through(page, random.Random(3))
    assert clicks["targets"] > 0 and clicks["buttons"] > 0
    assert_final_table(page, 3)
    races = page.locator(".races td.race").all_inner_texts()
    glossed = {f"{r.english} ({r.name})" for r in get_game("quovadis").load_content().races}
    assert races and all(text.rsplit(" (", 1)[0] in glossed for text in races)  # English page
    pieces = page.locator("svg.world [data-piece]")
    assert pieces.count() > 0
    assert page.locator("svg.world [data-piece=city], svg.world [data-piece=worker]").count()
    assert page.locator(".races td.resource[data-resource=food]").count() == 3
    assert page.locator(".races .generations li").count() >= 3  # every race placed a card
    assert page.locator("#game .card.epic").count() > 0  # the seat's own epic hand
    page.goto(f"{server.url}/replay/{made['table']}")  # the replay draws it as a spectator sees
    page.wait_for_selector("svg.world .cell")
    page.click("#forward")
    page.wait_for_function("document.body.dataset.step === '1'")
    assert page.locator("svg.world .cell").count() == 30
    assert page.locator("text=Your epic hand").count() == 0


def test_undecim_draws_its_cards_by_both_faces_and_the_red_moon_and_is_played_to_the_end(
        server: Server, page: Page):
    made = server.create(game="undecim", seats=["random", "human", "random"],
                         options=SHORT["undecim"])
    page.goto(made["seats"][1]["link"])
    page.wait_for_selector(".moon .moon-counters")
    assert re.fullmatch(r"\d+ / 4", page.locator(".moon .moon-counters").inner_text())
    assert page.locator(".moon .counter").count() == 4
    assert page.locator(".field .card.action-card").count() == 3  # three seats: three face up
    hand = page.locator("#game .resource-card[data-type]").first
    faces = hand.locator(".face").evaluate_all("nodes => nodes.map((n) => n.dataset.face)")
    assert faces[0] in {"草原", "森", "沼地", "山", "敵"} and faces[1] in {"石", "木", "粘土", "鉄", "金"}
    assert page.locator(".awards .card.award").count() == 2
    clicks = play_through(page, random.Random(4))
    assert clicks["targets"] > 0 and clicks["buttons"] > 0
    assert_final_table(page, 3)
    assert page.locator(".undecim-seat").count() == 3
    assert page.locator(".undecim-seat .front .resource-card").count() > 0
    assert page.locator(".undecim-seat .front .face.under").count() > 0  # the face not shown
    log = page.locator("#log").inner_text()
    assert "The red moon holds" in log  # the moon's counters, told every round
    page.goto(f"{server.url}/replay/{made['table']}")
    page.wait_for_selector(".moon .moon-counters")
    page.click("#last")
    page.wait_for_selector("#breakdown")
    assert page.locator("text=Your resource cards").count() == 0


def test_undo_through_the_page(server: Server, page: Page):
    made = server.create(game="cityplan", seats=["human", "human"])
    page.goto(made["seats"][0]["link"])
    page.wait_for_selector("[data-target='act:2'].choosable")
    page.click("[data-target='act:2']")
    page.wait_for_selector("#undo")
    assert "Exchange" in page.locator("#game").inner_text()
    page.click("#undo")
    page.wait_for_function("document.body.dataset.ply === '0'")
    assert page.locator("#undo").count() == 0 and page.locator(".choice").count() == 3


def test_a_spectator_sees_no_hand_and_the_world_with_the_area(server: Server, page: Page):
    made = server.create(game="populous", seats=["random", "random", "random"],
                         options=SHORT["populous"])
    page.goto(made["watch"])
    page.wait_for_selector("svg.world .cell")
    assert page.locator("svg.world .cell").count() == 9 * 7
    assert "You are watching" in page.locator("#choices").inner_text()
    assert page.locator("text=Your grace hand").count() == 0
    page.wait_for_function("document.body.dataset.over === 'yes'", timeout=30_000)
    page.click("text=Replay this game")
    page.wait_for_selector("#step-label")
    page.click("#forward")
    page.wait_for_function("document.body.dataset.step === '1'")
    page.click("#last")
    page.wait_for_selector("#breakdown")
    page.click("#first")
    page.wait_for_function("document.body.dataset.step === '0'")
    assert re.match(r"Step 0 / \d+", page.locator("#step-label").inner_text())


def test_pages_in_japanese_keep_names_as_written(server: Server, page: Page):
    made = server.create(game="cityplan", seats=["human", "random"])
    page.goto(made["seats"][0]["link"] + "?lang=ja")
    page.wait_for_selector(".card.building")
    text = page.locator("body").inner_text()
    assert "手札" in text and "初期発電所" in text and "Starting power plant" not in text
    page.goto(server.url + "/")  # the choice is remembered
    assert "新しい卓" in page.locator("h2").first.inner_text()
    page.click("#lang-switch")
    assert "New table" in page.locator("h2").first.inner_text()


def test_english_pages_show_each_name_in_english_with_the_name_as_written(server: Server,
                                                                         page: Page):
    made = server.create(game="cityplan", seats=["human", "random"])
    page.goto(made["seats"][0]["link"] + "?lang=en")
    page.wait_for_selector(".card.building")
    assert "Starting power plant (初期発電所)" in page.locator("#game").inner_text()
    hand = page.locator(".cards.hand .card.building b").all_inner_texts()
    glossed = {f"{b.english} ({b.name})" for b in get_game("cityplan").load_content().deck}
    assert hand and all(name in glossed for name in hand)


def engine_sentences(game_id: str, games: int = 12) -> set[str]:
    """Every log line and choice label of a few short random games, numbers and all."""
    game = get_game(game_id)
    out: set[str] = set()
    for seed in range(games):
        state = game.new(3 + seed % 2, seed=seed, options=game.options(**SHORT[game_id]))
        rng = random.Random(seed)
        while not state.over:
            out.update(game.presenter.label(state, a) for a in state.legal())
            state.play(rng.choice(state.legal()))
        out.update(state.log)
    return out


@pytest.mark.parametrize("game_id", ["quovadis", "undecim"])
def test_the_new_games_read_in_japanese_with_names_as_written(server: Server, page: Page,
                                                              game_id):
    made = server.create(game=game_id, seats=["human", "random", "random"],
                         options=SHORT[game_id])
    page.goto(made["seats"][0]["link"] + "?lang=ja")
    page.wait_for_selector(".choice")
    choices = page.locator(".choice").all_inner_texts()
    assert all(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", c) for c in choices), choices
    assert not any(re.match(r"(Play|Take|Swap|Keep) ", c) for c in choices), choices
    if game_id == "quovadis":
        assert "グロリアス を選ぶ (適性: 平地)" in choices
        assert "創世カード" in page.locator("#game").inner_text()
    else:
        assert "赤い月" in page.locator(".moon h4").inner_text()
    translated = page.evaluate("""async ([game, lines]) => {
        const module = await import(`/static/js/games/${game}.js`);
        const ctx = (await import('/static/js/render.js')).context({seat: 0}, null);
        return lines.map((line) => module.japanese(ctx.words(line)));
    }""", [game_id, sorted(engine_sentences(game_id))])
    engine_words = (r"\b(Seat|seat|The|Round|Place|Put|Take|Play|Pick|Choose|Set|Use|Build|"
                    r"Move|Discard|Settle|Develop|Spend|Keep|Swap|Give|Turn|Cards?|"
                    r"puts|places|scores|chooses|takes|draws|starts|discards|builds|gains)\b")
    english = [line for line in translated if re.search(engine_words, line)]
    assert not english, english
    page.goto(server.url + "/")
    page.select_option("#game", game_id)
    assert get_game(game_id).glossary.variants["default"] in page.locator("body").inner_text()


def test_a_bad_link_and_a_bad_form_say_what_is_wrong(server: Server, page: Page):
    response = page.goto(server.url + "/play/not-a-token")
    assert response.status == 403
    assert "opens no seat" in page.locator("#page-error").inner_text()
    page.goto(server.url + "/")
    page.select_option("#game", "cityplan")
    page.click("#new-table summary")
    page.fill("#option-hand_limit", "99")  # the form itself knows the range
    assert page.eval_on_selector("#option-hand_limit", "e => e.validity.rangeOverflow")
    page.fill("#option-hand_limit", "8")
    page.check("input[name=content][value=upload]")
    page.set_input_files("#content-file", files=[
        {"name": "my_cards.toml", "mimeType": "text/plain", "buffer": b"[[deck]]\nname = 3\n"}])
    page.click("#create")
    error = page.locator("#form-error")
    error.wait_for()
    page.wait_for_function("document.getElementById('form-error').textContent.length > 0")
    assert error.inner_text().startswith("my_cards.toml:")


def test_a_link_the_server_does_not_know_says_so_and_stops_reconnecting(
        server: Server, page: Page):
    """The page of a seat whose token the server no longer knows (a table of another
    database, say): its socket is refused with 4403, and the page says the link is not
    valid instead of reconnecting for ever."""
    made = server.create(game="cityplan", seats=["human", "random"])
    token = made["seats"][0]["token"]
    page.add_init_script(f"""window.WebSocket = class extends WebSocket {{
        constructor(url, protocols) {{ super(url.replace("{token}", "stale-token"), protocols); }}
    }};""")
    sockets: list[str] = []
    page.on("websocket", lambda socket: sockets.append(socket.url))
    page.goto(made["seats"][0]["link"])
    page.wait_for_function("document.body.dataset.closed === '4403'", timeout=5000)
    page.wait_for_timeout(2000)  # a lost connection would have been tried again by now
    assert [url.rsplit("/", 1)[1] for url in sockets] == ["stale-token"]
    assert page.locator("#status").inner_text() == "This link is not valid on this server."


def test_a_game_without_a_renderer_of_its_own_reads_well_in_the_fallback(
        server: Server, page: Page):
    made = server.create(game="populous", seats=["human", "random", "random"])
    token = made["seats"][0]["token"]
    page.goto(made["seats"][0]["link"])
    page.wait_for_selector("svg.world")
    drawn = page.evaluate("""async (token) => {
        const generic = await import('/static/js/games/generic.js');
        const render = await import('/static/js/render.js');
        const message = await (await fetch('/api/seat',
            {headers: {Authorization: 'Bearer ' + token}})).json();
        const root = document.createElement('div');
        generic.draw(root, message, render.context(message, null));
        return {cells: root.querySelectorAll('svg.world .cell').length,
                fields: [...root.querySelectorAll('dt')].map((d) => d.textContent),
                text: root.textContent};
    }""", token)
    assert drawn["cells"] == 9 * 7
    assert {"phase", "seats", "hand"} <= set(drawn["fields"])


@pytest.mark.parametrize(("lang", "words"), [("en", "(no effect now)"), ("ja", "(今は効果なし)")])
def test_a_choice_with_no_effect_now_is_marked_and_dimmed(server: Server, page: Page,
                                                          monkeypatch, lang, words):
    made = server.create(game="cityplan", seats=["human", "random"])
    state = server.manager.table(made["table"]).state
    useless = tuple(state.legal()[-1])
    monkeypatch.setattr(type(state), "no_effect", lambda self, action: tuple(action) == useless)
    page.goto(made["seats"][0]["link"] + f"?lang={lang}")
    page.wait_for_function("document.body.dataset.turn === 'mine'")
    marked = page.locator(".choice.no-effect")
    assert marked.count() == 1
    assert json.loads(marked.get_attribute("data-action")) == list(useless)
    assert marked.inner_text().endswith(words)
    assert page.locator(".choice:not(.no-effect)").count() == len(state.legal()) - 1
    assert all(words not in text for text in
               page.locator(".choice:not(.no-effect)").all_inner_texts())
    assert float(marked.evaluate("b => getComputedStyle(b).opacity")) < 1
