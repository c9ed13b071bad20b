"""Hypothesis strategies: valid scenario dicts over the whole format, and a mutator that breaks them.

Valid scenarios are built from the loader's own tables, so a new op, effect kind or enum value is generated
as soon as the loader accepts it: the enums come from ``engine.scenario`` (``LOCATIONS``, ``CARD_TYPES``,
``WINDOWS``...), and the parameters of every op and effect kind come from the JSON Schema the loader renders
from ``OPS`` / ``EFFECT_KINDS`` (``scenario_json_schema()``: types, enums, minimums, required keys, "at least
one of"). Only what the schema cannot say is written here, as the loader's docstring lists it: card-id
references, zone/position rules per card type, the attack's legality, choice effect indices, the activated
speed (required; 3 on a Counter Trap) and ``special_summon``'s card (a monster in hand, deck or graveyard).

Numbers stay in ranges a Damage Step can play quickly (``_INT_RANGES``); out-of-range and huge values are the
mutator's job.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from hypothesis import assume, settings
from hypothesis import strategies as st

import engine
from engine import scenario as fmt
from engine.format.ops import NESTING

Json = dict[str, Any]
DEFS: Json = fmt.scenario_json_schema()["$defs"]
OP_NAMES: tuple[str, ...] = tuple(fmt.OPS)
KIND_NAMES: tuple[str, ...] = tuple(fmt.EFFECT_KINDS)
ACTIVATABLE: tuple[str, ...] = tuple(k for k in KIND_NAMES if k in fmt.ACTIVATABLE_KINDS)
# Kinds with no `does` list (an action with no chain, `at_timing`, has one and is not activatable).
CONTINUOUS: tuple[str, ...] = tuple(k for k in KIND_NAMES if "does" not in DEFS[f"effect.{k}"]["properties"])
OTHER = {"A": "B", "B": "A"}

# Integer ranges by parameter name (inside the schema's own minimum/maximum); anything else gets _DEFAULT_INT.
_INT_RANGES: dict[str, tuple[int, int]] = {
    "atk": (-3000, 3000), "def": (-3000, 3000), "set_atk": (0, 5000), "set_def": (0, 5000),
    "amount": (0, 9000), "value": (0, 5000), "count": (0, 3), "times_per_turn": (1, 3), "lp": (0, 3000),
    "times": (0, 4),  # (a multiplier: "draw count_of x times" drew thousands of cards, 56,000 events, in one run)
}  # fmt: skip
_DEFAULT_INT = (0, 5000)


def _ints(name: str, schema: Json) -> st.SearchStrategy[int]:
    lo, hi = _INT_RANGES.get(name, _DEFAULT_INT)
    lo = max(lo, schema.get("minimum", lo))
    hi = min(hi, schema.get("maximum", hi))
    return st.integers(lo, hi)


def _value(name: str, schema: Json, refs: Callable[[str], st.SearchStrategy[str]]) -> st.SearchStrategy[Any]:
    """A valid value for one property schema of the loader's JSON Schema (the subset it renders)."""
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    if "$ref" in schema:  # a card reference, or an object defined once (a filter, a cost...)
        name = schema["$ref"].rsplit("/", 1)[1]
        if name == "op":  # an operation inside another ("you can", a mode, a coin's side: rules spec §U.22)
            return _contained_op(refs)
        return refs(name) if name in ("card_ref", "target_ref") else _params(DEFS[name], refs)
    if "anyOf" in schema:
        alternatives = [s for s in schema["anyOf"] if s.get("type") != "null"]
        return st.one_of([_value(name, s, refs) for s in alternatives])
    t = schema.get("type")
    if t == "integer":
        return _ints(name, schema)
    if t == "boolean":
        return st.booleans()
    if t == "string":
        return st.text(min_size=schema.get("minLength", 0), max_size=12)
    if t == "object":
        return _params(schema, refs)
    if t == "array":
        return st.lists(_value(name, schema["items"], refs), min_size=schema.get("minItems", 0), max_size=3)
    raise AssertionError(f"the generator does not know the schema of {name}: {schema}")


# Optional keys are given one time in 3 (fewer in a large object: `_params`); these, which mostly switch an effect
# off, one time in 8 at least; a filter's compound keys (a filter within a filter) one time in 8 too, so that nesting
# stays small (one time in 3 each, a filter would hold more than one filter on average, and the generator's
# documents would grow without bound).
_RARELY = {"negated": 7, "during_damage_calculation": 7, "not": 7, "any": 7, "all": 7}


@st.composite
def _params(draw: st.DrawFn, defn: Json, refs: Callable[[str], st.SearchStrategy[str]],
            skip: frozenset[str] = frozenset()) -> Json:
    """Required keys always, optional keys sometimes, and one of an ``anyOf: required`` group."""
    props: Json = defn["properties"]
    required = set(defn.get("required", ()))
    exactly = sorted(k for g in defn.get("oneOf", ()) for k in g["required"])  # exactly one of these keys
    if exactly:
        kept = draw(st.sampled_from(exactly))
        required.add(kept)
        skip = skip | (frozenset(exactly) - {kept})
    for group in defn.get("anyOf", ()):
        if not required & set(group["required"]):
            required.add(draw(st.sampled_from(sorted(k for g in defn["anyOf"] for k in g["required"]))))
            break
    # About three optional keys an object (at most one in three): the format's larger objects (a filter, a card, an
    # activated effect) have some thirty, and a third of each, nested, made documents slow to draw and to play.
    spread = max(2, sum(1 for k in props if k not in required and k not in skip) // 3)
    out: Json = {}
    for key, schema in props.items():
        if key in skip or (key not in required and draw(st.integers(0, max(_RARELY.get(key, 2), spread)))):
            continue
        out[key] = draw(_value(key, schema, refs))
    return out


# Operations inside operations: one level deep (the loader allows 4), none that needs a card set up for it
# (special_summon), and without `if_you_do` (the loader refuses it on a contained list's first operation) or an
# `if_it_is` with no target.
_CONTAINED_NAMES = tuple(n for n in OP_NAMES if n not in NESTING and n != "special_summon")


@st.composite
def _contained_op(draw: st.DrawFn, refs: Callable[[str], st.SearchStrategy[str]]) -> Json:
    name = draw(st.sampled_from(_CONTAINED_NAMES))
    op = draw(_params(DEFS[f"op.{name}"], refs, frozenset({"if_you_do"})))
    if op.get("target") is None:
        op.pop("if_it_is", None)
    return {"op": name, **op}


def _coin_sides(op: Json) -> Json:
    """A coin toss says heads / tails, or with `call` right / wrong (the loader refuses a mix): the sides drawn are
    renamed to fit `call`."""
    if op.get("op") != "coin_toss":
        return op
    names = ("right", "wrong") if op.get("call") else ("heads", "tails")
    sides = [op.pop(k) for k in ("heads", "tails", "right", "wrong") if k in op]
    for k, side in zip(names, sides, strict=False):
        op[k] = side
    return op


# --- the layout of a scenario: which cards exist, where ----------------------------------------------------


@st.composite
def _card_shell(draw: st.DrawFn, cid: str) -> Json:
    """A card's identity and place, valid per the loader's card-local rules (no effects yet)."""
    ctype = draw(st.sampled_from(fmt.CARD_TYPES))
    places = [loc for loc in fmt.LOCATIONS if loc != ("spell_trap_zone" if ctype == "monster" else "monster_zone")
              and (loc != "field_zone" or ctype == "spell")]  # (the Field Zone: a Field Spell's)
    field = "monster_zone" if ctype == "monster" else "spell_trap_zone"
    loc = draw(st.just(field) | st.sampled_from(places))  # the field half the time: that is where cards play
    card: Json = {"id": cid, "controller": draw(st.sampled_from(fmt.PLAYERS))}
    if loc != "monster_zone" or draw(st.booleans()):  # monster_zone is the default
        card["location"] = loc
    if ctype != "monster" or draw(st.booleans()):
        card["card_type"] = ctype
    if loc == "field_zone":
        card["property"] = "field"
    if ctype == "monster":
        card["atk"], card["def"] = draw(_stat), draw(_stat)
        if loc == "monster_zone":
            card["position"] = draw(st.sampled_from(fmt.POSITIONS))
        if draw(st.integers(0, 4)) == 0:
            card["pendulum"] = draw(st.booleans())
    elif loc in ("spell_trap_zone", "field_zone") and draw(st.booleans()):
        card["face_down"] = draw(st.booleans())
    if draw(st.integers(0, 3)) == 0:
        card["owner"] = draw(st.sampled_from(fmt.PLAYERS))
    if draw(st.integers(0, 3)) == 0:
        card["name"] = draw(st.text(max_size=10))
    return card


_stat = st.integers(0, 50).map(lambda n: n * 100) | st.integers(0, 5000)


def _where(card: Json) -> tuple[str, str]:
    return card.get("card_type", "monster"), card.get("location", "monster_zone")


# Target keywords the generator does not draw for any reference (see `refs` below)
_NOT_DRAWN = frozenset({"targeted", "acted_on", "battle_victims", "paid", "event_cards", "summoned", "event_card"})


def _no_event_reads(op: Json) -> None:
    """A value reading a trigger's event (`event_amount`, rules spec §U.27) read from this card instead: the loader
    refuses it outside a trigger."""
    for value in op.values():
        for one in value if isinstance(value, list) else [value]:
            if isinstance(one, dict):
                if one.pop("event_amount", None) is not None:
                    one["of"] = "self"
                _no_event_reads(one)


@st.composite
def _effect(draw: st.DrawFn, card: Json, ids: list[str], summonable: list[str], kind: str | None = None,
            first_op: str | None = None) -> Json:
    """One effect of `kind` (default: any), parameters from the schema, references to cards that exist; its
    first op is `first_op` if given."""

    def refs(what: str) -> st.SearchStrategy[str]:
        # `targeted` only where the effect chooses its targets (fixed below): the loader refuses it elsewhere; the
        # references to several cards (`acted_on`, `battle_victims`, `paid`: rules spec §U.23; `event_cards`: only in
        # a trigger's, §U.27; `summoned`: after a Summon, §U.24) only in some operations
        pool = ids if what == "card_ref" else [*(k for k in fmt.TARGET_KEYWORDS if k not in _NOT_DRAWN), *ids]
        return st.sampled_from(pool)

    if kind is None:
        kind = draw(st.sampled_from(ACTIVATABLE) | st.sampled_from(ACTIVATABLE if first_op else KIND_NAMES))
    defn = DEFS[f"effect.{kind}"]
    eff = draw(_params(defn, refs, frozenset({"does"})))
    if "does" not in defn["properties"]:
        return eff
    ops = []
    for n in range(draw(st.integers(1, 3))):
        name = first_op if first_op and n == 0 else draw(st.sampled_from(OP_NAMES))
        op = _coin_sides(draw(_params(DEFS[f"op.{name}"], refs)))
        if name == "special_summon":
            if not summonable:
                continue
            op["card"] = draw(st.sampled_from(summonable))
            for key in ("target", "count", "different", "up_to"):  # (a pick's keys, or another card: §U.23)
                op.pop(key, None)
        if op.get("target") is None:  # `if_it_is` reads the card the op's target names: the loader refuses it alone
            op.pop("if_it_is", None)
        if kind != "trigger":
            _no_event_reads(op)
        ops.append(op)
    eff["does"] = ops or [{"op": "gain_lp", "player": "controller", "amount": 100}]
    if isinstance(eff.get("target"), dict):  # the cards its controller chooses: an operation acts on them
        acting = next((op for op in eff["does"] if "target" in op), None)
        if acting is None:
            eff["does"].append({"op": "destroy", "target": "targeted"})
        else:
            acting["target"] = "targeted"
    if kind == "trigger" and eff.get("card_activation") and (
        eff.get("on") != "activation_negated" or eff.get("about", "self") == "self"
    ):
        eff.pop("card_activation")  # (it reads a negated activation: refused with another event)
    if kind == "activated" and eff.get("mandatory") and "responds_to" not in eff:
        eff.pop("mandatory")  # (a mandatory Quick Effect answers an activation: refused without responds_to)
    for key in ("event_from", "caused_by", "position_change"):  # (refused on an event that does not carry them, §U.24:
        eff.pop(key, None)  # tests/test_s2b.py covers them and their refusals)
    if "once_per_turn" not in eff:  # (they share or widen the count once_per_turn makes: refused without it)
        eff.pop("uses_per_turn", None)
        eff.pop("once_per_turn_group", None)
    if kind == "activated":
        ctype, _ = _where(card)
        if ctype == "counter_trap":
            if draw(st.booleans()):
                eff["speed"] = 3
            else:
                eff.pop("speed", None)
        elif "speed" not in eff:
            eff["speed"] = draw(st.sampled_from([1, 2, 2, 2, 3]))
        if draw(st.booleans()):  # most effects are not legal in the Damage Step: let half of them be
            eff["damage_step"] = "allowed"
    return eff


@st.composite
def _choice(draw: st.DrawFn, cards: list[Json]) -> Json:
    """A choice naming an existing effect (legal or not in play: the engine decides; `expect` either way)."""
    with_effects = [c for c in cards if c["effects"]]
    card = draw(st.sampled_from(with_effects))
    ch: Json = {"window": draw(st.sampled_from(fmt.DAMAGE_STEP_WINDOWS)), "player": draw(st.sampled_from(fmt.PLAYERS)),
                "activate": card["id"]}
    n = len(card["effects"])
    if n > 1 or draw(st.booleans()):
        ch["effect"] = draw(st.integers(0, n - 1))
    if draw(st.integers(0, 2)) == 0:
        ch["targets"] = draw(st.lists(st.sampled_from([c["id"] for c in cards]), max_size=2))
    if draw(st.integers(0, 3)) == 0:
        ch["new_chain"] = draw(st.booleans())
    if draw(st.booleans()):
        ch["expect"] = draw(st.sampled_from(["legal", "illegal"]))
    return ch


@st.composite
def scenarios(draw: st.DrawFn, max_extra_cards: int = 5, max_effects: int = 3, max_choices: int = 4,
              require: dict[str, str] | None = None) -> Json:
    """A valid scenario dict: an attack (or a direct attack) and up to `max_extra_cards` cards of any type
    anywhere, each with up to `max_effects` effects of any kind, and up to `max_choices` choices.
    `require={"kind": k}` or `{"op": o}` also gives the attacker an effect of that kind / with that op."""
    tp = draw(st.sampled_from(fmt.PLAYERS))
    att: Json = {"id": "att", "controller": tp, "atk": draw(_stat), "def": draw(_stat),
                 "position": draw(st.sampled_from(["attack", "attack", "defense"]))}
    cards = [att]
    direct = draw(st.integers(0, 6)) == 0
    if not direct:
        cards.append({"id": "tgt", "controller": OTHER[tp], "atk": draw(_stat), "def": draw(_stat),
                      "position": draw(st.sampled_from(fmt.POSITIONS))})
    for k in range(draw(st.integers(0, max_extra_cards))):
        cards.append(draw(_card_shell(f"c{k}")))
    if require and require.get("op") == "special_summon":
        cards.append({"id": "gy", "controller": tp, "location": "graveyard", "atk": 0, "def": 0})
    for side in fmt.PLAYERS:  # a player has 5 Main Monster Zones: the others go to the Graveyard
        for c in [c for c in cards if c["controller"] == side and _where(c) == ("monster", "monster_zone")][5:]:
            c["location"] = "graveyard"
            del c["position"]
    ids = [c["id"] for c in cards]
    field_monsters = [c["id"] for c in cards if _where(c) == ("monster", "monster_zone") and c["position"] != "set"]
    summonable = [c["id"] for c in cards if _where(c)[0] == "monster" and _where(c)[1] in fmt.SUMMON_FROM]
    for c in cards:
        ctype, loc = _where(c)
        equips = ctype != "monster" and loc == "spell_trap_zone" and not c.get("face_down") and field_monsters
        if equips and draw(st.integers(0, 3)) == 0:  # (a face-up monster: §C.3)
            c["equipped_to"] = draw(st.sampled_from(field_monsters))
        c["effects"] = draw(st.lists(_effect(c, ids, summonable), max_size=max_effects))
    if require:
        att["effects"].insert(0, draw(_effect(att, ids, summonable, require.get("kind"), require.get("op"))))
    if att["position"] == "defense" and not any(e["kind"] == "attack_from_defense" for e in att["effects"]):
        att["effects"].append({"kind": "attack_from_defense", "apply": draw(st.sampled_from(["atk", "def"]))})
    d: Json = {"format": fmt.FORMAT}
    for key in ("id", "title", "notes"):
        if draw(st.booleans()):
            d[key] = draw(st.text(max_size=12))
    if draw(st.booleans()):
        d["rules"] = {"zero_atk_mutual_destruction": draw(st.booleans())} if draw(st.booleans()) else {}
    if tp != "A" or draw(st.booleans()):
        d["turn_player"] = tp
    if draw(st.integers(0, 4)):
        lp_key = st.sampled_from(fmt.PLAYERS)
        d["life_points"] = draw(st.dictionaries(lp_key, st.integers(1, 8000) | st.integers(1, 100)))
    d["cards"] = draw(st.permutations(cards))
    d["attack"] = {"attacker": "att", "target": None if direct else "tgt"}
    if any(c["effects"] for c in cards) and draw(st.booleans()):
        d["choices"] = draw(st.lists(_choice(cards), max_size=max_choices))
    _assume_no_cross_key_refusal(d)
    return d


# The loader's rules across keys that the JSON Schema does not say (issue 43's pieces: rules spec §U.23 to §U.29),
# each tested with its own refusal in its branch's tests (tests/test_s2a.py ... test_s2e.py, test_apx.py): a generated
# scenario that breaks one is discarded rather than drawn again by hand for each rule. Any other refusal still fails.
CROSS_KEY_RULES = (
    "give tie or tie_rolls_again", "a lasting at_timing needs", "belongs to a lasting at_timing",
    "a lasting activation_lock needs", "give target (the monster it is kept on) or applies_to", "needs a target (the "
    "monster it is kept on", "attacks_first names the monster", "event_card names the card of the event",
    "give target or applies_to", "filter chooses among the monsters of applies_to", "missing required key: give "
    "target", "count is how many monsters the controller picks", "is read of an event of a card that moved",
    "once_per_turn_group shares the count", "uses_per_turn counts the uses", "position_change is read of the event",
    "the first operation of a list", "send_to_graveyard takes target or from", "special_summon takes target or",
    "is for a pick of several", "paid names the cards the effect's cost moved", "names several cards, each acted on",
    "reads the event a trigger answers", "card_activation reads the activation", "a mandatory Quick Effect answers",
    "counters are placed on face-up cards only", "is not one flipped face-up", "is not a monster off the field",
    "if_it_is reads the card the operation's target names",  # (in an operation nested in another, §U.22)
)


def _assume_no_cross_key_refusal(d: Json) -> None:
    try:
        engine.parse_scenario(d)
    except engine.ScenarioError as e:
        assume(not any(rule in str(e) for rule in CROSS_KEY_RULES))


# --- the mutator ---------------------------------------------------------------------------------------

Path = tuple[str | int, ...]
EXTRA_KEY = "zz_not_a_key"


def _slots(v: Any, path: Path = ()) -> list[tuple[Path, Any]]:
    """Every value in the document with its path (the root excluded)."""
    out: list[tuple[Path, Any]] = []
    items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
    for k, x in items:
        out.append(((*path, k), x))
        out += _slots(x, (*path, k))
    return out


def path_text(path: Path) -> str:
    """A path as the loader writes it in a ScenarioError (``cards[1].effects[0].kind``)."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".") or "$"


def _get(doc: Any, path: Path) -> Any:
    for p in path:
        doc = doc[p]
    return doc


_JSON_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=True), st.text(max_size=8),
    st.sampled_from(["", "A", "att", "tgt", "attack", "self", "monster_zone", "1", "true"]),
)
_JSON_VALUES = st.recursive(_JSON_SCALARS, lambda x: st.lists(x, max_size=3) | st.dictionaries(st.text(max_size=5), x,
                                                                                                max_size=3),
                            max_leaves=6)
_BAD_INTS = st.sampled_from([-1, 0, 4, -(10**6), 10**6, 2**31, 2**63, -(2**63)]) | st.integers()
_BAD_STRINGS = st.sampled_from(["", "zzz", "Attack", "att ", "c9", "A", "B", "both", "self", "monster", "hand",
                                fmt.FORMAT + "x", "damage-step-scenario/2"])


_MUTATIONS: dict[str, Callable[[Any], bool]] = {
    "delete": lambda v: True, "wrong_type": lambda v: True, "none": lambda v: True, "swap": lambda v: True,
    "extra_key": lambda v: isinstance(v, dict),
    "duplicate": lambda v: isinstance(v, list), "empty": lambda v: isinstance(v, list),
    "not_a_list": lambda v: isinstance(v, list),
    "bad_int": lambda v: type(v) is int, "float_int": lambda v: type(v) is int, "bool": lambda v: type(v) is int,
    "bad_string": lambda v: type(v) is str, "unknown_ref": lambda v: type(v) is str,
    "int_bool": lambda v: type(v) is bool,
}  # fmt: skip


@st.composite
def mutations(draw: st.DrawFn, doc: Json) -> tuple[Json, str, Path]:
    """One random change to a copy of `doc`: (the mutant, what was done, where). The kind of change is drawn
    first, then a place it applies to, so rare value types (ints, bools) get their share. The mutant may still
    be valid (e.g. an int replaced by another in range); the properties say which mutations must be rejected."""
    m = copy.deepcopy(doc)
    slots = _slots(m)
    kind = draw(st.sampled_from([k for k, fits in _MUTATIONS.items() if any(fits(v) for _, v in slots)]))
    places = [(p, v) for p, v in slots if _MUTATIONS[kind](v)]
    if kind == "extra_key":
        places.append(((), m))  # the document itself is a closed object too
    path, old = draw(st.sampled_from(places))
    parent, key = (_get(m, path[:-1]), path[-1]) if path else (m, "")  # the root: only for extra_key
    if kind == "delete":
        del parent[key]
    elif kind == "extra_key":
        old[EXTRA_KEY] = draw(_JSON_VALUES)
        path = (*path, EXTRA_KEY)
    elif kind == "wrong_type":
        parent[key] = draw(_JSON_VALUES)
    elif kind == "none":
        parent[key] = None
    elif kind == "swap":
        parent[key] = copy.deepcopy(draw(st.sampled_from(slots))[1])
    elif kind == "duplicate":
        if old:
            old.append(copy.deepcopy(draw(st.sampled_from(old))))
        else:
            old.append(draw(_JSON_VALUES))
    elif kind == "empty":
        old.clear()
    elif kind == "not_a_list":
        parent[key] = old[0] if old else {}
    elif kind == "bad_int":
        parent[key] = draw(_BAD_INTS)
    elif kind == "float_int":
        parent[key] = float(old)
    elif kind == "bool":
        parent[key] = draw(st.booleans())
    elif kind == "int_bool":
        parent[key] = int(old)
    elif kind == "bad_string":
        parent[key] = draw(_BAD_STRINGS)
    elif kind == "unknown_ref":
        parent[key] = old + "_unknown"
    return m, kind, path


def max_abs_int(v: Any) -> int:
    """The largest absolute integer anywhere in a document (to tell a mutant with huge numbers)."""
    if isinstance(v, dict):
        return max((max_abs_int(x) for x in v.values()), default=0)
    if isinstance(v, list):
        return max((max_abs_int(x) for x in v), default=0)
    return abs(v) if type(v) is int else 0


def examples(share: float) -> int:
    """This test's number of examples: a share of the loaded profile's ``max_examples`` (``ci``: 100,
    ``long``: 2000), so one profile scales every test of the folder. Read when the test module is imported,
    which is after pytest has loaded the profile named by ``--hypothesis-profile``."""
    return max(5, round(settings.default.max_examples * share))
