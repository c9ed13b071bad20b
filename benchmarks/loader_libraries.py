"""msgspec, pydantic v2 and cattrs on the scenario format: the evaluation behind docs/loader-evaluation.md.

    python3 -m pip install pydantic cattrs      # not dependencies of the engine: only this script needs them
    python3 benchmarks/loader_libraries.py [--quick]

Each library gets the same prototype, built from the published JSON Schema (engine/schemas/
scenario.schema.json) by one small translator per library, so that none is favoured by hand: closed objects
(unknown keys refused), every integer bounded, enums, non-empty strings, lists with a minimum length,
null only where the schema allows it, and the tagged unions of effects (`kind`) and operations (`op`);
strict types (bool is no int, 1.0 no int). What the schema leaves to code (references, per-card-type
keys, "at least one of", the attack) is left out of all three: this compares the structural pass only.
It prints, for each library: the error for typical mistakes, whether it writes a JSON Schema (draft 2020-12)
that accepts every scenario of tests/rules/*.jsonl, the structural pass in µs per scenario (best of several
passes, the libraries taking turns) as a ratio to json.loads of the same records, and the cost of importing
it. The weight of each (wheels and their dependencies) is measured with pip, as docs/loader-evaluation.md says.
"""

from __future__ import annotations

import argparse
import copy
import gc
import importlib.metadata
import json
import keyword
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Literal, Union

import jsonschema
import msgspec

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "engine" / "schemas" / "scenario.schema.json").read_text(encoding="utf-8"))
RECORDS = [json.loads(x) for f in sorted((ROOT / "tests" / "rules").glob("*.jsonl"))
           for x in f.read_text(encoding="utf-8").splitlines() if x.strip()]  # fmt: skip
SCENARIOS = [r["scenario"] for r in RECORDS]
Json = dict[str, Any]


# --- a translator from the schema: the library-specific parts are the methods of an adapter ----------------


class Translator:
    """Walks the published schema; `lib` makes each library's types."""

    def __init__(self, lib: Any) -> None:
        self.lib = lib
        self.models: dict[str, Any] = {}

    def root(self) -> Any:
        return self.model("scenario", {k: v for k, v in SCHEMA.items() if k != "$defs"})

    def model(self, name: str, node: Json, tag: tuple[str, str] | None = None) -> Any:
        if name not in self.models:
            fields = []
            for key, prop in node["properties"].items():
                if tag is not None and key == tag[0]:
                    continue
                required = key in node.get("required", ())
                fields.append((key, self.type(prop, f"{name}.{key}"), required, prop.get("default")))
            self.models[name] = self.lib.model(name, fields, tag)
        return self.models[name]

    def type(self, node: Json, where: str) -> Any:
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[1]
            target = SCHEMA["$defs"][name]
            if "discriminator" in target:
                key = target["discriminator"]["propertyName"]
                members = {}
                for ref in target["anyOf"]:
                    sub = ref["$ref"].rsplit("/", 1)[1]
                    members[sub.split(".", 1)[1]] = self.model(sub, SCHEMA["$defs"][sub], (key, sub.split(".", 1)[1]))
                return self.lib.tagged(key, members)
            if target.get("type") == "object":
                return self.model(name, target)
            return self.type(target, where)
        if "enum" in node:
            return self.lib.enum(tuple(node["enum"]))
        if "anyOf" in node:
            members = [m for m in node["anyOf"] if m.get("type") != "null"]
            inner = [self.type(m, where) for m in members]
            t = inner[0] if len(inner) == 1 else self.lib.union(inner)
            return self.lib.nullable(t) if len(members) < len(node["anyOf"]) else t
        kind = node["type"]
        if kind == "integer":
            return self.lib.integer(node["minimum"], node["maximum"])
        if kind == "string":
            return self.lib.string(node.get("minLength", 0))
        if kind == "boolean":
            return self.lib.boolean()
        if kind == "array":
            return self.lib.array(self.type(node["items"], where), node.get("minItems", 0))
        raise AssertionError(f"{where}: {node}")


def attr(key: str) -> str:
    return key + "_" if keyword.iskeyword(key) or key in ("self", "json", "copy") else key


class Msgspec:
    name = "msgspec"

    def integer(self, lo: int, hi: int) -> Any:
        return Annotated[int, msgspec.Meta(ge=lo, le=hi)]

    def string(self, least: int) -> Any:
        return Annotated[str, msgspec.Meta(min_length=least)] if least else str

    def boolean(self) -> Any:
        return bool

    def enum(self, values: tuple[str, ...]) -> Any:
        return Literal[values]

    def array(self, item: Any, least: int) -> Any:
        return Annotated[list[item], msgspec.Meta(min_length=least)] if least else list[item]

    def nullable(self, t: Any) -> Any:
        return t | None

    def union(self, ts: list[Any]) -> Any:
        return Union[tuple(ts)]  # noqa: UP007

    def tagged(self, key: str, members: dict[str, Any]) -> Any:
        return Union[tuple(members.values())]  # noqa: UP007

    def model(self, name: str, fields: list[Any], tag: tuple[str, str] | None) -> Any:
        spec = []
        for key, t, required, default in fields:
            if required:
                spec.append((attr(key), t, msgspec.field(name=key)))
            elif default is None:
                spec.append((attr(key), t | msgspec.UnsetType, msgspec.field(default=msgspec.UNSET, name=key)))
            elif isinstance(default, list | dict):
                factory = list if default == [] else lambda d=default: copy.deepcopy(d)
                spec.append((attr(key), t, msgspec.field(default_factory=factory, name=key)))
            else:
                spec.append((attr(key), t, msgspec.field(default=default, name=key)))
        tags = {"tag_field": tag[0], "tag": tag[1]} if tag else {}
        return msgspec.defstruct(name, spec, kw_only=True, forbid_unknown_fields=True, **tags)

    def convert(self, model: Any) -> Callable[[Any], Any]:
        return lambda data: msgspec.convert(data, model)

    def errors(self, e: Exception) -> list[str]:
        return [str(e)]

    def schema(self, model: Any) -> Json | None:
        return msgspec.json.schema(model)


class Pydantic:
    name = "pydantic v2"

    def __init__(self) -> None:
        import pydantic

        self.p = pydantic

    def integer(self, lo: int, hi: int) -> Any:
        return Annotated[int, self.p.Field(ge=lo, le=hi)]

    def string(self, least: int) -> Any:
        return Annotated[str, self.p.Field(min_length=least)] if least else str

    def boolean(self) -> Any:
        return bool

    def enum(self, values: tuple[str, ...]) -> Any:
        return Literal[values]

    def array(self, item: Any, least: int) -> Any:
        return Annotated[list[item], self.p.Field(min_length=least)] if least else list[item]

    def nullable(self, t: Any) -> Any:
        return t | None

    def union(self, ts: list[Any]) -> Any:
        return Union[tuple(ts)]  # noqa: UP007

    def tagged(self, key: str, members: dict[str, Any]) -> Any:
        return Annotated[Union[tuple(members.values())], self.p.Field(discriminator=attr(key))]  # noqa: UP007

    def model(self, name: str, fields: list[Any], tag: tuple[str, str] | None) -> Any:
        spec: dict[str, Any] = {}
        if tag is not None:
            spec[attr(tag[0])] = (Literal[tag[1]], self.p.Field(alias=tag[0]))
        for key, t, required, default in fields:
            # absent: the default (None where the format has none: not validated, so null stays refused)
            value = ... if required else copy.deepcopy(default)
            spec[attr(key)] = (t, self.p.Field(value, alias=key))
        config = self.p.ConfigDict(extra="forbid", strict=True, populate_by_name=False)
        return self.p.create_model(name.replace(".", "_"), __config__=config, **spec)

    def convert(self, model: Any) -> Callable[[Any], Any]:
        return self.p.TypeAdapter(model).validate_python

    def errors(self, e: Exception) -> list[str]:
        assert isinstance(e, self.p.ValidationError)
        return [f"{'.'.join(map(str, err['loc']))}: {err['msg']} [{err['type']}]" for err in e.errors()]

    def schema(self, model: Any) -> Json | None:
        return dict(self.p.TypeAdapter(model).json_schema(by_alias=True))


class Cattrs:
    name = "cattrs"

    def __init__(self) -> None:
        import attrs
        import cattrs
        from cattrs.gen import make_dict_structure_fn, override
        from cattrs.strategies import configure_tagged_union

        self.attrs, self.cattrs = attrs, cattrs
        self.make, self.override, self.tagged_union = make_dict_structure_fn, override, configure_tagged_union
        self.conv = cattrs.Converter(forbid_extra_keys=True)
        for t in (int, str, bool):  # cattrs structures int("1") and int(True) unless told otherwise
            self.conv.register_structure_hook(t, self.strict(t))

    @staticmethod
    def strict(t: type) -> Callable[[Any, Any], Any]:
        def hook(v: Any, _: Any) -> Any:
            if type(v) is not t:
                raise TypeError(f"expected {t.__name__}, got {type(v).__name__}")
            return v

        return hook

    # A type is (annotation, attrs validator or None): the constraints are attrs validators.
    def integer(self, lo: int, hi: int) -> Any:
        v = self.attrs.validators
        return int, v.and_(v.ge(lo), v.le(hi))

    def string(self, least: int) -> Any:
        return str, self.attrs.validators.min_len(least) if least else None

    def boolean(self) -> Any:
        return bool, None

    def enum(self, values: tuple[str, ...]) -> Any:
        return Literal[values], None

    def array(self, item: Any, least: int) -> Any:
        v = self.attrs.validators
        inner = v.deep_iterable(item[1]) if item[1] else None
        check = [c for c in (inner, v.min_len(least) if least else None) if c]
        return list[item[0]], v.and_(*check) if check else None

    def nullable(self, t: Any) -> Any:
        return t[0] | None, self.attrs.validators.optional(t[1]) if t[1] else None

    def union(self, ts: list[Any]) -> Any:  # one value or a list of them (a trigger's condition)
        one, many = (t[0] for t in ts)
        u = Union[one, many]  # noqa: UP007
        self.conv.register_structure_hook(
            u, lambda v, _: self.conv.structure(v, many) if type(v) is list else self.conv.structure(v, one)
        )
        return u, None

    def tagged(self, key: str, members: dict[str, Any]) -> Any:
        u = Union[tuple(cls for cls, _ in members.values())]  # noqa: UP007
        tags = {cls: tag for tag, (cls, _) in members.items()}
        self.tagged_union(u, self.conv, tag_name=key, tag_generator=tags.__getitem__)
        return u, None

    def model(self, name: str, fields: list[Any], tag: tuple[str, str] | None) -> Any:
        attributes = {}
        for key, (t, check), required, default in sorted(fields, key=lambda f: not f[2]):
            if required:
                attributes[attr(key)] = self.attrs.field(type=t, validator=check)
            else:
                value = default
                if isinstance(default, list | dict):
                    value = self.attrs.Factory(list if default == [] else lambda d=default: copy.deepcopy(d))
                if default is None and check is not None:  # absent: None, which the checks let pass
                    check = self.attrs.validators.optional(check)
                attributes[attr(key)] = self.attrs.field(type=t, validator=check, default=value)
        cls = self.attrs.make_class(name.replace(".", "_"), attributes, frozen=True)
        renames = {attr(k): self.override(rename=k) for k, *_ in fields if attr(k) != k}
        self.conv.register_structure_hook(cls, self.make(cls, self.conv, _cattrs_forbid_extra_keys=True, **renames))
        return cls, None

    def convert(self, model: Any) -> Callable[[Any], Any]:
        return lambda data: self.conv.structure(data, model[0])

    def errors(self, e: Exception) -> list[str]:
        if isinstance(e, self.cattrs.BaseValidationError):
            return list(self.cattrs.transform_error(e))
        return [f"{type(e).__name__}: {e} (no path)"]

    def schema(self, model: Any) -> Json | None:
        return None  # cattrs writes no JSON Schema


# --- the measurements ------------------------------------------------------------------------------------------

BASE: Json = {
    "format": "damage-step-scenario/1",
    "cards": [
        {"id": "att", "controller": "A", "atk": 2000, "def": 1000, "position": "attack", "effects": []},
        {"id": "trap", "controller": "B", "location": "spell_trap_zone", "card_type": "trap", "face_down": True,
         "effects": [{"kind": "activated", "speed": 2,
                      "does": [{"op": "change_stats", "target": "attacker", "atk": -500}]}]},
    ],
    "attack": {"attacker": "att", "target": None},
}  # fmt: skip


def mistake(path: tuple[Any, ...], value: Any) -> Json:
    d = copy.deepcopy(BASE)
    node: Any = d
    for key in path[:-1]:
        node = node[key]
    if value is DEL:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return d


DEL = object()
MISTAKES = [
    ("wrong type deep", mistake(("cards", 1, "effects", 0, "does", 0, "atk"), "-500")),
    ("unknown key", mistake(("cards", 0, "atkk"), 1)),
    ("missing key", mistake(("cards", 0, "controller"), DEL)),
    ("bad enum", mistake(("cards", 0, "position"), "atk")),
    ("out of range", mistake(("cards", 0, "atk"), -1)),
    ("bool for int", mistake(("cards", 0, "atk"), True)),
    ("1.0 for int", mistake(("cards", 0, "atk"), 1.0)),
    ("null for a string", mistake(("cards", 0, "name"), None)),
    ("unknown kind", mistake(("cards", 1, "effects", 0, "kind"), "pierce")),
]


def show_errors(lib: Any, convert: Callable[[Any], Any]) -> None:
    convert(BASE)
    for label, data in MISTAKES:
        try:
            convert(data)
            print(f"  {label:18} ACCEPTED")
        except Exception as e:  # what each library raises is what is shown
            print(f"  {label:18} " + " | ".join(lib.errors(e))[:150])


def show_schema(lib: Any, model: Any) -> None:
    try:
        schema = lib.schema(model)
    except Exception as e:
        print(f"  schema: fails: {type(e).__name__}: {e}")
        return
    if schema is None:
        print("  schema: none (the library writes no JSON Schema)")
        return
    jsonschema.Draft202012Validator.check_schema(schema)
    v = jsonschema.Draft202012Validator(schema)
    accepted = sum(v.is_valid(s) for s in SCENARIOS)
    refused = sum(not v.is_valid(d) for _, d in MISTAKES)
    size = len(json.dumps(schema, indent=2).splitlines())
    print(f"  schema: valid draft 2020-12, {size} lines; accepts {accepted}/{len(SCENARIOS)} corpus scenarios, "
          f"refuses {refused}/{len(MISTAKES)} of the mistakes above")  # fmt: skip


def hooked_decoder() -> json.JSONDecoder:
    """json with hooks that refuse what msgspec's decoder also refuses or does not see: as the loader's exact
    decoder (engine/scenario.py, _Refusals), less the bookkeeping that names the place."""

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        d = dict(items)
        if len(d) < len(items):
            raise ValueError("duplicate key")
        return d

    def integer(s: str) -> int:
        if len(s.lstrip("-")) > 20:
            raise ValueError("too long")
        return int(s)

    return json.JSONDecoder(object_pairs_hook=pairs, parse_int=integer, parse_float=float, parse_constant=float)


def quick(raw: bytes) -> Any:
    """msgspec's decoder and the loader's check that it gave what the exact decoder gives (_quick_json)."""
    data = msgspec.json.decode(raw)
    colons = raw.count(b":") + raw.count(b"\\u003a") + raw.count(b"\\u003A")
    if colons != msgspec.json.encode(data).count(b":") or b"0" * 21 in raw.translate(DIGITS):
        raise ValueError("to the exact decoder")
    return data


DIGITS = bytes.maketrans(b"0123456789", b"0" * 10)


def timings(fns: dict[str, Callable[[], object]], passes: int) -> dict[str, float]:
    best = dict.fromkeys(fns, float("inf"))
    for _ in range(passes):  # taking turns, so that a busy moment hits all of them
        for name, fn in fns.items():
            gc.collect()
            gc.disable()
            t = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - t)
            gc.enable()
    return best


def import_ms(module: str, runs: int) -> float:
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    times = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
             for _ in range(runs)]  # fmt: skip
    return min(times) * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="fewer passes (smoke run)")
    passes = 3 if ap.parse_args().quick else 30
    libs: list[Any] = [Msgspec()]
    for make in (Pydantic, Cattrs):
        try:
            libs.append(make())
        except ImportError as e:
            print(f"({make.__name__} skipped: {e}; pip install pydantic cattrs)")
    converts = {}
    for lib in libs:
        model = Translator(lib).root()
        converts[lib.name] = lib.convert(model)
        print(f"\n{lib.name} {importlib.metadata.version(lib.name.split()[0])}")
        show_errors(lib, converts[lib.name])
        show_schema(lib, model)
    for convert in converts.values():
        for s in SCENARIOS:
            convert(s)  # every corpus scenario passes each prototype
    lines = [json.dumps(r) for r in RECORDS]
    raw = [x.encode() for x in lines]
    fns: dict[str, Callable[[], object]] = {"json.loads": lambda: [json.loads(x) for x in lines]}
    fns |= {name: lambda c=c: [c(s) for s in SCENARIOS] for name, c in converts.items()}
    best = timings(fns, passes)
    print(f"\nstructural pass over the {len(SCENARIOS)} corpus scenarios, best of {passes} passes")
    for name, t in best.items():
        print(f"  {name:14} {t / len(SCENARIOS) * 1e6:7.1f} µs/scenario  {t / best['json.loads']:5.2f} × json.loads")
    hooked = hooked_decoder()
    decoders: dict[str, Callable[[], object]] = {
        "json.loads": lambda: [json.loads(x) for x in lines],
        "json + hooks": lambda: [hooked.decode(x.decode()) for x in raw],
        "msgspec": lambda: [msgspec.json.decode(x) for x in raw],
        "msgspec+check": lambda: [quick(x) for x in raw],
    }
    best = timings(decoders, passes)
    print(f"\ndecoding the {len(RECORDS)} corpus records (whole lines), best of {passes} passes")
    for name, t in best.items():
        print(f"  {name:14} {t / len(RECORDS) * 1e6:7.1f} µs/record    {t / best['json.loads']:5.2f} × json.loads")
    print("\nimport time (best of 5 fresh processes)")
    for module in ("json", "msgspec", "pydantic", "cattrs"):
        try:
            print(f"  {module:10} {import_ms(module, 5):6.1f} ms")
        except subprocess.CalledProcessError:
            print(f"  {module:10} not installed")


if __name__ == "__main__":
    main()
