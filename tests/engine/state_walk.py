"""Walk a game state's whole internal state: every slot of the class hierarchy (and
`__dict__`, if any), recursively through lists, dicts, sets, tuples, dataclasses,
pydantic models and objects with slots.

`deep_value` turns an object into a flat token list that two states share exactly
when their internal states are equal; `mutable_ids` collects the identity of every
mutable object reachable from it (the objects a copy must never share). Both walk
iteratively, so the persistent usage-notes list (a chain of nested tuples as long as
the game) needs no recursion.
"""

from __future__ import annotations

import dataclasses
import types
from typing import Any

ATOMS = frozenset({int, float, complex, str, bytes, bool, type(None), range})
OPAQUE = (type, types.FunctionType, types.BuiltinFunctionType, types.MethodType)
UNSET = "<slot not set>"


def slot_names(cls: type) -> tuple[str, ...]:
    """Every slot of `cls` and its bases (private names mangled as Python stores them)."""
    names: list[str] = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        if isinstance(slots, str):
            slots = (slots,)
        for name in slots:
            if name in ("__dict__", "__weakref__"):
                continue
            if name.startswith("__") and not name.endswith("__"):
                name = f"_{klass.__name__.lstrip('_')}{name}"
            if name not in names:
                names.append(name)
    return tuple(names)


def _is_pydantic(obj: Any) -> bool:
    return hasattr(type(obj), "model_fields") and hasattr(type(obj), "model_config")


def fields(obj: Any) -> list[tuple[str, Any]]:
    """The named parts of an object: its slots, then its `__dict__` (sorted); for a
    pydantic model its declared fields (its bookkeeping sets are pydantic's own)."""
    if _is_pydantic(obj):
        return [(name, getattr(obj, name)) for name in type(obj).model_fields]
    out = [(name, getattr(obj, name, UNSET)) for name in slot_names(type(obj))]
    extra = getattr(obj, "__dict__", None)
    if extra:
        out.extend(sorted(extra.items()))
    return out


def is_immutable_type(obj: Any) -> bool:
    """True for objects whose own parts cannot be changed (their contents are walked
    separately): atoms, tuples, frozensets, frozen dataclasses, frozen pydantic models."""
    t = type(obj)
    if t in ATOMS or t is tuple or t is frozenset or isinstance(obj, OPAQUE):
        return True
    if dataclasses.is_dataclass(obj):
        return bool(t.__dataclass_params__.frozen)  # type: ignore[attr-defined]
    if _is_pydantic(obj):
        return bool(t.model_config.get("frozen"))
    return False


def deep_value(root: Any) -> list:
    """A flat token list of `root`'s whole value (types, lengths, part names, atoms):
    two objects give equal lists exactly when their deep values are equal."""
    out: list = []
    add = out.append
    stack: list = [root]
    pop, push = stack.pop, stack.append
    while stack:
        x = pop()
        t = type(x)
        if t in ATOMS:
            add(t)
            add(x)
        elif t is list or t is tuple:
            add(t)
            add(len(x))
            stack.extend(reversed(x))
        elif t is dict:
            add(t)
            add(len(x))
            for k, v in reversed(list(x.items())):
                push(v)
                push(k)
        elif t is set or t is frozenset:
            add(t)
            add(len(x))
            stack.extend(sorted(x, key=repr))
        elif t is bytearray:
            add(t)
            add(bytes(x))
        elif isinstance(x, OPAQUE):
            add(x)
        else:
            parts = fields(x)
            add(t)
            add(tuple(name for name, _ in parts))
            stack.extend(value for _, value in reversed(parts))
    return out


def state_value(state: Any, skip: frozenset[str] = frozenset()) -> dict[str, Any]:
    """Each slot of `state` -> its deep value; a slot named in `skip` -> the identity of
    its object (its deep value is checked elsewhere)."""
    return {
        name: ("<shared>", id(value)) if name in skip else deep_value(value)
        for name, value in fields(state)
    }


def differing(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """The slots whose values differ between two `state_value`s."""
    return [name for name in a.keys() | b.keys() if a.get(name) != b.get(name)]


def mutable_ids(root: Any, skip: frozenset[str] = frozenset()) -> dict[int, Any]:
    """id -> object for every mutable object reachable from `root`'s slots (not `root`
    itself), leaving out the top-level slots named in `skip`."""
    found: dict[int, Any] = {}
    stack = [value for name, value in fields(root) if name not in skip]
    pop, push = stack.pop, stack.append
    while stack:
        x = pop()
        t = type(x)
        if t in ATOMS:
            continue
        if t is list or t is tuple or t is set or t is frozenset:
            if t is list or t is set:
                if id(x) in found:
                    continue
                found[id(x)] = x
            for y in x:
                if type(y) not in ATOMS:
                    push(y)
        elif t is dict:
            if id(x) in found:
                continue
            found[id(x)] = x
            for k, v in x.items():
                if type(k) not in ATOMS:
                    push(k)
                if type(v) not in ATOMS:
                    push(v)
        elif t is bytearray:
            found[id(x)] = x
        elif isinstance(x, OPAQUE):
            continue
        else:
            if not is_immutable_type(x):
                if id(x) in found:
                    continue
                found[id(x)] = x
            for _, value in fields(x):
                push(value)
    return found


def paths_to(root: Any, targets: set[int], skip: frozenset[str] = frozenset()) -> dict[int, str]:
    """For each id in `targets`, the first path from `root` that reaches it
    (`draft[0]`, `board.world.hex_cell`): for naming what two states share."""
    paths: dict[int, str] = {}
    seen: set[int] = set()
    stack = [(value, name) for name, value in reversed(fields(root)) if name not in skip]
    while stack:
        x, path = stack.pop()
        t = type(x)
        if t in ATOMS or isinstance(x, OPAQUE):
            continue
        if id(x) in targets and id(x) not in paths:
            paths[id(x)] = path
        if id(x) in seen:
            continue
        seen.add(id(x))
        if t is list or t is tuple:
            stack.extend((y, f"{path}[{i}]") for i, y in reversed(list(enumerate(x))))
        elif t is set or t is frozenset:
            stack.extend((y, f"{path}{{{y!r}}}") for y in x)
        elif t is dict:
            stack.extend((v, f"{path}[{k!r}]") for k, v in x.items())
        elif t is not bytearray:
            stack.extend((v, f"{path}.{n}") for n, v in reversed(fields(x)))
    return paths
