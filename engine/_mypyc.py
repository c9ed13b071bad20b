"""The compiled build's run-time side (setup.py, docs/compiled-build.md): which build runs, and `mypyc_attr`.

Imported first by `import engine` (before any module mypyc may have compiled), it decides whether the
compiled modules installed beside the sources may be used:

- `ENGINE_PURE=1` in the environment: never; every module of the package is imported from its `.py` source;
- an editable compiled install (the record setup.py writes, `_build.json`, holds each compiled module's
  source hash) in which a compiled module's source was edited since it was compiled, or whose top-level
  mypyc library is missing: not either, with a one-line warning on stderr, since the compiled module
  would run the old code (`pip install -e .` rebuilds them);
- otherwise: yes (`engine.compiled()` then says whether there are any).

Refusing them is a finder put first on `sys.meta_path` that finds every `engine.*` module as its source, ahead
of the extension module beside it. `mypyc_attr`: mypyc reads the decorator from the source (it resolves this
re-export to `mypy_extensions.mypyc_attr`); at run time it only returns the class, so a pure-Python install
without mypy_extensions gets the same no-op.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from importlib.util import find_spec, spec_from_file_location
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # pragma: no cover - mypy_extensions comes with mypy, a dev/build need only

        def mypyc_attr(*attrs: Any, **kwattrs: Any) -> Any:
            return lambda cls: cls


PACKAGE = Path(__file__).resolve().parent
RECORD = PACKAGE / "_build.json"


class PureFinder:
    """Finds each `engine.*` module as its `.py` source (a package as its `__init__.py`), never as a compiled
    extension module beside it, which the standard path finder would prefer."""

    @classmethod
    def find_spec(
        cls, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not fullname.startswith("engine.") or path is None:
            return None
        name = fullname.rpartition(".")[2]
        for entry in path:
            base = Path(entry, name)
            if (base / "__init__.py").is_file():
                return spec_from_file_location(fullname, base / "__init__.py", submodule_search_locations=[str(base)])
            if base.with_name(name + ".py").is_file():
                return spec_from_file_location(fullname, base.with_name(name + ".py"))
        return None


def read_record() -> dict[str, Any]:
    """What setup.py recorded of the build installed here ({} if nothing: a checkout never installed, or an
    install from before the record)."""
    try:
        record = json.loads(RECORD.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return record if isinstance(record, dict) else {}


def _has_extension(source: Path) -> bool:
    return any(source.with_name(source.stem + suffix).exists() for suffix in EXTENSION_SUFFIXES)


def stale_modules(record: dict[str, Any]) -> list[str]:
    """The compiled modules of an editable compiled build whose source is not the one they were compiled from
    (by content: a checkout that only touched the files is fine)."""
    sources = record.get("sources")
    if record.get("build") != "compiled" or not record.get("editable") or not isinstance(sources, dict):
        return []
    stale = []
    for rel, digest in sources.items():
        source = PACKAGE.parent / rel
        if not _has_extension(source):  # not compiled here (a copy of the sources, say)
            continue
        try:
            fresh = hashlib.sha256(source.read_bytes()).hexdigest() == digest
        except OSError:
            fresh = False
        if not fresh:
            stale.append(rel)
    return stale


def missing_library(record: dict[str, Any]) -> str | None:
    """The top-level library of an editable compiled build's modules, if it cannot be found (they would fail
    to import)."""
    library = record.get("library")
    if record.get("build") != "compiled" or not record.get("editable") or not isinstance(library, str):
        return None
    return library if _has_extension(PACKAGE / "chain.py") and find_spec(library) is None else None


def _choose() -> str | None:
    """Why this process must import the pure-Python modules, or None; the finder put in place if so."""
    if os.environ.get("ENGINE_PURE") == "1":
        why = "ENGINE_PURE=1 at run time"
    elif stale := stale_modules(record := read_record()):
        more = f" and {len(stale) - 1} more" if len(stale) > 1 else ""
        why = f"the compiled modules are older than their sources ({stale[0]}{more} edited since the build)"
    elif library := missing_library(record):
        why = f"the compiled modules' library {library} is not on sys.path"
    else:
        return None
    if PureFinder not in sys.meta_path:
        sys.meta_path.insert(0, PureFinder)
    if not why.startswith("ENGINE_PURE"):
        print(f"engine: {why}: running the pure-Python modules (pip install -e . recompiles them;"
              " ENGINE_PURE=1 silences this)", file=sys.stderr)  # fmt: skip
    return why


PURE_REASON = _choose()


def compiled() -> bool:
    """Whether the mypyc-compiled core is in use (`engine.chain` is found as an extension module, not
    as the .py source), so a benchmark can say which build it measured. Found, not imported: this
    module sits in the lowest layer (docs/design.md)."""
    from importlib.machinery import ExtensionFileLoader

    spec = find_spec("engine.chain")
    return spec is not None and isinstance(spec.loader, ExtensionFileLoader)


def build_info() -> str:
    """Which build runs, in words, with the reason when it is the pure-Python one (`python -m engine --version`)."""
    if compiled():
        return "compiled with mypyc"
    record = read_record()
    if PURE_REASON is not None:
        why = PURE_REASON
    elif record.get("build") == "pure" and record.get("reason"):
        why = str(record["reason"])
    elif record.get("build") == "compiled":
        why = "the compiled modules are missing"
    else:
        why = "no build record: a checkout not installed with pip, or an install from before the record"
    return f"pure Python ({why})"
