"""The files people hand soan: read only when whole, sane and UTF-8; written whole or
not at all.

A content file, a record or a bot file comes from a person's editor, a download or
an attacker. `read_text` refuses a folder, a device or pipe, a file over its size
limit (before reading it) and bytes that are not UTF-8, naming the file, the line
and the fix. `check_writable` refuses a path a command could not write before any
work starts, so nothing is played or computed for nothing; `write_atomic` writes to
a temporary file beside the target and moves it into place, removing it on failure.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from soan.engine.errors import SoanError

MB = 1 << 20


class FileError(SoanError):
    """A file that cannot be read or written, with what to do about it."""


def read_text(path: Path | str, what: str, limit: int) -> str:
    """The UTF-8 text of `path` (a `what`, such as "content file"), at most `limit` bytes."""
    path = Path(path)
    try:
        info = path.stat()
    except OSError as exc:
        raise FileError(f"cannot read {what} {path}: {exc.strerror}") from None
    if stat.S_ISDIR(info.st_mode):
        raise FileError(f"cannot read {what} {path}: Is a directory; give the path of a file")
    if not stat.S_ISREG(info.st_mode):
        raise FileError(f"{what} {path} is not a regular file")
    if info.st_size > limit:
        raise FileError(f"{what} {path} is {info.st_size / MB:.1f} MB; a {what} may be at "
                        f"most {limit / MB:g} MB")
    try:
        with path.open("rb") as f:
            data = f.read(limit + 1)
    except OSError as exc:
        raise FileError(f"cannot read {what} {path}: {exc.strerror}") from None
    if len(data) > limit:
        raise FileError(f"{what} {path} is over {limit / MB:g} MB, the most a {what} may be")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise FileError(
            f"{what} {path} is not UTF-8 text (byte {exc.start + 1}, line {line}); "
            "save it as UTF-8"
        ) from None


def check_writable(path: Path | str, option: str) -> Path:
    """Refuse, before any work starts, a path `option` names that could not be written."""
    path = Path(path)
    if str(path) in ("", "."):
        raise FileError(f"{option} needs a file name")
    if path.is_dir():
        raise FileError(f"{option} {path} is a folder; give a file name inside it, "
                        f"such as {path / 'name'}")
    if path.exists() and not path.is_file():
        raise FileError(f"{option} {path} exists and is not a regular file")
    parent = path.parent
    if not parent.exists():
        raise FileError(f"{option} {path}: the folder {parent} does not exist; create it "
                        "first or choose another path")
    if not parent.is_dir():
        raise FileError(f"{option} {path}: {parent} is a file, not a folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise FileError(f"{option} {path}: cannot write in {parent} (permission denied)")
    return path


def write_atomic(path: Path | str, text: str) -> None:
    """Write `text` as UTF-8 to `path` whole, or leave `path` as it was and no other
    file behind."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with tmp.open("w", encoding="utf-8") as f:
            f.write(text)
        tmp.replace(path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise FileError(f"cannot write {path}: {exc.strerror}") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
