"""Every test here reads and writes models in a folder of its own."""

from __future__ import annotations

import pytest

from soan.learn import model as model_module


@pytest.fixture(autouse=True)
def models(tmp_path, monkeypatch):
    folder = tmp_path / "models"
    monkeypatch.setenv("SOAN_MODELS", str(folder))
    model_module._LOADED.clear()
    return folder
