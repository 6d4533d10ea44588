"""The lab's pages and calls: start a study from the lobby, follow it, read its report.

A job opens only from its private link (`/lab/jobs/<id>/<key>`), so an uploaded
content file and what it does stay with whoever started the study and whomever
they send the link to. The report is the page `soan study` writes, served with a
sandbox policy: it runs as a page of no origin, never with the server's.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse
from pydantic import BaseModel, ConfigDict, Field, StrictInt

from soan.engine.core import SoanError
from soan.engine.registry import get_game
from soan.web import i18n
from soan.web.jobs import MAX_GAMES, Jobs, check_settings
from soan.web.pages import page, refusal

router = APIRouter(prefix="/lab", tags=["lab"])


class NewStudy(BaseModel):
    """A study of a game's variant, rule numbers and content file, as `soan study` runs it."""

    model_config = ConfigDict(extra="forbid")

    kind: str = Field("study", max_length=20, description="What to run: study (a variant, "
                      "rule numbers or content file against the draft) or review (every "
                      "question in the designer's notes, as `soan review`).")
    game: str = Field(max_length=40, description="Game id, such as cityplan.")
    variant: str = Field("default", max_length=100)
    options: dict[str, Any] = Field(default_factory=dict, max_length=40,
                                    description="Rule numbers to change, as typed: "
                                    "{\"hand_limit\": \"7\"}.")
    bots: str = Field("heuristic", max_length=200,
                      description="Bots cycling through the seats, such as heuristic,random.")
    players: StrictInt | None = Field(None, ge=1, le=8)
    games: StrictInt = Field(40, ge=1, le=MAX_GAMES, description="Games per run.")
    seed: StrictInt = Field(1, ge=0, le=2**62)
    content: str | None = Field(None, description="An edited content file (TOML text), "
                                "studied beside the shipped one.")
    content_name: str = Field("content.toml", max_length=200)


def _jobs(request: Request) -> Jobs:
    return request.app.state.jobs


@router.post("/jobs", status_code=201)
async def start(body: NewStudy, request: Request) -> dict[str, Any]:
    """Check a study as `soan study` would (the same loader as --content) and queue it.
    The answer's `link` is the study's private page: whoever has it sees the study."""
    jobs = _jobs(request)
    settings = check_settings(body.model_dump(), request.app.state.manager.limits)
    job = await jobs.submit(body.kind, settings, body.content,
                            body.content_name)
    base = str(request.base_url).rstrip("/")
    return {"job": job.id, "key": job.key, "link": f"{base}/lab/jobs/{job.id}/{job.key}"}


@router.get("/jobs/{job_id}/{key}/status")
async def status(job_id: str, key: str, request: Request) -> dict[str, Any]:
    """The study's settings, provenance, state, games done of all and seconds left."""
    jobs = _jobs(request)
    return jobs.status(jobs.job(job_id, key))


@router.get("/jobs/{job_id}/{key}", response_class=HTMLResponse, include_in_schema=False)
async def job_page(job_id: str, key: str, request: Request) -> HTMLResponse:
    jobs = _jobs(request)
    try:
        job = jobs.job(job_id, key)
    except SoanError as exc:
        return refusal(request, exc)
    title = i18n.game_title(get_game(job.settings["game"]), i18n.language(request))
    return page(request, "lab.html", {"status": f"/lab/jobs/{job_id}/{key}/status",
                                      "title": title}, title=title)


@router.get("/jobs/{job_id}/{key}/{name}", response_class=FileResponse)
async def report(job_id: str, key: str, name: str, request: Request) -> FileResponse:
    """The finished study's report (`name`: report.html or report.ja.html), as `soan
    study` wrote it."""
    jobs = _jobs(request)
    path = jobs.report(jobs.job(job_id, key), name)
    return FileResponse(path, media_type="text/html; charset=utf-8", headers={
        "Content-Security-Policy": "sandbox allow-scripts allow-popups",
        "Referrer-Policy": "no-referrer", "Cache-Control": "private, max-age=60"})
