"""`mypyc_attr`, for the optional compiled build (setup.py, ENGINE_COMPILE=1), without needing mypy at run time.

mypyc reads the decorator from the source (it resolves this re-export to `mypy_extensions.mypyc_attr`);
at run time it only returns the class, so a pure-Python install without mypy_extensions gets the same no-op.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # pragma: no cover - mypy_extensions comes with mypy, a dev/build need only

        def mypyc_attr(*attrs: Any, **kwattrs: Any) -> Any:
            return lambda cls: cls


def compiled() -> bool:
    """Whether the mypyc-compiled core is in use (`engine.chain` is found as an extension module, not
    as the .py source), so a benchmark can say which build it measured. Found, not imported: this
    module sits in the lowest layer (docs/design.md)."""
    from importlib.machinery import ExtensionFileLoader
    from importlib.util import find_spec

    spec = find_spec("engine.chain")
    return spec is not None and isinstance(spec.loader, ExtensionFileLoader)
