"""Safe display of text that comes from a scenario (card ids, names, titles, keys, file paths).

A scenario is data from anywhere, and the CLI prints its ids in the trace and in error messages. A terminal
obeys control characters: an id such as ``"\\x1b]0;pwned\\x07"`` or ``"\\x1b[2J"`` would retitle or clear
the user's terminal, ``"\\r"`` would overwrite the line it is on, a newline would forge extra lines, and
Unicode format characters (bidi overrides such as U+202E) reorder what is shown. So every piece of scenario
text is passed through :func:`printable` before it is printed as text. JSON output needs no such step:
``json.dumps`` (with its default ``ensure_ascii=True``) writes every control and non-ASCII character as a
``\\u`` escape.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable

__all__ = ["did_you_mean", "printable"]


def _escape(c: str) -> str:
    o = ord(c)
    if o < 0x100:
        return f"\\x{o:02x}"
    return f"\\u{o:04x}" if o < 0x10000 else f"\\U{o:08x}"


def printable(s: str) -> str:
    """``s`` with every character that is not printable escaped as ``\\xNN``, ``\\uNNNN`` or ``\\UNNNNNNNN``.

    "Printable" is Python's :meth:`str.isprintable`, the rule :func:`repr` uses: it refuses the C0 controls
    (including ESC, ``\\r``, ``\\n``, ``\\t``), DEL, the C1 controls U+0080..U+009F, format characters
    (bidi overrides, zero-width characters), line/paragraph separators, spaces other than U+0020, lone
    surrogates (which could not even be encoded to UTF-8 for output), private-use and unassigned code
    points. Everything else, letters of any script included, is shown as it is. The result is always
    printable, so applying it twice changes nothing.
    """
    if s.isprintable():  # the common case, in C
        return s
    return "".join(c if c.isprintable() else _escape(c) for c in s)


def did_you_mean(word: object, choices: Iterable[str], quote: Callable[[str], str] | None = None) -> str:
    """The end of an error naming an unknown name: "; did you mean 'rush_recklessly'?" (the closest known names,
    at most three, by `difflib`), or "" when none is close. Case is ignored in comparing; `quote` shows a name
    (default: its repr, made printable)."""
    if not isinstance(word, str):
        return ""
    known = {c.lower(): c for c in choices}
    close = difflib.get_close_matches(word.lower(), list(known), n=3, cutoff=0.6)
    if not close:
        return ""
    show = quote if quote is not None else (lambda name: repr(printable(name)))
    return "; did you mean " + " or ".join(show(known[c]) for c in close) + "?"
