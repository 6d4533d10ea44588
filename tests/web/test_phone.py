"""The table page on a phone (390x844, touch) and a desktop (1280x800) in a real browser:
every game played to its end by taps only, with no sideways scrolling and the choices
on screen at every turn, and every kind of choice with a place on the board made by
tapping that place."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser, Page

from tests.web.conftest import Server
from tests.web.test_browser import SHORT

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

FITS = r"""() => {
    const width = document.documentElement.clientWidth, height = window.innerHeight;
    const box = document.getElementById("choices").getBoundingClientRect();
    return {scroll: document.scrollingElement.scrollWidth, width,
            wide: [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > width)
                .slice(0, 3).map((e) => `${e.tagName}.${e.getAttribute('class')}`),
            spill: [...document.querySelectorAll('body *')].filter((e) => e.scrollWidth > e.clientWidth + 1
                && getComputedStyle(e).overflowX === 'visible' && e.clientWidth)
                .slice(0, 6).map((e) => `${e.tagName}.${e.getAttribute("class")} ${e.textContent.slice(0, 40).replace(/\s+/g, " ")} ${e.scrollWidth}/${e.clientWidth}`),
            choices: box.height > 0 && box.top >= 0 && box.bottom <= height + 0.5
                     && box.left >= 0 && box.right <= width + 0.5};
}"""


def open_page(browser: Browser, size: dict) -> tuple[Page, list[str]]:
    phone = size["width"] < 500
    context = browser.new_context(locale="en-GB", viewport=size, has_touch=phone,
                                  is_mobile=phone)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


@pytest.fixture
def phone(browser: Browser):
    page, errors = open_page(browser, PHONE)
    yield page
    page.context.close()
    assert not errors, errors


@pytest.fixture
def desktop(browser: Browser):
    page, errors = open_page(browser, DESKTOP)
    yield page
    page.context.close()
    assert not errors, errors


def assert_fits(page: Page, choices: bool = True) -> None:
    """No sideways scrolling (at the very width of the screen: a phone's browser would
    rather zoom out than scroll), and the choices' panel wholly on screen."""
    fits = page.evaluate(FITS)
    assert fits["scroll"] <= fits["width"] == page.viewport_size["width"], fits
    assert fits["choices"] or not choices, f"the choices are not all on screen: {fits}"


def take_turns(page: Page, rng: random.Random, turns: int = 10_000, touch: bool = True) -> dict:
    """Take this seat's turns by tapping (a board target naming one choice half the time
    it has one, else a choice button) until the game is over or `turns` are taken,
    checking at every turn that the page fits the screen and the choices are on it."""
    taps = {"buttons": 0, "targets": 0}
    for _ in range(turns):
        page.wait_for_function(
            "document.body.dataset.turn === 'mine' || document.body.dataset.over === 'yes'",
            timeout=30_000)
        if page.evaluate("document.body.dataset.over") == "yes":
            assert_fits(page, choices=False)
            return taps
        assert_fits(page)
        ply = page.evaluate("document.body.dataset.ply")
        single = page.locator("#game .choosable:not([title*=' / '])")
        target = bool(single.count()) and rng.random() < 0.5
        if target:
            chosen, taps["targets"] = single.nth(rng.randrange(single.count())), taps["targets"] + 1
        else:
            buttons = page.locator("#choices .choice")
            chosen, taps["buttons"] = buttons.nth(rng.randrange(buttons.count())), taps["buttons"] + 1
        if touch:
            # the sheet folds down to its prompt to uncover the board, and unfolds for buttons
            toggle = page.locator("#choices .sheet-toggle")
            if (toggle.get_attribute("aria-expanded") == "true") == target:
                toggle.tap()
            chosen.tap()
        else:
            chosen.click()
        page.wait_for_function(f"document.body.dataset.ply !== '{ply}'", timeout=30_000)
    return taps


@pytest.mark.parametrize("game_id", ["cityplan", "populous", "quovadis", "undecim"])
def test_every_game_is_played_to_its_end_by_taps_on_a_phone(server: Server, phone: Page,
                                                             game_id):
    made = server.create(game=game_id, seats=["human", "random", "random"],
                         options=SHORT[game_id])
    phone.goto(made["seats"][0]["link"])
    taps = take_turns(phone, random.Random(game_id))
    assert taps["buttons"] > 0 and taps["targets"] > 0, taps
    phone.wait_for_selector("#breakdown")
    assert phone.title().startswith("The game is over")
    box = phone.locator("#result").bounding_box()
    assert box and box["width"] <= PHONE["width"]  # the final table fits the screen too


@pytest.mark.parametrize("game_id", ["cityplan", "populous", "quovadis", "undecim"])
def test_on_a_desktop_the_choices_follow_the_viewport(server: Server, desktop: Page, game_id):
    made = server.create(game=game_id, seats=["human", "random", "random"],
                         options=SHORT[game_id])
    desktop.goto(made["seats"][0]["link"])
    take_turns(desktop, random.Random(1), turns=6, touch=False)
    desktop.wait_for_function("document.body.dataset.turn === 'mine'", timeout=30_000)
    desktop.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
    desktop.wait_for_timeout(100)
    assert_fits(desktop)  # scrolled to the bottom of the board, the panel is still there
    width = desktop.locator("svg.world, #game").first.bounding_box()["width"]
    assert width <= DESKTOP["width"]


def test_the_sheet_folds_and_unfolds_and_the_log_opens(server: Server, phone: Page):
    made = server.create(game="cityplan", seats=["human", "random"])
    phone.goto(made["seats"][0]["link"])
    phone.wait_for_selector("#choices .choice")
    toggle = phone.locator("#choices .sheet-toggle")
    assert toggle.get_attribute("aria-expanded") == "true"
    toggle.tap()
    assert toggle.get_attribute("aria-expanded") == "false"
    assert not phone.locator("#choices .choice").first.is_visible()
    assert phone.locator("#choices .prompt").inner_text() == "Your turn"
    toggle.tap()
    assert phone.locator("#choices .choice").first.is_visible()
    assert not phone.locator("#log").is_visible()  # the log starts folded on a phone
    phone.locator("#log-panel summary").tap()
    assert phone.locator("#log").is_visible()


# Tapping the board: play every seat of an all-human table over the API until a seat may
# make a choice of the kind, then open that seat's page and tap the board there.

def seats_until(server: Server, made: dict, wanted, rng: random.Random, limit: int = 3000):
    clients = [server.seat(s["token"]) for s in made["seats"]]
    for _ in range(limit):
        message = clients[0].get("/api/seat").json()
        if message["over"]:
            return None
        seat = message["to_move"]
        message = clients[seat].get("/api/seat").json()
        if any(wanted(c["action"]) for c in message["choices"]):
            return seat, message
        choice = rng.choice(message["choices"])
        answer = clients[seat].post("/api/seat/action",
                                    json={"action": choice["action"], "ply": message["ply"]})
        assert answer.status_code == 200, answer.text
    return None


BOARD_KINDS = [
    ("populous", {}, "area", "svg.world .tile-hit.choosable"),
    ("populous", {}, "act", ".genesis-card.choosable"),
    ("quovadis", {}, "area", "svg.world .tile-hit.choosable"),
    ("undecim", {}, "die", ".die-face.choosable"),
    ("undecim", {}, "take", ".undecim-seat .choosable:not(h4)"),
    ("undecim", {"variant": "giver_chooses"}, "give", ".undecim-seat .choosable:not(h4)"),
]


@pytest.mark.parametrize("game_id, extra, kind, selector", BOARD_KINDS,
                         ids=[f"{g}-{k}" for g, _, k, _ in BOARD_KINDS])
def test_a_choice_with_a_place_on_the_board_is_made_by_tapping_it(
        server: Server, phone: Page, game_id, extra, kind, selector):
    rng = random.Random(kind)
    for _ in range(8):
        made = server.create(game=game_id, seats=["human"] * 3, **extra)
        found = seats_until(server, made, lambda a: a[0] == kind, rng)
        if found:
            break
    assert found, f"no {kind} choice came up"
    seat, message = found
    phone.goto(made["seats"][seat]["link"])
    phone.wait_for_selector("#choices .choice")
    assert phone.locator(selector).count() > 0
    kinds = phone.evaluate("""async ([game, message]) => {
        const module = await import(`/static/js/games/${game}.js`);
        const kinds = {};
        for (const c of message.choices) {
            const key = module.target(c.action, message);
            if (key) (kinds[key] = kinds[key] || []).push(c.action[0]);
        }
        return kinds;
    }""", [game_id, message])
    ply = message["ply"]
    single = [key for key, named in kinds.items() if named == [kind]]
    if not single:  # several choices share the place: tapping it lights their buttons
        key = next(key for key, named in kinds.items() if kind in named)
        phone.locator(f"{selector}[data-target='{key}']").first.tap()
        phone.wait_for_selector("#choices .choice.flash")
        return
    chosen = phone.locator(f"{selector}[data-target='{single[0]}']").first
    chosen.tap()
    phone.wait_for_function(f"Number(document.body.dataset.ply) > {ply}", timeout=20_000)
    assert server.client.get(f"/api/tables/{made['table']}").json()["ply"] > ply
