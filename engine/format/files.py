"""Reading scenario files: ``.json`` (one scenario or a list), ``.jsonl`` (one per line, read as taken) and
``.toml``, each decoded with the refusals the format makes (repeated keys, non-finite numbers, overlong
integers, documents nested too deeply, files too large or not regular) named by their place."""

from __future__ import annotations

import json
import math
import os
import re
import stat
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import msgspec

from engine.format.document import Check, Scenario, parse_record
from engine.format.errors import Invalid, ScenarioError, show
from engine.format.vocabulary import MAX_DIGITS, MAX_FILE_BYTES, Library

_TOML_AT = re.compile(r"\s*\(at (?:line (\d+), column \d+|end of document)\)$")


def _toml_direct_attack(data: object) -> object:
    """TOML has no null: an attack table without ``target`` (``attack``, each of ``attacks``, a choice's
    ``declare``) is a direct attack."""
    if type(data) is not dict:
        return data
    if type(data.get("scenario")) is dict and "format" not in data:
        return {**data, "scenario": _toml_direct_attack(data["scenario"])}
    out = dict(data)
    if type(data.get("attack")) is dict and "target" not in data["attack"]:
        out["attack"] = {**data["attack"], "target": None}
    if type(data.get("attacks")) is list:
        attacks = data["attacks"]
        out["attacks"] = [{**a, "target": None} if type(a) is dict and "target" not in a else a for a in attacks]
    if type(data.get("choices")) is list:
        out["choices"] = [
            {**c, "declare": {**c["declare"], "target": None}}
            if type(c) is dict and type(c.get("declare")) is dict and "target" not in c["declare"] else c
            for c in data["choices"]
        ]  # fmt: skip
    return out


# --- files: reading, decoding, and what the decoders refuse ------------------------------------------------

_FILE_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


def _open(path: str | os.PathLike[str]) -> IO[bytes]:
    """Open a scenario file, refusing before any read whatever is not a regular file of at most MAX_FILE_BYTES.

    ``O_NONBLOCK``, so that opening a FIFO does not wait for a writer; ``fstat`` on the open descriptor, so
    the file checked is the file read."""
    name = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise ScenarioError(name, f"cannot open: {e.strerror or e}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            what = next((w for test, w in _FILE_KINDS if test(st.st_mode)), "a special file")
            raise ScenarioError(name, f"not a regular file ({what})")
        if st.st_size > MAX_FILE_BYTES:
            raise ScenarioError(name, f"file too large: {st.st_size} bytes (the limit is {MAX_FILE_BYTES})")
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


_BOM = b"\xef\xbb\xbf"


def _too_large(name: str) -> ScenarioError:
    return ScenarioError(name, f"file too large: more than {MAX_FILE_BYTES} bytes")  # it grew while read


def _read(path: str | os.PathLike[str]) -> bytes:
    """The whole of a ``.json``/``.toml`` file, a leading UTF-8 byte-order mark dropped."""
    try:
        with _open(path) as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise ScenarioError(str(path), f"cannot read: {e.strerror or e}") from None
    if len(data) > MAX_FILE_BYTES:
        raise _too_large(str(path))
    return data.removeprefix(_BOM)


def _utf8(data: bytes, line: int | None = None) -> str:
    """Decode UTF-8; an invalid byte is reported by line and (byte) column. ``line``: ``data`` is that line."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        at = e.start
        n = line or data.count(b"\n", 0, at) + 1
        col = at - data.rfind(b"\n", 0, at)
        raise ScenarioError(f"line {n}", f"not UTF-8: byte 0x{data[at]:02x} at column {col}") from None


class _Bad:
    """Stands in the decoded document for a value the loader refuses, so that the error can name its path
    (a decoder hook knows the value but not where it is)."""

    __slots__ = ("message",)

    def __init__(self, message: str) -> None:
        self.message = message


class _Refusals:
    """Decoder hooks for what Python's decoders accept and the format does not: duplicate keys, NaN and
    infinities, integers too long to be a bound. Each puts a :class:`_Bad` in place of the value; after
    decoding, :meth:`check` reports the first one by its path. The hooks are the only cost on valid input."""

    def __init__(self) -> None:
        self.found = False
        self.decoder = json.JSONDecoder(
            object_pairs_hook=self.pairs, parse_constant=self.number, parse_float=self.number, parse_int=self.integer
        )

    def _bad(self, message: str) -> _Bad:
        self.found = True
        return _Bad(message)

    def pairs(self, items: list[tuple[str, Any]]) -> dict[str, Any]:
        d = dict(items)
        if len(d) < len(items):
            seen: set[str] = set()
            for k, _ in items:
                if k in seen:
                    d[k] = self._bad("duplicate key")
                    break
                seen.add(k)
        return d

    def number(self, s: str) -> Any:
        """A float (JSON and TOML) or a JSON constant (``NaN``, ``Infinity``, ``-Infinity``)."""
        x = float(s)
        if math.isfinite(x):
            return x
        return self._bad(f"numbers must be finite, got {s if len(s) <= 30 else s[:27] + '...'}")

    def integer(self, s: str) -> Any:
        if len(s) > MAX_DIGITS and len(s.lstrip("-")) > MAX_DIGITS:
            return self._bad(f"integers have at most {MAX_DIGITS} digits, got {len(s.lstrip('-'))}")
        return int(s)

    def check(self, data: object, line: int | None = None) -> None:
        """Raise the first refused value of ``data`` in document order (and reset for the next document)."""
        if not self.found:
            return
        self.found = False
        stack: list[tuple[object, tuple[str | int, ...]]] = [(data, ())]
        while stack:  # not recursive: the document may be nested as deep as the decoder allowed
            node, parts = stack.pop()
            if type(node) is _Bad:
                raise Invalid(node.message, *parts).error(line)
            if type(node) is dict:
                stack += [(v, (*parts, k)) for k, v in reversed(node.items())]
            elif type(node) is list:
                stack += [(v, (*parts, i)) for i, v in reversed(list(enumerate(node)))]


# Tokens for locating the deepest point of a document that its parser found too deep (strings and comments
# are skipped so that their brackets do not count), and, in TOML, too-long integers.
_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
_TOML_TOKENS = re.compile(
    r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|[\[\]{}]'
    rf"|(?P<int>(?<![\w.+-])[+-]?\d(?:_?\d){{{MAX_DIGITS},}}(?![\w.]))",
    re.DOTALL,
)


def _where(text: str, at: int, line: int | None) -> tuple[str, int]:
    """(``"line N"``, column) of offset ``at``; ``line``: ``text`` is that one line."""
    n = line or text.count("\n", 0, at) + 1
    return f"line {n}", at - text.rfind("\n", 0, at)


def _too_deep(text: str, tokens: re.Pattern[str], line: int | None = None) -> ScenarioError:
    depth = deepest = at = 0
    for m in tokens.finditer(text):
        t = m[0]
        if t == "[" or t == "{":
            depth += 1
            if depth > deepest:
                deepest, at = depth, m.start()
        elif t == "]" or t == "}":
            depth -= 1
    where, col = _where(text, at, line)
    return ScenarioError(where, f"nested too deeply: {deepest} levels of [ and {{ (column {col})")


def _decode_json(refusals: _Refusals, text: str, line: int | None = None) -> object:
    """The exact decoder: every refusal named by its place."""
    try:
        data = refusals.decoder.decode(text)
    except json.JSONDecodeError as e:
        raise ScenarioError(f"line {line or e.lineno}", f"invalid JSON: {e.msg} (column {e.colno})") from None
    except RecursionError:
        refusals.found = False
        raise _too_deep(text, _JSON_TOKENS, line) from None
    refusals.check(data, line)
    return data


_QUICK = msgspec.json.Decoder()
_ENCODE = msgspec.json.Encoder()
_DIGITS = bytes.maketrans(b"0123456789", b"0" * 10)
_TOO_LONG = b"0" * (MAX_DIGITS + 1)
_EXACT: Any = object()


def _quick_json(raw: bytes) -> object:
    r"""``raw`` decoded by msgspec (with the checks below, still a third faster than ``json`` with hooks) when
    that is sure to be what :func:`_decode_json` gives; else ``_EXACT``, and the exact decoder decides.

    msgspec refuses by itself all the exact decoder refuses (the exact decoder then says what and where) but
    two things: integers of more than MAX_DIGITS digits, and repeated keys (it keeps the last). So a document
    with a run of that many digits goes to the exact decoder, and so does one with fewer colons in its
    decoded value written back than in its text: every key has its colon, so a repeated key loses one, and a
    colon in a string is one in both (escaped as ``\u003a``, it is counted as one in the text; so is a
    ``\`` followed by ``u003a``, which only costs the slower path)."""
    try:
        data = _QUICK.decode(raw)
    except (msgspec.DecodeError, ValueError, RecursionError):  # ValueError: older msgspec on invalid UTF-8
        return _EXACT
    colons = raw.count(b":") + raw.count(b"\\u003a") + raw.count(b"\\u003A")
    if colons != _ENCODE.encode(data).count(b":") or _TOO_LONG in raw.translate(_DIGITS):
        return _EXACT
    return data


def _json(raw: bytes, refusals: _Refusals, line: int | None = None) -> object:
    data = _quick_json(raw)
    return _decode_json(refusals, _utf8(raw, line), line) if data is _EXACT else data


def _decode_toml(text: str) -> object:
    for token in _TOML_TOKENS.finditer(text):
        if token["int"]:
            where, col = _where(text, token.start(), None)
            digits = sum(c.isdigit() for c in token[0])
            raise ScenarioError(where, f"integers have at most {MAX_DIGITS} digits, got {digits} (column {col})")
    refusals = _Refusals()
    try:
        data = tomllib.loads(text, parse_float=refusals.number)
    except tomllib.TOMLDecodeError as e:
        msg = str(e)
        m = _TOML_AT.search(msg)
        where = f"line {m[1]}" if m and m[1] else "end of file"
        raise ScenarioError(where, f"invalid TOML: {_TOML_AT.sub('', msg)}") from None
    except RecursionError:
        raise _too_deep(text, _TOML_TOKENS) from None
    refusals.check(data)
    return data


def iter_jsonl(
    path: str | os.PathLike[str], *, library: Library | None = None, check: Check | None = None
) -> Iterator[Scenario]:
    """Yield the scenarios of a JSON-lines file one by one, reading it as they are taken.

    Lines are split at LF only (a CR before it is JSON whitespace); blank lines are skipped."""
    refusals = _Refusals()
    name = str(path)
    with _open(path) as f:
        total = 0
        n = 0
        while True:
            try:
                raw = f.readline(MAX_FILE_BYTES + 1 - total)
            except OSError as e:
                raise ScenarioError(name, f"cannot read: {e.strerror or e}") from None
            if not raw:
                return
            n += 1
            total += len(raw)
            if total > MAX_FILE_BYTES:
                raise _too_large(name)
            if n == 1:
                raw = raw.removeprefix(_BOM)
            if raw.strip(b" \t\r\n"):
                yield parse_record(_json(raw, refusals, n), library, line=n, check=check)


def load_scenarios(
    path: str | os.PathLike[str], *, library: Library | None = None, check: Check | None = None
) -> list[Scenario]:
    """Load every scenario of a ``.json``, ``.jsonl`` or ``.toml`` file (see the module docstring)."""
    suffix = Path(path).suffix.lower()
    if suffix == ".jsonl":
        return list(iter_jsonl(path, library=library, check=check))
    if suffix == ".json":
        data = _json(_read(path), _Refusals())
        if type(data) is list:
            return [parse_record(x, library, (i,), check=check) for i, x in enumerate(data)]
        return [parse_record(data, library, check=check)]
    if suffix == ".toml":
        return [parse_record(_toml_direct_attack(_decode_toml(_utf8(_read(path)))), library, check=check)]
    raise ScenarioError(str(path), f"unknown file suffix {show(suffix)} (expected .json, .jsonl or .toml)")
