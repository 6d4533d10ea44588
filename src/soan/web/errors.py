"""Refusals of a request, each with the HTTP status it answers with."""

from __future__ import annotations

from soan.engine.core import SoanError


class RequestError(SoanError):
    """A request the server refuses: its message names what is wrong."""

    status = 400


class NotFound(RequestError):
    status = 404


class Forbidden(RequestError):
    status = 403


class Conflict(RequestError):
    """Right request, wrong moment: not your turn, game over, a stale position."""

    status = 409


class TooLarge(RequestError):
    status = 413


class Unauthorized(RequestError):
    status = 401


class TooMany(RequestError):
    """Too many requests of one kind from one client: try again after `retry_after` s."""

    status = 429

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after
