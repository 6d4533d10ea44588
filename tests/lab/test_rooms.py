"""The lab's rooms and the report's steps import in one direction only (docs/lab.md)."""

from __future__ import annotations

import ast
from pathlib import Path

LAB = Path(__file__).resolve().parents[2] / "src" / "soan" / "lab"

# Each room imports only the rooms before it (and the options every command shares); the
# front door (study, cli) may import any room, and no room imports it.
ROOMS = ["run", "report", "value", "tune", "ladder", "review"]
# Each step of the report imports only the steps before it.
STEPS = ["metrics", "sets", "findings", "compare", "check", "messages", "words", "charts",
         "template", "report"]


def lab_imports(path: Path) -> set[str]:
    """The lab modules a file imports, anywhere in it (in functions and TYPE_CHECKING
    blocks too), as dotted names under soan.lab."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        else:
            continue
        found |= {n.removeprefix("soan.lab.") for n in names if n.startswith("soan.lab.")}
    return found


def test_rooms_import_only_rooms_before_them() -> None:
    for index, room in enumerate(ROOMS):
        later = [*ROOMS[index + 1:], "study", "cli"]
        for path in (LAB / room).glob("*.py"):
            bad = {n for n in lab_imports(path) if n.split(".")[0] in later}
            assert not bad, f"{room}/{path.name} imports {bad}"


def test_the_report_goes_one_way() -> None:
    for index, step in enumerate(STEPS):
        later = STEPS[index + 1:]
        names = lab_imports(LAB / "report" / f"{step}.py")
        bad = {n for n in names if n.startswith("report.") and n.split(".")[1] in later}
        assert not bad, f"report/{step}.py imports a later step: {bad}"
    assert set(STEPS) == {p.stem for p in (LAB / "report").glob("*.py")} - {"__init__"}


def test_judging_knows_no_words() -> None:
    for step in ("sets", "findings", "compare", "check"):
        names = lab_imports(LAB / "report" / f"{step}.py")
        assert not names & {"report.messages", "report.words", "report.charts"}, step
