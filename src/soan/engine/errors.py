"""The errors soan raises on purpose: each carries a message for people."""

from __future__ import annotations


class SoanError(Exception):
    """Base of every error soan raises on purpose, with a message for people."""


class IllegalAction(SoanError):
    """An action that is not legal now; the state was left unchanged."""


class OptionsError(SoanError):
    """Unknown option, bad option value, or unknown variant."""
