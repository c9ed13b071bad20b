"""Operations inside operations (rules spec §U.22): "you can ...", "apply 1 of these effects", a coin's sides and a
die's results each hold lists of operations, read as an effect's own `does` list is. The loader checks each
contained operation as it checks an effect's own (card references, `targeted`, `if_it_is`), names its place
(``cards[2].effects[0].does[1].does[0]``), and refuses lists nested deeper than :data:`MAX_NESTING`."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from engine.format.errors import Invalid
from engine.format.ops import MAX_NESTING, NESTING, Op

Place = tuple[str | int, ...]

# The lasting kinds that act through one monster's battles (its attack, the damage it inflicts, the monster it
# battles): kept on a `target`, never on a player or all of their monsters (rules spec §U.25).
NEEDS_A_MONSTER = frozenset({"piercing", "double_battle_damage", "at_timing"})


def each_op(does: Sequence[Op], at: Place = ()) -> Iterator[tuple[Place, Op]]:
    """Every operation of an effect's `does` list, those it contains too (depth first, in order), with its place
    under the effect (``("does", 1, "modes", 0, "does", 2)``); a problem of the nesting is placed under `at`."""
    try:
        for k, op in enumerate(does):
            yield ("does", k), op
            yield from _contained(op, ("does", k), 1)
    except Invalid as e:
        e.parts[:0] = at
        raise


def _contained(op: Op, at: Place, depth: int) -> Iterator[tuple[Place, Op]]:
    if op.op == "coin_toss":
        _check_call(op, at)
    if op.op == "restrict" and op.params.get("kind") == "attacks_first" and op.params.get("target") is None:
        raise Invalid("attacks_first names the monster that must attack first: give it a target (not applies_to)",
                      *at, "kind")
    if op.op == "lasting_effect":
        _check_lasting(op, at)
    if op.op == "roll_dice_compared" and op.params.get("tie_rolls_again") and op.params.get("tie"):
        raise Invalid("a tie that is rolled again does nothing of its own: give tie or tie_rolls_again, not both",
                      *at, "tie")
    for key in NESTING.get(op.op, ()):
        for n, x in enumerate(op.params.get(key) or ()):
            if "op" in x:  # a list of operations (you_can.does, coin_toss.heads / tails)
                yield from _listed(op.params[key], (*at, key), depth)
                break
            yield from _listed(x["does"], (*at, key, n, "does"), depth)  # a mode or a die's result


def _check_lasting(op: Op, at: Place) -> None:
    """A lasting effect's keys that belong to one kind (rules spec §U.25): at_timing's `at` and `does`,
    activation_lock's `card_type` and `player`; `target` (kept on one monster) or `applies_to`, not both."""
    p = op.params
    timing = p.get("kind") == "at_timing"
    for key in ("at", "does"):
        if timing and not p.get(key):
            raise Invalid(f"a lasting at_timing needs {key}", *at, key)
        if not timing and p.get(key):
            raise Invalid(f"{key} belongs to a lasting at_timing (kind is {p.get('kind')})", *at, key)
    if p.get("kind") == "activation_lock":
        for key in ("card_type", "player"):
            if p.get(key) is None:
                raise Invalid(f"a lasting activation_lock needs {key}", *at, key)
    if p.get("target") is not None and p.get("applies_to") is not None:
        raise Invalid("give target (the monster it is kept on) or applies_to, not both", *at, "applies_to")
    if p.get("kind") in NEEDS_A_MONSTER and p.get("target") is None:
        raise Invalid(f"a lasting {p.get('kind')} needs a target (the monster it is kept on, whose battles it "
                      "changes)", *at, "kind")


def _check_call(op: Op, at: Place) -> None:
    """A called coin toss says what a right and a wrong call do; a coin not called, what each side does."""
    called = bool(op.params.get("call"))
    for key in ("heads", "tails") if called else ("right", "wrong"):
        if op.params.get(key):
            need = "right / wrong (what a right or a wrong call does)" if called else "call: true"
            raise Invalid(f"{key} on a coin toss {'called' if called else 'not called'}: give {need}", *at, key)
    if called and not (op.params.get("right") or op.params.get("wrong")):
        raise Invalid("a called coin toss needs right or wrong", *at, "call")


def _listed(ops: Sequence[Mapping[str, Any]], at: Place, depth: int) -> Iterator[tuple[Place, Op]]:
    if depth > MAX_NESTING:
        raise Invalid(f"operations are nested at most {MAX_NESTING} deep", *at)
    for m, params in enumerate(ops):
        inner = as_op(params)
        if m == 0 and inner.params.get("if_you_do"):
            raise Invalid("if_you_do on the first operation of a contained list: no operation before it in this "
                          "list (put the step it depends on in the same list)", *at, m, "if_you_do")  # fmt: skip
        yield (*at, m), inner
        yield from _contained(inner, (*at, m), depth + 1)


def as_op(params: Mapping[str, Any]) -> Op:
    """A contained operation (a mapping with its `op`) as an effect's operation."""
    return Op(str(params["op"]), MappingProxyType({k: v for k, v in params.items() if k != "op"}))


def op_json(op: Op) -> dict[str, Any]:
    """An operation as the file writes it: the keys given (None and an empty contained list left out), the
    operations it contains likewise."""
    out: dict[str, Any] = {"op": op.op}
    for k, v in op.params.items():
        if v is None or (v == () and k in NESTING.get(op.op, ())):
            continue
        out[k] = _contained_json(v) if k in NESTING.get(op.op, ()) else v
    return out


def _contained_json(v: Sequence[Mapping[str, Any]]) -> list[Any]:
    return [op_json(as_op(x)) if "op" in x
            else {k: _contained_json(y) if k == "does" else y for k, y in x.items()} for x in v]  # fmt: skip
