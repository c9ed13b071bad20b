"""The rulings gallery of the documentation site: every sourced case of tests/rules/*.jsonl as a page a judge can
read, and an index to browse them by card, by rule and by timing.

A case's page holds its title, the field (the ruling lab's own description of it), the ruling's sources quoted with
their links, what the sources expect, the engine's result for the same keys and its readable trace, and a link
that opens the case in the ruling lab with every decision answered as the case's `choices` say, so that the lab
plays it to its end. Made from the case files each time the site is built (tools/docs_site.py, an MkDocs hook), so
the gallery never says anything the tests do not check (tests/test_gallery.py).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine
from engine.lab import core
from engine.trace import format_trace
from engine.values.words import TITLES

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "rules"
FOLDER = "gallery"  # the pages' folder in the site
# Rules every battle follows (the machine's order, windows, priority, a chain's order): not a way to find a case.
EVERYWHERE = frozenset({"machine", "window", "priority", "chain"})
_URL = re.compile(r"(https?://[^\s)\]>\"]+)")
_MARKDOWN = re.compile(r"([\\`*_{}\[\]<>#|!])")


@dataclass
class Case:
    """One sourced case and what the engine makes of it."""

    file: str  # the case file's name, e.g. library-cards-cases.jsonl
    record: dict[str, Any]
    result: dict[str, Any]
    trace: str
    answers: list[int]  # the lab's answers to every decision: the case's choices, else passing
    cards: list[str] = field(default_factory=list)  # the library cards (or named cards) on the field
    rules: list[str] = field(default_factory=list)  # the rule ids the engine applied (engine.RULES)
    timings: list[str] = field(default_factory=list)  # the windows where a player chose or a chain was built

    @property
    def id(self) -> str:
        return str(self.record["scenario"]["id"])

    @property
    def title(self) -> str:
        return str(self.record["scenario"].get("title") or self.id)

    @property
    def page(self) -> str:
        """The page's path in the site's docs: gallery/<file>/<id>.md."""
        return f"{FOLDER}/{self.file.removesuffix('.jsonl')}/{slug(self.id)}.md"

    def lab_fragment(self) -> str:
        """The lab's address fragment that opens this case played to its end."""
        return "#battle=" + core.encode_link({"scenario": self.record["scenario"], "answers": self.answers})


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "case"


def md(text: str) -> str:
    """Text from a case file, shown as text: no markup it holds takes effect."""
    return _MARKDOWN.sub(r"\\\1", html.escape(text, quote=False)).replace("\n", " ")


def case_files() -> list[Path]:
    return sorted(CASES.glob("*.jsonl"))


def load(files: list[Path] | None = None) -> list[Case]:
    """Every case of the files (all of tests/rules by default), run by the engine and by the lab's player."""
    out = []
    for path in files if files is not None else case_files():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                out.append(run_case(path.name, json.loads(line)))
    return out


def run_case(file: str, record: dict[str, Any]) -> Case:
    sc = engine.parse_scenario(record["scenario"])
    duel, agent = engine.run_scenario(sc)
    result = engine.result(sc, duel, agent, events=False)
    played = core.play_to_end({"scenario": record["scenario"], "answers": []})
    case = Case(file, record, result, format_trace(duel.state, record["scenario"].get("title", "")), played["answers"])
    names = {c["id"]: c["name"] for c in core.describe_battle(record["scenario"])["cards"]}
    case.cards = sorted({names[str(c["id"])] for c in record["scenario"]["cards"] if c.get("card") or c.get("name")})
    case.rules = sorted({e.rule for e in duel.state.log if e.rule and e.rule not in EVERYWHERE})
    windows = [c.get("window") for c in record["scenario"].get("choices", [])]
    windows += [c.get("window") for c in record["expected"].get("chains", [])]
    windows += [e.window.value for e in duel.state.log if e.type is engine.EventType.ACTIVATED and e.window]
    order = list(TITLES)
    case.timings = sorted({str(w) for w in windows if w}, key=lambda w: order.index(w) if w in order else len(order))
    return case


def timing(window: str) -> str:
    return TITLES.get(window, window.replace("_", " "))


def rule(rule_id: str) -> str:
    return engine.RULES.get(rule_id, rule_id)


def _sources(record: dict[str, Any]) -> Iterator[str]:
    """Each source quoted, its addresses made links (a source names one or more, anywhere in its text)."""
    for source in record["source"]["sources"]:
        parts = _URL.split(source)
        quoted = "".join(f"<{p.rstrip('.,;')}>{p[len(p.rstrip('.,;')):]}" if i % 2 else md(p)
                         for i, p in enumerate(parts))  # fmt: skip
        yield f"> {quoted}\n"


def _json(value: Any) -> str:
    return "```json\n" + json.dumps(value, indent=1, ensure_ascii=False) + "\n```\n"


def page(case: Case, lab: str) -> str:
    """The case's page; `lab` is the ruling lab's address relative to the page."""
    r = case.record
    sc = r["scenario"]
    battle = core.describe_battle(sc)
    lp = sc.get("life_points", {"A": 8000, "B": 8000})
    field_rows = [f"| {md(c['id'])} | {md(c['name'])} | {c['side']} | {c['where']} | {c['stats']} | {c['effects']} |"
                  for c in battle["cards"]]  # fmt: skip
    shown = {k: case.result.get(k) for k in r["expected"]}
    lines = [
        f"# {md(case.id)}: {md(case.title)}",
        "",
        f'<a class="md-button lab-link" href="{lab}{case.lab_fragment()}">Open it in the ruling lab, played to its '
        f"end</a>",
        "",
        f"**Cards:** {', '.join(md(c) for c in case.cards) or 'none from the library'}  ",
        f"**Timings:** {', '.join(timing(t) for t in case.timings) or 'no decision'}  ",
        f"**Case file:** `tests/rules/{case.file}` · **confidence:** {md(str(r['source'].get('confidence', '')))}  ",
        "**Rules the engine applied:**" + ("" if case.rules else " none beyond a plain battle"),
        "",
        *(f"- {md(rule(x))}" for x in case.rules),
        "",
        "## The field",
        "",
        f"Turn player {sc.get('turn_player', 'A')}; LP A {lp.get('A', 8000)}, B {lp.get('B', 8000)}.",
        "",
        "| id | card | side | where | ATK / DEF | effects |",
        "|---|---|---|---|---|---|",
        *field_rows,
        "",
        "The attack, the choices and every effect, as the case writes them:",
        "",
        _json({k: v for k, v in sc.items() if k in ("attack", "attacks", "battle_phase", "choices")}),
        "## The ruling's sources",
        "",
        *(s for source in _sources(r) for s in (source, "")),
        *([f"*Notes:* {md(str(r['source']['notes']))}", ""] if r["source"].get("notes") else []),
        "## The result the sources give",
        "",
        _json(r["expected"]),
        "## The engine's result",
        "",
        f"Final LP: A {case.result['final_lp']['A']}, B {case.result['final_lp']['B']}. The same keys as above:",
        "",
        _json(shown),
        '??? note "The engine\'s trace"',
        "",
        *("    " + line if line else "" for line in ("```text\n" + case.trace + "\n```").splitlines()),
        "",
    ]
    return "\n".join(lines)


MARKER = "<!-- the gallery's lists: made at build time by tools/docs_site.py -->"


def index(cases: list[Case]) -> str:
    """The lists of docs/gallery.md (in place of its MARKER): every case by file, and by card, rule and timing."""

    def link(c: Case) -> str:
        return f"[{md(c.id)}]({c.page})"

    def grouped(title: str, key: str, say: Any) -> list[str]:
        by: dict[str, list[Case]] = {}
        for c in cases:
            for term in getattr(c, key):
                by.setdefault(term, []).append(c)
        out = [f"## By {title}", ""]
        for term in sorted(by, key=lambda t: str(say(t)).lower()):
            out.append(f"- **{md(str(say(term)))}**: {', '.join(link(c) for c in by[term])}")
        return [*out, ""]

    lines = [f"## Every case ({len(cases)})", ""]
    for file in dict.fromkeys(c.file for c in cases):
        lines += [f"### `{file}`", "", "| case | title |", "|---|---|"]
        lines += [f"| {link(c)} | {md(c.title)} |" for c in cases if c.file == file]
        lines.append("")
    lines += grouped("card", "cards", str)
    lines += grouped("rule", "rules", rule)
    lines += grouped("timing", "timings", timing)
    return "\n".join(lines)
