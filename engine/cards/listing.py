"""The library as a document: docs/cards.md is this module's output (`python -m engine cards --format markdown`),
checked by a test, so the list of approximate cards in the docs never drifts from the cards' own `fidelity`."""

from __future__ import annotations

from engine.cards.card import CardDef

HEADER = """# The card library

Every card of `engine/cards/` states in its definition whether it plays exactly as printed (`CardDef.fidelity`:
`exact`, or `approximate:` and what differs, in one line). From Python: `engine.cards.all_cards()[key].fidelity`,
`engine.cards.fidelity(key)`, `engine.cards.approximate()`; from the command line: `python -m engine cards
[--approximate] [--format text|json|markdown]`. `python -m engine run` says in one line when a scenario names an
approximate card, and the stepper, the viewer and the ruling lab mark such a card wherever they show it.

A card's effects that apply only outside the Battle Phase (a Main Phase effect, a Summon condition) are the host's:
they do not count against its fidelity, and its text says so.

This page is generated (`python -m engine cards --format markdown > docs/cards.md`); `tests/test_card_fidelity.py`
checks that it is up to date.
"""


def markdown(cards: list[CardDef]) -> str:
    """docs/cards.md: the counts, the approximate cards with what differs, then every card's fidelity."""
    approx = [c for c in cards if not c.exact]
    out = [HEADER, f"{len(cards)} cards: {len(cards) - len(approx)} exact, {len(approx)} approximate.", ""]
    out += ["## Approximate cards", ""]
    if not approx:
        out += ["None: every library card plays exactly as printed.", ""]
    else:
        out += ["| card | key | what differs from the printed text |", "|---|---|---|"]
        out += [f"| {c.name} | `{c.key}` | {_cell(c.differs)} |" for c in approx]
        out.append("")
    out += ["## Every card", "", "| card | key | type | fidelity |", "|---|---|---|---|"]
    out += [f"| {c.name} | `{c.key}` | {c.card_type.replace('_', ' ')} | {'exact' if c.exact else 'approximate'} |"
            for c in sorted(cards, key=lambda c: c.name.lower())]  # fmt: skip
    return "\n".join(out) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")
