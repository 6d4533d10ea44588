"""The HTTP API as a remote bot or a careless client uses it: seats, refusals, whole games."""

from __future__ import annotations

import json

import httpx
import pytest

from soan.bots import make_bot
from soan.bots.match import play_out
from soan.engine.record import Record
from soan.engine.registry import get_game
from soan.engine.rng import Rng
from tests.web.conftest import Server, wait_until

SHORT_CITYPLAN = {"end_buildings": 4}


def play_remote(client: httpx.Client, rng: Rng, limit: int = 3000) -> dict:
    """A remote bot: wait for its turn, post a random choice, until the game ends."""
    for _ in range(limit):
        message = client.get("/api/seat/wait", params={"timeout": 10}).json()
        if message["over"]:
            return message
        if not message["your_turn"]:
            continue
        choice = rng.choice(message["choices"])
        response = client.post("/api/seat/action",
                               json={"action": choice["action"], "ply": message["ply"]})
        assert response.status_code == 200, response.text
    raise AssertionError("the game did not end")


def test_a_remote_bot_plays_a_whole_game_over_the_api(server: Server):
    made = server.create(game="cityplan", seats=["remote", "random", "remote"],
                         options=SHORT_CITYPLAN)
    first, third = (server.seat(made["seats"][s]["token"]) for s in (0, 2))
    import threading

    other = threading.Thread(target=play_remote, args=(third, Rng(2)))
    other.start()
    final = play_remote(first, Rng(1))
    other.join(30)
    assert final["over"] and final["result"]["winners"] is not None
    assert sum(final["result"]["breakdown"][0].values()) == final["result"]["scores"][0]
    assert isinstance(final["result"]["seed"], int)
    record = server.client.get(f"/api/tables/{made['table']}/record").json()
    assert record["seed"] == final["result"]["seed"]
    assert len(record["actions"]) == final["ply"]


def test_the_seed_stays_secret_until_the_end(server: Server):
    made = server.create(game="cityplan", seats=["human", "random"])
    table = server.manager.table(made["table"])
    seat = server.seat(made["seats"][0]["token"])
    for text in (seat.get("/api/seat").text, server.client.get(f"/api/tables/{table.id}").text,
                 server.client.get("/api/tables").text):
        assert str(table.setup.seed) not in text
    refused = server.client.get(f"/api/tables/{table.id}/record")
    assert refused.status_code == 409 and "still going" in refused.json()["error"]


def test_a_token_reads_only_its_own_seat_and_acts_only_for_it(server: Server):
    made = server.create(game="cityplan", seats=["human", "human", "human"])
    table = server.manager.table(made["table"])
    clients = [server.seat(s["token"]) for s in made["seats"]]
    for s, client in enumerate(clients):
        message = client.get("/api/seat").json()
        assert message["seat"] == s
        assert message["view"] == server.call(table.state.view, s)
        assert message["view"]["hand"] == [table.state.card_info(c) for c in table.state.hands[s]]
    # seat 1 moves first; seat 2's token cannot move for it
    refused = clients[1].post("/api/seat/action", json={"action": ["act", 1]})
    assert refused.status_code == 409 and "not seat 2's turn" in refused.json()["error"]
    assert table.ply == 0
    assert clients[0].post("/api/seat/action", json={"action": ["act", 3]}).status_code == 200
    assert table.movers == [0]
    # seat 2 sees that seat 1 picked, not what
    seen = clients[1].get("/api/seat").json()
    assert seen["view"]["seats"][0]["picked"] and seen["view"]["seats"][0]["action"] is None
    assert "my_action" not in seen["view"]


def test_a_spectator_sees_view_none(server: Server):
    made = server.create(game="populous", seats=["human", "random", "random"])
    table = server.manager.table(made["table"])
    watched = server.client.get(f"/api/tables/{table.id}").json()
    assert watched["seat"] is None and watched["choices"] == [] and not watched["your_turn"]
    assert watched["view"] == server.call(table.state.view, None)
    assert "hand" not in watched["view"]
    assert watched["board"]["cells"] and watched["board_key"]


@pytest.mark.parametrize(("body", "status", "words"), [
    ({"game": "chess", "seats": ["human", "human"]}, 400, "no game 'chess'"),
    ({"game": "cityplan", "seats": ["human"]}, 400, "2 to 5 players, not 1"),
    ({"game": "cityplan", "seats": ["human", "alien"]}, 400, "seat 'alien'"),
    ({"game": "cityplan", "seats": ["human", "os:system"]}, 400, "your own bot plays over the API"),
    ({"game": "cityplan", "seats": ["human", "ismcts:iters=9999999"]}, 400, "thinks too long"),
    ({"game": "cityplan", "seats": ["human", "ismcts:iters=50:workers=4"]}, 400, "one process"),
    ({"game": "cityplan", "seats": ["human", "random"], "options": {"hand_limit": 99}}, 400,
     "hand_limit=99 is out of range: it takes a whole number 3..20"),
    ({"game": "cityplan", "seats": ["human", "random"], "options": {"hand_limit": "many"}}, 400,
     "option hand_limit takes a value like 8"),
    ({"game": "cityplan", "seats": ["human", "random"], "options": {"colour": 1}}, 400,
     "no option 'colour'"),
    ({"game": "cityplan", "seats": ["human", "random"], "variant": "deluxe"}, 400,
     "no variant 'deluxe'"),
    ({"game": "cityplan", "seats": ["human", "random"], "fallback": "nobody"}, 400, "'nobody'"),
    ({"game": "cityplan", "seats": ["human", "random"], "silence": -1}, 400, "silence"),
    ({"seats": ["human", "random"]}, 400, "game is missing"),
    ({"game": "cityplan", "seats": "human"}, 400, "seats"),
    ({"game": "cityplan", "seats": ["human", "random"], "content": "[[deck]]\nname = 3"}, 400,
     "content.toml"),
    ({"game": "cityplan", "seats": ["human", "random"], "content": "x" * 300_000}, 413,
     "the limit is 256 KB"),
])
def test_bad_tables_are_refused_with_what_is_wrong(server: Server, body, status, words):
    before = len(server.manager.tables)
    response = server.client.post("/api/tables", json=body)
    assert response.status_code == status, response.text
    assert words in response.json()["error"]
    assert len(server.manager.tables) == before


def test_a_bad_content_file_names_the_uploaded_file_and_the_entry(server: Server):
    shipped = get_game("cityplan")
    from soan.games.cityplan.content import DEFAULT_PATH

    text = DEFAULT_PATH.read_text("utf-8").replace("cost = 2", "cost = 99", 1)
    response = server.client.post("/api/tables", json={
        "game": "cityplan", "seats": ["human", "random"], "content": text,
        "content_name": "my_cards.toml"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error.startswith("my_cards.toml:") and "deck[" in error and ".cost" in error
    assert shipped.id == "cityplan"


def test_an_edited_content_file_makes_a_table(server: Server):
    from soan.games.cityplan.content import DEFAULT_PATH

    text = DEFAULT_PATH.read_text("utf-8").replace('name = "公園"', 'name = "大公園"')
    made = server.create(game="cityplan", seats=["human", "random"], content=text,
                         content_name="parks.toml")
    table = server.manager.table(made["table"])
    assert table.content_name == "parks.toml"
    assert table.setup.content_hash != get_game("cityplan").content_hash(
        get_game("cityplan").load_content())


def test_bad_requests_get_clear_errors_never_a_traceback(server: Server):
    made = server.create(game="cityplan", seats=["human", "human"])
    seat = server.seat(made["seats"][0]["token"])
    cases = [
        (seat.post("/api/seat/action", json={"action": ["act", 9]}), 400, "your choices are"),
        (seat.post("/api/seat/action", json={"action": "act"}), 400, "action"),
        (seat.post("/api/seat/action", json={"action": ["act", 1.5]}), 400, "action"),
        (seat.post("/api/seat/action", json={"action": ["act", True]}), 400, "action"),
        (seat.post("/api/seat/action", content=b"{not json",
                   headers={"content-type": "application/json"}), 400, "not valid JSON"),
        (seat.post("/api/seat/action", json={"action": ["act", 1], "ply": 7}), 409, "moved on"),
        (seat.post("/api/seat/undo"), 409, "cannot undo"),
        (seat.post("/api/seat/again"), 409, "not over"),
        (seat.get("/api/seat/wait", params={"timeout": 999}), 400, "timeout"),
        (server.seat("wrong-token").get("/api/seat"), 403, "opens no seat"),
        (server.client.get("/api/seat"), 401, "Authorization: Bearer"),
        (server.client.get("/api/tables/nope"), 404, "no table 'nope'"),
        (server.client.get("/api/replays/nope"), 404, "no replay or table 'nope'"),
        (server.client.get("/api/nowhere"), 404, "nothing at /api/nowhere"),
        (server.client.post("/api/tables", content=b"x" * (7 * 1024 * 1024),
                            headers={"content-type": "application/json"}), 413, "larger than"),
        (server.client.post("/api/replays", json={"record": "{}"}), 400, "not a soan record"),
    ]
    for response, status, words in cases:
        assert response.status_code == status, (response.request.url, response.text)
        assert words in response.json()["error"], response.text
    assert server.manager.table(made["table"]).ply == 0


def test_a_silent_remote_seat_is_taken_over_by_its_fallback_bot(server: Server):
    made = server.create(game="cityplan", seats=["remote", "random"], options=SHORT_CITYPLAN,
                         fallback="random", silence=0.3)
    table = server.manager.table(made["table"])
    wait_until(lambda: table.state.over, timeout=30)
    seat = server.seat(made["seats"][0]["token"]).get("/api/seat").json()
    assert seat["seats"][0] == {"seat": 0, "kind": "bot", "bot": "random", "replaced": True}


def test_play_again_gives_every_seat_its_own_new_link(server: Server):
    made = server.create(game="cityplan", seats=["remote", "remote", "random"],
                         options=SHORT_CITYPLAN)
    clients = [server.seat(made["seats"][s]["token"]) for s in (0, 1)]
    import threading

    other = threading.Thread(target=play_remote, args=(clients[1], Rng(5)))
    other.start()
    play_remote(clients[0], Rng(4))
    other.join(30)
    again = clients[1].post("/api/seat/again").json()
    fresh = server.manager.table(again["table"])
    assert [s.spec for s in fresh.seats] == ["remote", "remote", "random"]
    assert fresh.setup.options == server.manager.table(made["table"]).setup.options
    nexts = [c.get("/api/seat").json()["next"] for c in clients]
    assert [n["token"] for n in nexts] == [fresh.seats[0].token, fresh.seats[1].token]
    assert again["link"].endswith(fresh.seats[1].token)
    assert clients[0].post("/api/seat/again").json()["table"] == fresh.id  # only one next table
    spectator = server.client.get(f"/api/tables/{made['table']}").json()
    assert spectator["next"] == {"table": fresh.id, "token": None}


def test_a_record_opens_in_the_replay_viewer_at_every_step(server: Server):
    game = get_game("populous")
    state = game.new(3, 11, game.options(end_score=15))
    play_out(state, [make_bot("random")] * 3, [Rng(s) for s in range(3)])
    record = Record.of(state, "default", game.content_hash(game.load_content()),
                       ["random"] * 3, 11)
    made = server.client.post("/api/replays", json={"record": record.to_json()})
    assert made.status_code == 201, made.text
    replay_id = made.json()["replay"]
    summary = server.client.get(f"/api/replays/{replay_id}").json()
    assert len(summary["steps"]) == len(record.actions)
    walk = game.new(3, 11, game.options(end_score=15))
    for step in (0, 1, 33, len(record.actions)):
        while len(walk.history) < step:
            walk.play(record.actions[len(walk.history)])
        shown = server.client.get(f"/api/replays/{replay_id}/{step}").json()
        assert shown["view"] == json.loads(json.dumps(walk.view(None)))
    assert server.client.get(f"/api/replays/{replay_id}/{len(record.actions) + 1}").status_code \
        == 404
    broken = json.loads(record.to_json())
    broken["actions"][5] = ["place", 999]
    refused = server.client.post("/api/replays", json={"record": json.dumps(broken)})
    assert refused.status_code == 400 and "action 6" in refused.json()["error"]


def test_the_api_is_documented(server: Server):
    schema = server.client.get("/openapi.json").json()
    for path in ("/api/seat", "/api/seat/wait", "/api/seat/action", "/api/tables"):
        assert path in schema["paths"]
    assert server.client.get("/docs").status_code == 200


def test_a_record_played_with_edited_content_replays_with_that_content(server: Server, tmp_path):
    from soan.games.cityplan.content import DEFAULT_PATH

    edited = tmp_path / "parks.toml"
    edited.write_text(DEFAULT_PATH.read_text("utf-8").replace("points = 1", "points = 2", 1),
                      "utf-8")
    game = get_game("cityplan")
    content = game.load_content(str(edited))
    state = game.new(2, 4, game.options(end_buildings=4), content)
    play_out(state, [make_bot("random")] * 2, [Rng(1), Rng(2)])
    record = Record.of(state, "default", game.content_hash(content), ["random"] * 2, 4)
    without = server.client.post("/api/replays", json={"record": record.to_json()})
    assert without.status_code == 400 and "content" in without.json()["error"]
    made = server.client.post("/api/replays", json={
        "record": record.to_json(), "content": edited.read_text("utf-8"),
        "content_name": "parks.toml"})
    assert made.status_code == 201, made.text
    last = server.client.get(f"/api/replays/{made.json()['replay']}/{len(record.actions)}")
    assert last.json()["result"]["scores"] == state.scores()
