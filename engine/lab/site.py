"""Build the ruling lab's static site, and serve it: `python -m engine lab [--out DIR] [--serve PORT]`.

The site is a directory any static web server can serve from one origin (Chromium refuses `fetch()` over
file://, so `--serve` starts Python's own server): the page (`index.html`, the viewer's panels in it), its
script and styles (the lab's and the viewer's shared `render.js` and `viewer.css`), Pyodide's runtime and
standard library (`pyodide/`: from the npm package `pyodide`, fetched once with `npm pack`), the engine's
dependencies as wheels (`wheels/`: pure attrs, transitions and six, and msgspec built for this Pyodide's
WebAssembly ABI, fetched once with pip from PyPI) and the engine's own pure-Python sources (`engine.zip`, from
this checkout or installation; never a compiled module). What is fetched is cached under
``~/.cache/damage-step-engine/`` (``$ENGINE_LAB_CACHE`` overrides it) by version, so a build works offline once
it has run once. Nothing the page loads comes from another origin; the page's Content-Security-Policy (a
`<meta>` and, from `serve`, the same header) forbids it.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import zipfile
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path

from engine.debug.record import engine_version
from engine.viewer import panels

__all__ = ["CSP", "PYODIDE_VERSION", "WHEELS", "BuildError", "build", "cache_dir", "serve", "server"]

PYODIDE_VERSION = "314.0.8"  # Python 3.14, the ABI pyemscripten_2026_0 the msgspec wheel is built for
PYODIDE_ABI = "pyemscripten_2026_0_wasm32"
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# The engine's run-time dependencies as the browser loads them (pinned: the cache is keyed by these).
WHEELS = ("attrs==26.1.0", "transitions==0.9.3", "six==1.17.0", "msgspec==0.23.0")
NATIVE = frozenset({"msgspec"})  # a C extension: its WebAssembly wheel for Pyodide's ABI
# The page's policy: scripts from its own origin only (no inline script, no eval) plus compiling WebAssembly
# (Pyodide needs 'wasm-unsafe-eval' for that, and nothing more); styles, fetches and images from its own origin.
CSP = ("default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; connect-src 'self'; "
       "img-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'")  # fmt: skip
STATIC = ("lab.js", "lab.css")  # engine/lab's own files; lab.html becomes index.html

Progress = Callable[[str], None]


class BuildError(RuntimeError):
    """The site cannot be built: what is missing and how to get it."""


def cache_dir() -> Path:
    return Path(os.environ.get("ENGINE_LAB_CACHE") or Path.home() / ".cache" / "damage-step-engine")


def _pyodide(progress: Progress) -> Path:
    """Pyodide's runtime files, from the cache or fetched once with `npm pack pyodide@VERSION`."""
    where = cache_dir() / f"pyodide-{PYODIDE_VERSION}"
    if all((where / f).is_file() for f in PYODIDE_FILES):
        return where
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(f"npm is needed once to fetch Pyodide {PYODIDE_VERSION} (Debian: apt-get install npm); "
                         f"it is then kept in {where}")  # fmt: skip
    progress(f"fetching Pyodide {PYODIDE_VERSION} with npm (about 10 MB, once; cached in {where})...")
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--silent"], cwd=tmp, capture_output=True,
                              text=True, check=False)  # fmt: skip
        tarballs = list(Path(tmp).glob("pyodide-*.tgz"))
        if done.returncode != 0 or not tarballs:
            raise BuildError(f"npm pack pyodide@{PYODIDE_VERSION} failed: {(done.stderr or done.stdout).strip()}")
        staging = Path(tmp) / "files"
        staging.mkdir()
        with tarfile.open(tarballs[0]) as tar:
            for name in PYODIDE_FILES:
                member = tar.getmember(f"package/{name}")
                source = tar.extractfile(member)
                if source is None:
                    raise BuildError(f"the pyodide package has no file {name}")
                (staging / name).write_bytes(source.read())
        where.parent.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(where, ignore_errors=True)
        shutil.copytree(staging, where)
    progress(f"Pyodide {PYODIDE_VERSION} fetched")
    return where


def _wheels(progress: Progress) -> list[Path]:
    """The dependencies' wheels, from the cache or fetched once from PyPI with pip."""
    where = cache_dir() / f"wheels-{PYODIDE_ABI}"
    found: list[Path] = []
    for req in WHEELS:
        name, version = req.split("==")
        tag = f"cp314-cp314-{PYODIDE_ABI}" if name in NATIVE else "py"
        have = [w for w in where.glob(f"{name}-{version}-*.whl") if tag in w.name]
        if not have:
            progress(f"fetching {req} with pip{' (WebAssembly build)' if name in NATIVE else ''}...")
            where.mkdir(parents=True, exist_ok=True)
            cmd = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:", "-d", str(where)]
            if name in NATIVE:
                cmd += ["--platform", PYODIDE_ABI, "--python-version", "3.14"]
            done = subprocess.run([*cmd, req], capture_output=True, text=True, check=False)
            have = [w for w in where.glob(f"{name}-{version}-*.whl") if tag in w.name]
            if done.returncode != 0 or not have:
                raise BuildError(f"pip could not fetch {req} for the browser: {done.stderr.strip()[-400:]}")
        found.append(have[0])
    return found


def _engine_zip(out: Path) -> None:
    """The engine's pure-Python sources (and its package data) as one zip, with a dist-info so that
    `importlib.metadata` knows its version; the compiled modules (.so) are never shipped."""
    root = Path(str(files("engine")))
    version = engine_version()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(root.parent)
            if path.is_dir() or "__pycache__" in rel.parts or path.suffix in (".so", ".pyd", ".pyc", ".c", ".o"):
                continue
            if path.name == "_build.json":  # the record of this machine's compiled build: none in the browser
                continue
            z.write(path, rel.as_posix())
        z.writestr(f"damage_step_engine-{version}.dist-info/METADATA",
                   f"Metadata-Version: 2.1\nName: damage-step-engine\nVersion: {version}\n")  # fmt: skip


def build(out: str | os.PathLike[str], progress: Progress = lambda line: None) -> Path:
    """Write the whole site into `out` (created; files of an earlier build replaced) and return its path."""
    site = Path(out)
    pyodide, wheels = _pyodide(progress), _wheels(progress)
    site.mkdir(parents=True, exist_ok=True)
    (site / "pyodide").mkdir(exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(pyodide / name, site / "pyodide" / name)
    shutil.rmtree(site / "wheels", ignore_errors=True)
    (site / "wheels").mkdir()
    for w in wheels:
        shutil.copyfile(w, site / "wheels" / w.name)
    _engine_zip(site / "engine.zip")
    lab, viewer = files("engine.lab"), files("engine.viewer")
    page = lab.joinpath("lab.html").read_text(encoding="utf-8")
    for slot, value in (("{{csp}}", CSP), ("{{panels}}", panels())):
        assert page.count(slot) == 1, f"lab.html must hold {slot} exactly once"
        page = page.replace(slot, value)
    (site / "index.html").write_text(page, encoding="utf-8")
    for name in STATIC:
        (site / name).write_text(lab.joinpath(name).read_text(encoding="utf-8"), encoding="utf-8")
    for name in ("render.js", "viewer.css"):
        (site / name).write_text(viewer.joinpath(name).read_text(encoding="utf-8"), encoding="utf-8")
    (site / "favicon.ico").write_bytes(b"")  # an empty icon: the browser asks for one, and gets it from here
    (site / "lab-files.json").write_text(json.dumps({"pyodide": PYODIDE_VERSION, "engine": engine_version(),
                                                     "wheels": [w.name for w in wheels]}) + "\n")  # fmt: skip
    progress(f"the lab is in {site} (open index.html through a web server: python -m engine lab --serve 8000)")
    return site


_TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript", ".whl": "application/zip"}


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the page's CSP as a header too, and the types Pyodide needs (.wasm, .mjs)."""

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        for suffix, kind in _TYPES.items():
            if str(path).endswith(suffix):
                return kind
        return super().guess_type(path)

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CSP + "; frame-ancestors 'none'")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


def server(site: str | os.PathLike[str], port: int = 0, host: str = "127.0.0.1") -> http.server.ThreadingHTTPServer:
    """A server of the site on `host:port` (0: any free port), not started: `serve_forever()` it (a thread)."""
    handler = functools.partial(_Handler, directory=str(site))
    return http.server.ThreadingHTTPServer((host, port), handler)


def serve(site: str | os.PathLike[str], port: int, progress: Progress = print) -> None:
    """Serve the site until interrupted (Ctrl-C)."""
    srv = server(site, port)
    progress(f"serving the lab at http://127.0.0.1:{srv.server_port}/ (Ctrl-C stops it)")
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        thread.join()
    except KeyboardInterrupt:
        pass
    finally:
        srv.shutdown()
        srv.server_close()
