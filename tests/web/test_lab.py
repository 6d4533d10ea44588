"""The lab in the browser's server side: a study runs as `soan study` runs it, opens
only from its private link, refuses bad settings with one line before anything is
kept, and a server killed mid-study finishes it after a restart from the games saved."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import httpx
import pytest

from soan.web.jobs import MAX_GAMES
from soan.web.manager import MAX_CONTENT_BYTES
from tests.web.conftest import Server, free_port, wait_until
from tests.web.test_restart import start

CONTENT = Path(__file__).parents[2] / "src/soan/games/cityplan/content.toml"


def finished(server_url: str, link: str, timeout: float = 120) -> dict:
    status = f"{link}/status".replace(server_url, "")

    def done():
        job = httpx.get(server_url + status, timeout=10).json()
        assert job["state"] != "failed", job["error"]
        return job if job["state"] == "done" else None

    return wait_until(done, timeout=timeout, every=0.3)


def test_a_study_with_an_edited_content_file_runs_to_its_report(server: Server):
    edited = CONTENT.read_text("utf-8").replace("power = 18", "power = 14")  # a weaker start
    made = server.client.post("/lab/jobs", json={
        "game": "cityplan", "bots": "random", "games": 4, "players": 3,
        "options": {"end_buildings": "4"}, "content": edited,
        "content_name": "my cards.toml"})
    assert made.status_code == 201, made.text
    link = made.json()["link"]
    assert link.startswith(f"{server.url}/lab/jobs/{made.json()['job']}/")
    job = finished(server.url, link)
    # the rules as written, the rule change, and the rule change with the edited file
    assert job["games"] == 4 * 3 and job["games_done"] == 12
    assert job["provenance"]["runs"] == ["default", "default end_buildings=4",
                                         "default end_buildings=4 + my_cards.toml"]
    assert job["provenance"]["players"] == 3 and job["content_name"] == "my_cards.toml"
    report = server.client.get(job["reports"]["en"])
    assert report.status_code == 200 and "<html" in report.text[:500].lower()
    assert report.headers["content-security-policy"].startswith("sandbox")
    japanese = server.client.get(job["reports"]["ja"])
    assert japanese.status_code == 200 and 'lang="ja"' in japanese.text[:2000]
    page = server.client.get(link)
    assert page.status_code == 200 and "lab.js" in page.text


def test_a_review_runs_to_its_pages(server: Server):
    """Every question of the designer's notes, as `soan review` answers them."""
    made = server.client.post("/lab/jobs", json={
        "kind": "review", "game": "cityplan", "bots": "random", "games": 2, "players": 4})
    assert made.status_code == 201, made.text
    job = finished(server.url, made.json()["link"], timeout=300)
    runs = job["provenance"]["runs"]
    assert "4p-default" in runs and len(runs) > 1  # the draft beside the proposals
    assert job["games"] == 2 * len(runs) == job["games_done"]
    assert job["reports"]["en"].endswith("/review.html")
    page = server.client.get(job["reports"]["en"])
    assert page.status_code == 200 and "CP5" in page.text
    assert 'lang="ja"' in server.client.get(job["reports"]["ja"]).text[:2000]


def test_a_study_opens_only_from_its_private_link(server: Server):
    made = server.client.post("/lab/jobs", json={"game": "cityplan", "bots": "random",
                                                 "games": 2}).json()
    wrong = f"/lab/jobs/{made['job']}/{'x' * len(made['key'])}"
    for path in (wrong, f"{wrong}/status", f"{wrong}/report.html"):
        response = server.client.get(path)
        assert response.status_code == 404
        assert made["key"] not in response.text
    assert made["job"] not in server.client.get("/").text
    assert made["job"] not in server.client.get("/api/tables").text
    finished(server.url, made["link"])


@pytest.mark.parametrize(("body", "status", "words"), [
    ({"content": "[[broken\n", "content_name": "mine.toml"}, 400, "mine.toml is not valid TOML"),
    ({"content": "x" * (MAX_CONTENT_BYTES + 1)}, 413, "the limit is 256 KB"),
    ({"games": MAX_GAMES + 1}, 400, f"less than or equal to {MAX_GAMES}"),
    ({"bots": "os:system"}, 400, "a web table seats human, remote or one of the bots"),
    ({"bots": "ismcts:iters=99999"}, 400, "thinks too long for this server"),
    ({"options": {"end_buildings": "99"}}, 400, "end_buildings=99 is out of range"),
    ({"options": {"no such": "1"}}, 400, "is not a rule number's name"),
    ({"variant": "nope"}, 400, "has no variant nope"),
    ({"kind": "tune"}, 400, "the lab runs study, review, not 'tune'"),
    ({"kind": "review", "variant": "plain"}, 400, "start it without a variant"),
    ({"game": "chess"}, 400, "chess"),
])
def test_a_bad_study_is_refused_in_one_line_and_nothing_is_kept(server: Server, body, status,
                                                                  words):
    lab = Path(f"{server.manager.store.path}-lab")
    before = sorted(lab.iterdir())
    response = server.client.post("/lab/jobs", json={"game": "cityplan", "games": 2,
                                                     "bots": "random", **body})
    assert response.status_code == status
    error = response.json()["error"]
    assert words in error and "\n" not in error and "Traceback" not in error
    assert sorted(lab.iterdir()) == before


def test_a_server_killed_mid_study_finishes_it_after_a_restart(tmp_path):
    db, port = tmp_path / "tables.sqlite", free_port()
    url = f"http://127.0.0.1:{port}"
    server = start(db, port)
    try:
        made = httpx.post(f"{url}/lab/jobs", json={"game": "cityplan", "bots": "random",
                                                   "games": 160, "players": 3}).json()
        status = f"/lab/jobs/{made['job']}/{made['key']}/status"
        wait_until(lambda: httpx.get(url + status).json()["games_done"] >= 20, timeout=120,
                   every=0.2)
        os.kill(server.pid, signal.SIGKILL)  # the study's command ends with it
        server.wait(10)
        time.sleep(0.5)
        server = start(db, port)
        job = finished(url, made["link"], timeout=240)
        assert job["games_done"] == 160
        log = (Path(f"{db}-lab") / made["job"] / "log.txt").read_text("utf-8")
        assert "Resuming" in log  # the games saved before the kill were not played again
    finally:
        server.kill()
        server.wait(10)
