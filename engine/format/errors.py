"""The loader's errors: :class:`ScenarioError`, the internal :class:`Invalid` that carries a problem's place
up to where the place is known, and msgspec's refusal said exactly (what was expected there, and what was
given: msgspec says only the former)."""

from __future__ import annotations

import json
from typing import Any, Literal, get_args, get_origin

import msgspec

from engine.format.vocabulary import MAX_DIGITS, REFS, Wire, bare, is_union, struct_fields
from engine.values.text import did_you_mean, printable


class ScenarioError(ValueError):
    """An invalid scenario or scenario file; ``str(err) == f"{err.path}: {err.message}"``."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


class Invalid(Exception):
    """Internal: a problem and where it is (keys and indices); each caller prefixes where it was looking."""

    def __init__(self, message: str, *parts: object) -> None:
        super().__init__(message)
        self.message = message
        self.parts = list(parts)

    def error(self, line: int | None = None) -> ScenarioError:
        path = "".join(
            f"[{p}]" if type(p) is int else f".{printable(p)}" if type(p) is str else f".{show(p)}" for p in self.parts
        ).lstrip(".")
        if line is not None:
            return ScenarioError(f"line {line}: {path}" if path else f"line {line}", self.message)
        return ScenarioError(path or "$", self.message)


def show(v: object) -> str:
    """A value as an error message quotes it: short, one line, control characters escaped."""
    if isinstance(v, dict):
        return "an object"
    if isinstance(v, list | tuple):
        return "a list"
    if type(v) is int and abs(v) >= 10**MAX_DIGITS:  # str() of a huge int is slow, or refused outright
        return f"an integer of {v.bit_length()} bits"
    try:
        s = json.dumps(v, ensure_ascii=False)
    except (TypeError, ValueError):
        s = f"a {type(v).__name__}"
    s = printable(s)
    return s if len(s) <= 60 else s[:57] + "..."


def one_of(values: tuple[str, ...], v: object) -> str:
    return f"expected one of {', '.join(values)}, got {show(v)}{did_you_mean(v, values, show)}"


# --- msgspec's refusal, said exactly ---------------------------------------------------------------------

_REFUSED = (msgspec.ValidationError, UnicodeEncodeError)  # the latter: a key with a lone surrogate
_ACTIVATION_KEYS = frozenset({"does", "cost", "target"})
Where = tuple[object, ...]


def convert(data: object, tp: Any) -> Any:
    """``data`` as ``tp``, or :class:`Invalid` naming its first problem and what was expected there."""
    try:
        return msgspec.convert(data, tp)
    except _REFUSED as e:
        parts, message = _problem(tp, data) or ((), str(e))
        raise Invalid(message, *parts) from None


def _fits(value: object, tp: Any) -> bool:
    try:
        msgspec.convert(value, tp)
    except _REFUSED:
        return False
    return True


def _problem(tp: Any, value: Any) -> tuple[Where, str] | None:
    """Where ``value`` (refused as ``tp``) has its first problem, in msgspec's order (keys in document order,
    then missing keys, then the object's own rule), and what it is."""
    tp, metas = bare(tp)
    if is_union(tp):
        return _union_problem(tp, value)
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        return _object_problem(tp, value)
    if get_origin(tp) is tuple:
        if type(value) is not list:
            return (), f"expected a list, got {show(value)}"
        most = next((m.max_length for m in metas if m.max_length is not None), None)
        if most is not None and len(value) > most:  # (first: no need to read each of too many items)
            return (), f"expected at most {most} item(s), got {len(value)}"
        item = get_args(tp)[0]
        bad = next((i for i, x in enumerate(value) if not _fits(x, item)), None)
        if bad is not None:
            return _under(bad, _problem(item, value[bad]))
        least = next((m.min_length for m in metas if m.min_length), 1)
        return (), f"expected at least {least} item(s), got an empty list"
    ref = next((m.title for m in metas if m.title in REFS), None)
    if ref is not None:
        return (), f"expected {REFS[ref]}, got {show(value)}"
    if tp is bool:
        return (), f"expected true or false, got {show(value)}"
    if tp is int and type(value) is int:
        bounds = {k: v for m in metas for k in ("ge", "le") if (v := getattr(m, k)) is not None}
        return (), f"expected an integer from {bounds['ge']} to {bounds['le']}, got {show(value)}"
    if tp is int:
        return (), f"expected an integer, got {show(value)}"
    if tp is str and type(value) is str:
        return (), 'expected a non-empty string, got ""'
    if tp is str:
        return (), f"expected a string, got {show(value)}"
    if get_origin(tp) is Literal:
        values = get_args(tp)
        return (), f"expected {show(values[0])}, got {show(value)}" if len(values) == 1 else one_of(values, value)
    return None


def _union_problem(tp: Any, value: Any) -> tuple[Where, str] | None:
    """A union is one of the format's tagged unions (an effect, an operation: the tag says which struct),
    one value or a list of them (a trigger's ``condition``), or a card id or null (``attack.target``)."""
    members = get_args(tp)
    tagged = {str(t.__struct_config__.tag): t for t in members
              if isinstance(t, type) and issubclass(t, Wire)
              and t.__struct_config__.tag_field is not None}  # fmt: skip
    plain = next((t for t in members if isinstance(t, type) and issubclass(t, Wire) and t not in tagged.values()),
                 None)  # fmt: skip
    if plain is not None and type(value) is dict:  # a reference or an object (an effect's target): the object
        return _object_problem(plain, value)
    if tagged:
        if type(value) is not dict:
            return (), f"expected an object, got {show(value)}"
        key = str(members[0].__struct_config__.tag_field)
        if key not in value:
            return (key,), "missing required key"
        if type(value[key]) is not str or value[key] not in tagged:
            return (key,), one_of(tuple(tagged), value[key])
        return _object_problem(tagged[value[key]], value)
    listed = next((t for t in members if get_origin(bare(t)[0]) is tuple), None)
    if listed is not None and type(value) is list:
        return _problem(listed, value)
    return _problem(next(t for t in members if t is not listed and t is not type(None)), value)


def _object_problem(cls: type[msgspec.Struct], value: Any) -> tuple[Where, str] | None:
    if type(value) is not dict:
        return (), f"expected an object, got {show(value)}"
    fields = struct_fields(cls)
    tag_key = cls.__struct_config__.tag_field
    for key, x in value.items():
        if key == tag_key:
            continue
        if key not in fields:
            if key in _ACTIVATION_KEYS and tag_key == "kind" and "does" not in fields:  # a continuous effect
                return (key,), f"a continuous effect ({cls.__struct_config__.tag}) takes no {key}, got {show(x)}"
            allowed = ", ".join([tag_key, *fields] if tag_key else fields)
            return (key,), f"unknown key {show(key)}{did_you_mean(key, fields, show)} (allowed: {allowed})"
        if not _fits(x, fields[key].type):
            return _under(key, _problem(fields[key].type, x))
    missing = next((key for key, f in fields.items() if f.required and key not in value), None)
    if missing is not None:
        return (missing,), "missing required key"
    try:  # the object's own rule (__post_init__)
        msgspec.convert(value, cls)
    except msgspec.ValidationError as e:
        return (), str(e)
    return None


def _under(step: object, found: tuple[Where, str] | None) -> tuple[Where, str] | None:
    return None if found is None else ((step, *found[0]), found[1])
