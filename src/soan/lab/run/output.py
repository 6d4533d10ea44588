"""Writing the lab's files: checked before any work starts, written whole or not at all."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from soan.lab.run.runner import LabError


def _nearest_existing(path: Path) -> Path:
    path = path.absolute()
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def _check_folder_writable(folder: Path, option: str, shown: Path) -> None:
    existing = _nearest_existing(folder)
    if not existing.is_dir():
        raise LabError(f"{option} {shown}: {existing} is a file, not a folder; "
                       f"choose a path in a folder")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise LabError(f"{option} {shown}: cannot write in {existing} (permission denied); "
                       f"choose a folder you may write to")


def check_output_file(path: Path, example: str, option: str = "--out") -> None:
    """Refuse a file path that is a folder or cannot be written, before any work;
    `example` is a file name to suggest."""
    if path.is_dir():
        raise LabError(f"{option} {path} is a folder; name a file in it, such as "
                       f"{path / example}")
    if path.exists() and not os.access(path, os.W_OK):
        raise LabError(f"{option} {path}: the file is read-only; choose another {option}")
    _check_folder_writable(path.parent, option, path)


def check_output_folder(path: Path, option: str = "--out") -> None:
    """Refuse a folder path that is a file or cannot be written, before any work."""
    if path.exists() and not path.is_dir():
        raise LabError(f"{option} {path} is a file; name a folder for the study")
    _check_folder_writable(path, option, path)


def write_atomically(path: Path, write: Callable[[Path], object]) -> None:
    """Call `write(tmp)` and move the result onto `path`: a reader sees the old file or
    the whole new one, and a failed write leaves no temporary file behind."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    try:
        write(tmp)
        tmp.replace(path)
    except OSError as exc:
        raise LabError(f"cannot write {path}: {exc.strerror or exc}") from None
    finally:
        tmp.unlink(missing_ok=True)
