"""How much of the real card pool the engine can write: a seeded sample of the cards whose text names the
Damage Step, and the verdict on each (issue 22, item 5; method and results in docs/card-pool-sample.md).

The card database is not shipped here. It is ``cards.cdb`` (SQLite) of ProjectIgnis/BabelCDB; its newest full
copy in the public mirror is at commit 945ca034a0e0c8d2eb271923bd8d54735362f352 (2020-03-30; later commits keep
the path, but their blob is not in the mirror). To get it, fetch ``github:ProjectIgnis/BabelCDB`` (a bare mirror,
GIT_DIR below) and write the blob out::

    git --git-dir=GIT_DIR show 945ca034a0e0c8d2eb271923bd8d54735362f352:cards.cdb > cards.cdb

(or ``git clone https://github.com/ProjectIgnis/BabelCDB`` and ``git show`` the same commit).

Usage::

    python tools/card_pool_sample.py CARDS_CDB             # the population and the sample (ids and names)
    python tools/card_pool_sample.py CARDS_CDB --write     # add the sample's rows to the verdict file (kept ones stay)
    python tools/card_pool_sample.py CARDS_CDB --check     # the verdict file lists exactly the sample: exit 1 if not
    python tools/card_pool_sample.py --summary             # each verdict's share, 95% Wilson intervals, the needs

The second sample (issue 43: 100 cards, seed 20261206, judged strictly) is checked and summed up the same way:
``--seed 20261206 --size 100 --verdicts docs/card-pool-sample-2.csv``.

The population: the distinct Monster, Spell and Trap cards (``datas.type`` has bit 0x1, 0x2 or 0x4; not a Token,
0x4000, nor a Skill, 0x8000000; ``datas.alias = 0``, as alternate artworks point to their card through ``alias``)
whose text (``texts.desc``) matches `DAMAGE_STEP_WORDS`. The sample: ``random.Random(seed).sample(sorted ids, 40)``.

The verdict file, ``docs/card-pool-sample.csv``, holds card ids and names only (never card texts): ``id, name,
verdict, needs, library_key``. ``verdict`` is one of `VERDICTS`; ``needs``, the missing engine features, short tags
separated by ``;``; ``library_key``, the key of the card in ``engine/cards`` once written there (empty for now).
"""

from __future__ import annotations

import argparse
import csv
import math
import random
import re
import sqlite3
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
VERDICT_FILE = ROOT / "docs" / "card-pool-sample.csv"
COLUMNS = ("id", "name", "verdict", "needs", "library_key")
SEED = 2212
SAMPLE_SIZE = 40
# format: writable as data in the scenario format; python: writable only with Python effect types on the host
# API (engine.EffectType); not_yet: not writable today.
VERDICTS = ("format", "python", "not_yet")

# The missing features (``needs`` tags) that the host API lacks too: no hook, action or trigger event gives them, so a
# card needing one is `not_yet`. Every other tag is a gap of the scenario format only, which a Python effect type
# fills (hooks answered under any condition, `engine.actions`, effects attached to a card, a `Lingering` marker, the
# host's own data in a card's `tags`). The file is checked against this: `format` rows need nothing, `python` rows
# only such tags, `not_yet` rows at least one of these.
ENGINE_GAPS: frozenset[str] = frozenset(
    {  # none in the first sample since issue 22 (see FILLED_GAPS); these block cards of the second (seed 20261206)
        "equip_monster_to_opponent",  # a monster becomes an Equip Card of the opponent's monster and acts later
        "excavate",
        "materials_as_cards",  # Xyz Materials are counted, not cards
        "trap_monster",  # a Trap Card Special Summoned as a monster
    }
)
# Tags that were engine gaps when the sample was first judged and that issue 22's pieces filled (rules spec §U):
# kept so that a verdict file of that time still reads.
FILLED_GAPS = frozenset(
    {
        "activation_lock_by_kind",  # `ActivationLock.cards_only` / `monsters`
        "cannot_attack_directly",  # `Hook.CANNOT_ATTACK_DIRECTLY`
        "change_attack_target",  # `actions.change_attack_target`
        "effect_negation",  # op `negate_effects`
        "attack_again",  # a `Lingering` answering `Hook.ATTACKS`, ended by `Hook.AT_TIMING` ("in a row")
        "negate_effect_that_targets",  # `Hook.CHAIN_SOLVING` (§U.3)
        "forced_attack",  # `actions.force_attack` (§U.6); the format has no op for it
        "non_chain_action",  # `Hook.AT_TIMING`; the format has no kind for it
        "event_left_field_by_effect",  # `TriggerEvent.DESTROYED`, `SENT_TO_GRAVEYARD`
        "pendulum_zone",  # op `place_in_pendulum_zone` (§U.4)
        "perform_damage_calculation",  # op `perform_damage_calculation` (§U.6)
        "protect_other_monsters",  # `IndestructibleByBattle.cards`
        "trigger_during_damage_calculation",  # `TriggerEvent.DURING_DAMAGE_CALCULATION`
        "unaffected_by_effects",  # `Hook.UNAFFECTED` (§U.2)
        # issue 43's engine pieces (rules spec §U.17)
        "level_change",  # `library.levels.change_level`, op `change_level`, kind `level_modifier`, `Hook.LEVELS`
        "token",  # `library.tokens.special_summon_token`, op `special_summon_token`
        "event_tributed",  # `TriggerEvent.TRIBUTED` (`actions.tribute`)
        "event_added_to_hand",  # `TriggerEvent.ADDED_TO_HAND`
        "special_summon_lock",  # `Hook.SPECIAL_SUMMON_LOCK`, kind and op `special_summon_lock`
        "effect_damage_redirect",  # `Hook.EFFECT_DAMAGE_REDIRECT`, kind and op `effect_damage_redirect`
        # issue 43: decisions while an effect resolves, and chance (rules spec §U.16, engine/resolution.py)
        "summon_position_choice",  # `special_summon` without `position`; `resolution.choose_position`
        "pick_choice",  # `special_summon` / `add_to_hand` without `card`, op `discard`; `resolution.pick_cards`
        "coin_toss",  # `resolution.chance` (a chance decision); op `coin_toss` (rules spec §U.22)
        "dice_roll",  # likewise; op `roll_die` (one die, what each result does)
        # issue 43: costs that leave the activating player a choice (rules spec §U.21, library/cost_choices.py)
        "lp_in_multiples",  # cost keys `lp_multiple_of`, `lp_max`; `cost_choices.choose_lp`
        "send_from_hand_cost",  # cost keys `send_from_hand`, `hand_filter`; `cost_choices.pick_payment`
    }
)

# A card "names the Damage Step" when its text says "damage calculation" or "the Damage Step", in any case.
DAMAGE_STEP_WORDS = re.compile(r"damage calculation|the damage step", re.IGNORECASE)
# The phrase that only restricts when an ability is used; a card whose only Damage Step words are this phrase
# is counted apart ("timing only").
TIMING_ONLY_PHRASE = re.compile(r"except during the damage step", re.IGNORECASE)

TYPE_MONSTER, TYPE_SPELL, TYPE_TRAP = 0x1, 0x2, 0x4
TYPE_TOKEN = 0x4000
TYPE_SKILL = 0x8000000
CARDS_QUERY = f"""
    SELECT d.id, t.name, t.desc FROM datas AS d JOIN texts AS t ON t.id = d.id
    WHERE d.alias = 0 AND (d.type & {TYPE_MONSTER | TYPE_SPELL | TYPE_TRAP}) != 0
      AND (d.type & {TYPE_TOKEN | TYPE_SKILL}) = 0
    ORDER BY d.id
"""

Z_95 = 1.959963984540054  # the standard normal quantile for a two-sided 95% interval


class Card(NamedTuple):
    id: int
    name: str
    timing_only: bool  # its only Damage Step words are "except during the Damage Step"


class Row(NamedTuple):
    id: int
    name: str
    verdict: str
    needs: tuple[str, ...]
    library_key: str


def wilson_interval(successes: int, n: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a proportion of `successes` out of `n` (95% with the default `z`)."""
    if n <= 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n and n > 0, got {successes}/{n}")
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


# -- the population and the sample ------------------------------------------------------------------------------


def all_cards(cdb: Path) -> list[tuple[int, str, str]]:
    """The distinct Monster, Spell and Trap cards of a cards.cdb: (id, name, text), by id."""
    if not cdb.is_file():
        raise FileNotFoundError(f"{cdb}: no such card database (see this script's docstring for how to get it)")
    con = sqlite3.connect(f"file:{cdb}?mode=ro", uri=True)
    try:
        return [(int(i), str(name), str(desc or "")) for i, name, desc in con.execute(CARDS_QUERY)]
    finally:
        con.close()


def names_damage_step(text: str) -> bool:
    return DAMAGE_STEP_WORDS.search(text) is not None


def timing_only(text: str) -> bool:
    """Whether the text's only Damage Step words are "except during the Damage Step"."""
    return names_damage_step(text) and not names_damage_step(TIMING_ONLY_PHRASE.sub("", text))


def population(cards: Sequence[tuple[int, str, str]]) -> dict[int, Card]:
    """The cards whose text names the Damage Step, by id."""
    return {i: Card(i, name, timing_only(text)) for i, name, text in cards if names_damage_step(text)}


def draw_sample(ids: Sequence[int], seed: int = SEED, size: int = SAMPLE_SIZE) -> list[int]:
    """The sample: `size` ids drawn from the sorted ids with `random.Random(seed)`, in the order drawn."""
    return random.Random(seed).sample(sorted(ids), size)


# -- the verdict file -------------------------------------------------------------------------------------------


def read_verdicts(path: Path = VERDICT_FILE) -> list[Row]:
    with path.open(newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        if tuple(reader.fieldnames or ()) != COLUMNS:
            raise ValueError(f"{path}: the columns must be {','.join(COLUMNS)}, got {reader.fieldnames}")
        return [
            Row(int(r["id"]), r["name"], r["verdict"], tuple(t for t in r["needs"].split(";") if t), r["library_key"])
            for r in reader
        ]


def write_verdicts(rows: Sequence[Row], path: Path = VERDICT_FILE) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(COLUMNS)
        for r in rows:
            w.writerow((r.id, r.name, r.verdict, ";".join(r.needs), r.library_key))


def problems(rows: Sequence[Row], pop: dict[int, Card], sample: Sequence[int]) -> list[str]:
    """Why the verdict file does not list exactly the sample, with legal verdicts (empty: it does)."""
    out = []
    ids = [r.id for r in rows]
    if len(set(ids)) != len(ids):
        out.append("ids listed twice: " + ", ".join(str(i) for i, k in Counter(ids).items() if k > 1))
    missing, extra = set(sample) - set(ids), set(ids) - set(sample)
    out += [f"{i} ({pop[i].name}) is in the sample but not in the file" for i in sorted(missing)]
    out += [f"{i} is in the file but not in the sample" for i in sorted(extra)]
    for r in rows:
        if r.id in pop and r.name != pop[r.id].name:
            out.append(f"{r.id}: the file names it {r.name!r}, the database {pop[r.id].name!r}")
        out += [f"{r.id} ({r.name}): {p}" for p in verdict_problems(r)]
    return out


def verdict_problems(r: Row) -> list[str]:
    """Whether a row's verdict is legal and agrees with its needs (see `ENGINE_GAPS`)."""
    if r.verdict not in VERDICTS:
        return [f"verdict {r.verdict!r} is not one of {', '.join(VERDICTS)}"]
    gaps = ENGINE_GAPS.intersection(r.needs)
    if r.verdict == "format" and r.needs:
        return ["a `format` card needs nothing"]
    if r.verdict == "python" and (gaps or not r.needs):
        return [f"a `python` card needs a feature of the format only, got {';'.join(r.needs) or 'none'}"]
    if r.verdict == "not_yet" and not gaps:
        return ["a `not_yet` card needs a feature the host API lacks too (ENGINE_GAPS)"]
    return []


# -- the summary ------------------------------------------------------------------------------------------------


def summary(rows: Sequence[Row]) -> str:
    """Each verdict's share with its 95% Wilson interval, then the missing features by how many cards need them."""
    n = len(rows)
    counts = Counter(r.verdict for r in rows)
    lines = [f"{n} cards", "", "| verdict | cards | share | 95% Wilson interval |", "|---|---:|---:|---|"]
    shares = [(f"`{v}`", counts[v]) for v in VERDICTS] + [("`format` or `python`", counts["format"] + counts["python"])]
    for label, k in shares:
        lo, hi = wilson_interval(k, n)
        lines.append(f"| {label} | {k} | {k / n:.1%} | {lo:.1%} to {hi:.1%} |")
    needs: Counter[str] = Counter(t for r in rows for t in r.needs)
    blocked: Counter[str] = Counter(t for r in rows if r.verdict == "not_yet" for t in r.needs)
    lines += ["", "| missing feature | cards needing it | of them `not_yet` | host API has it |", "|---|---:|---:|---|"]
    for tag, k in sorted(needs.items(), key=lambda tk: (-tk[1], tk[0] not in ENGINE_GAPS, tk[0])):
        lines.append(f"| `{tag}` | {k} | {blocked[tag]} | {'no' if tag in ENGINE_GAPS else 'yes'} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("cdb", nargs="?", type=Path, help="a cards.cdb of ProjectIgnis/BabelCDB")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--size", type=int, default=SAMPLE_SIZE)
    ap.add_argument("--verdicts", type=Path, default=VERDICT_FILE, help="the verdict file (CSV)")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--summary", action="store_true", help="shares of each verdict (needs no database)")
    mode.add_argument("--check", action="store_true", help="the verdict file lists exactly the sample")
    mode.add_argument("--write", action="store_true", help="add the sample's missing rows to the verdict file")
    args = ap.parse_args(argv)

    if args.summary:
        print(summary(read_verdicts(args.verdicts)))
        return 0
    if args.cdb is None:
        ap.error("give the path of a cards.cdb (or --summary)")
    cards = all_cards(args.cdb)
    pop = population(cards)
    sample = draw_sample(list(pop), args.seed, args.size)
    if args.check:
        found = problems(read_verdicts(args.verdicts), pop, sample)
        for p in found:
            print(p, file=sys.stderr)
        print(f"{args.verdicts}: {'does not list' if found else 'lists'} exactly the sample of seed {args.seed}")
        return 1 if found else 0
    if args.write:
        kept = {r.id: r for r in read_verdicts(args.verdicts)} if args.verdicts.exists() else {}
        rows = [kept.get(i, Row(i, pop[i].name, "", (), "")) for i in sample]
        write_verdicts(rows, args.verdicts)
        print(f"{args.verdicts}: {len(rows)} rows, {sum(1 for r in rows if r.id not in kept)} new (verdict to give)")
        return 0

    print(f"regex: {DAMAGE_STEP_WORDS.pattern!r}, case-insensitive")
    print(f"distinct Monster, Spell and Trap cards: {len(cards)}")
    print(f"population (their text names the Damage Step): {len(pop)}")
    print(f"  of which timing only (only 'except during the Damage Step'): {sum(c.timing_only for c in pop.values())}")
    print(f"seed: {args.seed}; sample of {args.size}:")
    for k, i in enumerate(sample, 1):
        print(f"{k:3d} {i:>9d} {pop[i].name}{'  [timing only]' if pop[i].timing_only else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
