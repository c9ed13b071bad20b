"""docs/embedding.md stays true: its Python blocks run in order, in one namespace, and print what the rules give.

Expected values: 2000 + Rush Recklessly's 700 = 2700 vs 1200 destroys the ogre and B takes 1500 (§2.2); a second
attack by the same monster is refused (once per turn: Yugipedia "Attack"); "until the end of the turn" ends with
the turn; a Defense Position monster cannot attack; Prideful Roar: 1000 vs 2500 gains 1500 + 300 during damage
calculation: 2800 vs 2500, B takes 300 (its card text); Kunai with Chain and Defense Draw (their texts, rules spec
§C, §U.12); Mirror Force (its text: "When an opponent's monster declares
an attack: destroy all your opponent's Attack Position monsters") and the Battle Phase rules of rules spec §BP.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

import pytest

import engine

DOC = (Path(__file__).resolve().parent.parent / "docs" / "embedding.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", DOC, re.S)


def test_the_blocks_run_and_print_what_the_rules_give() -> None:
    ns: dict[str, Any] = {}
    outputs = []
    for i, code in enumerate(BLOCKS):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            if i == 3:  # ends with an attack from Defense Position, which the page says is refused
                with pytest.raises(engine.IllegalAttack, match="only a face-up Attack Position monster can attack"):
                    exec(compile(code, f"embedding-{i}", "exec"), ns)
            else:
                exec(compile(code, f"embedding-{i}", "exec"), ns)
        outputs.append(out.getvalue().splitlines())
    assert outputs[0] == ["(2000, 1700) {'passcode': 38033121}"]
    # The library's cards by key (issue 42): a key that is not one names the closest
    assert outputs[1][0] == f"{len(engine.cards.all_cards())} Rush Recklessly"
    assert outputs[1][1].startswith("there is no library card 'rush_reckless'; did you mean 'rush_recklessly'?")
    assert outputs[2] == ["refused: a monster can attack once per turn: Dark Magician Girl has already declared an "
                          "attack this turn", "6500 (2700, 1700)"]
    assert outputs[3] == ["2 B (2000, 1700)"]
    assert outputs[4][0].endswith("{'A': 0, 'B': 1500} {'A': 8000, 'B': 6500}")
    assert outputs[5] == ["(2800, 2500) 7700"]
    assert outputs[6] == ["['before_damage_calculation', 'start_of_damage_step']"]
    # A host's operation raising: the "when it inflicts battle damage" trigger resolves after damage calculation
    # (§1.6); the duel is as it was before the call.
    assert outputs[7] == ["m 0 operation after_damage_calculation ZeroDivisionError True"]
    # §BP.3: every legal declaration and passing; §BP.4: B responds to the declaration with Mirror Force, which
    # destroys A's Attack Position monsters; §BP.6: the attacker left the field, so the attack stopped in the
    # Battle Step, where the host (who declared it) moves next, as after a Damage Step (between attacks; the Duel
    # is not over); it ends the Battle Phase, and the End Step leads to Main Phase 2 (§BP.1).
    assert outputs[8] == ["battle_step ['attack x with m1', 'attack x with m2', 'pass']",
                          "B attack_declaration ['activate mirror effect 0', 'pass']",
                          "the attacker left the field | battle_step True False", "main_phase_2"]
    # cards_in gives indexes, ids_in ids: Mirror Force (a resolved Trap) and A's two monsters in the Graveyard
    assert outputs[9] == ["8000 0 [0, 1, 3] graveyard", "['m1', 'm2', 'mirror'] ['mirror']", "None m1"]
    # Kunai with Chain: offered once (then face-up, never again: rules spec §C.2); 1500 + 500 = 2000 vs 1800, B takes
    # 200; the Equip Card stays (§C.1).
    assert outputs[10] == ["1 (2000, 1800) spell_trap_zone 7800"]
    # Defense Draw: 2000 vs 1000, B would take 1000: offered during damage calculation, B takes none and draws 1;
    # 2000 vs 3000: B would take none, so it is not offered, and A takes 1000 (damage table).
    assert outputs[11] == ["['during_damage_calculation'] 8000 8000 1", "[] 7000 8000 0"]
    # The readable log: 2000 against 1000 in Attack Position, B takes 1000 (damage table, §2.4)
    assert outputs[12] == ["['B takes 1000 battle damage (LP 7000)']", "Gearfried attacks"]
    assert len(BLOCKS) == 13
