"""What one player sees of a battle: the observation tensor, its text view, the information state (issue 41).

A player at a real table does not see the opponent's hand nor the face of a face-down card; they see their own
hand and their own face-down cards, and a card the rules show to both (a flipped monster, an activated Spell or
Trap, a card in the Graveyard) stays known to both from then on. Two views, named by `VIEWS`:

* ``"hidden"`` (the default of `engine.search`, `engine.openspiel`, `engine.pettingzoo`, `engine.gym_env`): each
  player sees only that. A card whose identity the viewer does not know shows where it is (its location, who
  controls it, whether it is face-down: all public) and nothing of what it is (no ATK/DEF, no name);
* ``"open_hand"``: every card shown to both players (the perfect-information model that open-hand searches,
  perfect-information Monte Carlo and MCTS, use), for those searches only.

**Knowing a card.** `knows(card, index, viewer, revealed)`: the card is face-up on the field, in the Graveyard or
banished (public); or the viewer controls it in hand, on the field (face-down too) or in the Extra Deck; or the rules
have shown it to both before (bit ``index`` of `revealed`). A Deck's cards are unknown to both until shown.
`revealed` is a bit mask per game state kept by `engine.search.BattleState`: at the start and after every decision
each card public then is marked (`reveal`); one loop over the cards, an int, nothing else to copy on a clone. A card
shown and hidden again between two decisions with no decision between them is not marked (no library card does
that; the event log, when recorded, has it).

**The tensor** (`observe`, float32-ready floats, the same length for every state of a game and both views; version
`OBSERVATION_VERSION`; "own" is the viewer, "opp" the other player). In order:

====================  ====  ==================================================================
field                 size  value
====================  ====  ==================================================================
phase                   21  one-hot over `engine.Phase` in declaration order
window                  12  one-hot over `engine.Window`, then "no window open"
life points              2  own LP, opp LP, each / LP scale (both starting LP summed), in [0, 1]
hands                    2  cards in own hand, in opp hand (unnamed filler cards included) / 8, in [0, 1]
turn player              1  1 if the viewer is the turn player
viewer                   1  1 if the viewer is player B (the seat: two players' views never coincide)
decision                 5  one-hot: priority, trigger, replay, none pending (the kind of an opp decision
                            only in the "open_hand" view: a trigger would tell what they hold); 1 if own
options                  1  number of legal answers / 16, in [0, 1]: own decision only in the "hidden"
                            view (how many answers the opponent has would tell what they hold)
chain                    1  links on the open window's chain / 8, in [0, 1]
battle                   3  damage calculation performed; own / opp battle damage / LP scale
attacker, target    2 x 10  on the field still (the same card), own, known; ATK and DEF / 5000 (in
                            [0, 2]; 0 unless known), position one-hot (attack, defense, set),
                            face-down, determined destroyed by battle
battle phase             3  attacks declared this turn / 8 (in [0, 1]); 1 if the Battle Phase ends
                            once this attack is over; listed attacks still to declare / their number
cards              n x 15  for every card of the scenario, in its order: location one-hot (8, the
                            order of `engine.state.Location`), own, face-up, known, in Defense
                            Position (face-up or Set, a monster on the field); ATK and DEF / 5000
                            (current values on the field, printed elsewhere; 0 unless known), attacks
                            it declared this turn / 2 (in [0, 1])
====================  ====  ==================================================================

`OBSERVATION_FIELDS` lists the header's (name, size) pairs, `CARD_FIELDS` the size per card: ``72 + 15 * n``.
(Version 3: issue 40 added the End Phase and the end of the turn to `engine.Phase`, the End Phase to
`engine.Window` and the Field Zone to `engine.state.Location`.)

**Slots are the scenario's cards.** Card ``i`` of the tensor is card ``i`` of the scenario, as the action ids are
(`engine.search`). Which card is dealt where is the scenario's: a game built from one scenario is one deal, known to
whoever holds the game object (its `names`); what a player *observes* is this view. A learner that must not learn a
deal is trained over many deals (`examples/learn_battle_phase.py` draws random fields), where the observation is all
it reads.

**The text view** (`observation_text`) says the same for a person: known cards by name and stats, others as
``card 6 (B): hand``; the options only of the viewer's own decision. **The information state**
(`information_text`, `information_tensor`) adds what the viewer has seen done: every decision so far, by whom, with
card indexes only (an activation shows its card anyway); the text is perfect-recall, the tensor a fixed-size
summary (per card: activated, attacked with, targeted, each / 4; passes own and opp / 16).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from engine import actions
from engine.effects import Context
from engine.rules.stats import current_stats
from engine.state import Card, GameState
from engine.values.decisions import (
    ANSWER,
    ATTACK,
    RESOLUTION_KINDS,
    Decision,
    DecisionKind,
    Option,
    answer_value,
    describe_answer,
)
from engine.values.game import Location, Phase, Player, Position, Window

OBSERVATION_VERSION: Final = 4
VIEWS: Final = ("hidden", "open_hand")
STAT_SCALE: Final = 5000.0
MAX_OPTIONS_SCALE: Final = 16.0
MAX_CHAIN_SCALE: Final = 8.0
MAX_ATTACKS_SCALE: Final = 8.0
HAND_SCALE: Final = 8.0
SEEN_SCALE: Final = 4.0
PASS_SCALE: Final = 16.0

OBSERVATION_FIELDS: Final[tuple[tuple[str, int], ...]] = (
    ("phase", len(Phase)),
    ("window", len(Window) + 1),
    ("life_points", 2),
    ("hands", 2),
    ("turn_player", 1),
    ("viewer", 1),
    ("decision", 5),
    ("options", 1),
    ("chain", 1),
    ("battle", 3),
    ("attacker", 10),
    ("target", 10),
    ("battle_phase", 3),
)
HEADER_SIZE: Final = sum(n for _, n in OBSERVATION_FIELDS)
# The places a card's location one-hot says (a Token that ceased to exist, `Location.GONE`, is in none of them)
PLACES: Final = tuple(loc for loc in Location if loc is not Location.GONE)
CARD_FIELDS: Final = len(PLACES) + 7
SEEN_FIELDS: Final = 3  # per card in the information tensor: activated, attacked with, targeted
_PHASES: Final = {p: i for i, p in enumerate(Phase)}
_DECISION_SLOTS: Final = {DecisionKind.PRIORITY: 0, DecisionKind.TRIGGER: 1, DecisionKind.REPLAY: 2}
_WINDOWS: Final = {w: i for i, w in enumerate(Window)}
_LOCATIONS: Final[dict[Location, int]] = {loc: i for i, loc in enumerate(PLACES)}
_POSITIONS: Final = {Position.ATTACK: 0, Position.DEFENSE: 1, Position.SET: 2}
_OWN_HIDDEN: Final = (Location.HAND, Location.MONSTER_ZONE, Location.SPELL_TRAP_ZONE, Location.EXTRA_DECK)


def check_view(view: str) -> str:
    """`view` if it is one of `VIEWS`; ValueError naming them otherwise."""
    if view not in VIEWS:
        raise ValueError(f"view must be one of {', '.join(VIEWS)}, got {view!r}")
    return view


def observation_size(cards: int) -> int:
    return HEADER_SIZE + CARD_FIELDS * cards


def information_size(cards: int) -> int:
    return observation_size(cards) + SEEN_FIELDS * cards + 2


def is_public(card: Card) -> bool:
    """Whether both players see what the card is now: face-up on the field, in the Graveyard, or banished."""
    where = card.location
    if where is Location.GRAVEYARD or where is Location.BANISHED:
        return True
    return card.face_up_on_field


def reveal(state: GameState, revealed: int) -> int:
    """`revealed` with every card public now marked: shown to both, it stays known to both (module docstring)."""
    for i, card in enumerate(state.cards):
        if not revealed >> i & 1 and is_public(card):
            revealed |= 1 << i
    return revealed


def knows(card: Card, index: int, viewer: Player, revealed: int) -> bool:
    """Whether `viewer` knows what card `index` is (module docstring)."""
    if revealed >> index & 1 or is_public(card):
        return True
    return card.controller is viewer and card.location in _OWN_HIDDEN


def known_cards(state: GameState, viewer: Player, revealed: int, view: str) -> list[bool]:
    """Per card, whether `viewer` knows it in `view` ("open_hand": every card)."""
    if view == "open_hand":
        return [True] * len(state.cards)
    return [knows(c, i, viewer, revealed) for i, c in enumerate(state.cards)]


def hand_size(state: GameState, player: Player) -> int:
    return state.players[player].hand_filler + sum(
        1 for c in state.cards if c.location is Location.HAND and c.controller is player
    )


def observe(
    ctx: Context, viewer: Player, revealed: int, view: str, lp_scale: float, d: Decision | None,
    listed_left: float = 0.0, slots: int | None = None,
) -> list[float]:
    """The tensor of the module docstring, from `viewer`'s side (`d`: the pending decision as the game offers it,
    `listed_left`: the share of an `attacks` game's listed attacks still to declare; `slots`: only the first cards,
    a game's fixed slots, so that a Token made during the duel (§U.17) does not change the tensor's size)."""
    s = ctx.state
    known = known_cards(s, viewer, revealed, view)
    opp = Player.B if viewer is Player.A else Player.A
    out_cards = s.cards if slots is None else s.cards[:slots]  # (a game's slots: its scenario's cards)
    out: list[float] = [0.0] * observation_size(len(out_cards))
    out[_PHASES[s.phase]] = 1.0
    at = len(Phase)
    w = s.window
    out[at + (_WINDOWS[w.window] if w is not None else len(Window))] = 1.0
    at += len(Window) + 1
    out[at] = _clip(s.players[viewer].lp / lp_scale, 1.0)
    out[at + 1] = _clip(s.players[opp].lp / lp_scale, 1.0)
    out[at + 2] = _clip(hand_size(s, viewer) / HAND_SCALE, 1.0)
    out[at + 3] = _clip(hand_size(s, opp) / HAND_SCALE, 1.0)
    out[at + 4] = 1.0 if s.turn_player is viewer else 0.0
    out[at + 5] = 1.0 if viewer is Player.B else 0.0
    at += 6
    if d is None:
        out[at + 3] = 1.0
    else:
        own = d.player is viewer
        slot = _DECISION_SLOTS.get(d.kind)  # (a decision while an effect resolves, §U.16, sets none of the three)
        if slot is not None and (own or view == "open_hand"):
            out[at + slot] = 1.0
        out[at + 4] = 1.0 if own else 0.0
        if own or view == "open_hand":
            out[at + 5] = _clip(len(d.options) / MAX_OPTIONS_SCALE, 1.0)
    out[at + 6] = _clip(len(w.chain) / MAX_CHAIN_SCALE, 1.0) if w is not None else 0.0
    at += 7
    b = s.battle
    out[at] = 1.0 if b.battled else 0.0
    out[at + 1] = _clip(b.battle_damage[viewer] / lp_scale, 1.0)
    out[at + 2] = _clip(b.battle_damage[opp] / lp_scale, 1.0)
    at += 3
    for index, instance in ((b.attacker, b.attacker_instance), (b.target, b.target_instance)):
        if index is not None and index >= 0:  # (no attack declared yet: NO_ATTACK)
            card = s.cards[index]
            if card.location is Location.MONSTER_ZONE and card.instance == instance:
                out[at] = 1.0
                out[at + 1] = 1.0 if card.controller is viewer else 0.0
                if known[index]:
                    atk, def_ = current_stats(ctx, index)
                    out[at + 2] = 1.0
                    out[at + 3] = _clip(atk / STAT_SCALE, 2.0)
                    out[at + 4] = _clip(def_ / STAT_SCALE, 2.0)
                if card.position is not None:
                    out[at + 5 + _POSITIONS[card.position]] = 1.0
                out[at + 8] = 1.0 if card.position is Position.SET else 0.0
                out[at + 9] = 1.0 if card.battle_destroyed else 0.0
        at += 10
    declared = actions.declared_this_turn(s)
    out[at] = _clip(len(declared) / MAX_ATTACKS_SCALE, 1.0)
    out[at + 1] = 1.0 if s.battle_phase_ending else 0.0
    out[at + 2] = listed_left
    at += 3
    for index in range(len(out_cards)):
        card = out_cards[index]
        place = _LOCATIONS.get(card.location)
        if place is not None:
            out[at + place] = 1.0
        base = at + len(PLACES)
        out[base] = 1.0 if card.controller is viewer else 0.0
        out[base + 1] = 1.0 if card.face_up_on_field else 0.0
        on_field = card.location is Location.MONSTER_ZONE
        if known[index]:
            out[base + 2] = 1.0
            if card.is_monster:
                atk, def_ = current_stats(ctx, index) if on_field else (card.base_atk, card.base_def)
                out[base + 4] = _clip(atk / STAT_SCALE, 2.0)
                out[base + 5] = _clip(def_ / STAT_SCALE, 2.0)
        if on_field and card.position is not None and card.position is not Position.ATTACK:
            out[base + 3] = 1.0
        if declared:
            out[base + 6] = _clip(declared.count((index, card.instance)) / 2.0, 1.0)
        at += CARD_FIELDS
    return out


def information_tensor(observation: list[float], cards: int, seen: Sequence[tuple[Player, Option]],
                       viewer: Player) -> list[float]:  # fmt: skip
    """`observation` followed by the summary of what was seen done (module docstring)."""
    extra = [0.0] * (SEEN_FIELDS * cards + 2)
    for player, option in seen:
        if option.is_pass:
            extra[SEEN_FIELDS * cards + (0 if player is viewer else 1)] += 1.0 / PASS_SCALE
            continue
        extra[SEEN_FIELDS * option.card + (1 if option.effect == ATTACK else 0)] += 1.0 / SEEN_SCALE
        for t in option.targets:
            extra[SEEN_FIELDS * t + 2] += 1.0 / SEEN_SCALE
    return observation + [min(v, 1.0) for v in extra]


def card_label(names: Sequence[str], known: Sequence[bool], index: int) -> str:
    """A card as the viewer can name it: its name when known, else its slot."""
    return names[index] if 0 <= index < len(known) and known[index] else f"card {index}"


def describe(option: Option, names: Sequence[str], known: Sequence[bool], kind: DecisionKind | None = None) -> str:
    """An answer in words, naming only the cards the viewer knows."""
    if kind is not None and kind in RESOLUTION_KINDS:  # (§U.16)
        return describe_answer(kind, option, [card_label(names, known, i) for i in range(len(names))])
    if option.is_pass:
        return "do not attack" if kind is DecisionKind.REPLAY else "pass"
    if option.effect == ATTACK:
        on = card_label(names, known, option.targets[0]) if option.targets else "directly"
        return f"attack {on} with {card_label(names, known, option.card)}"
    t = f" targeting {', '.join(card_label(names, known, i) for i in option.targets)}" if option.targets else ""
    return f"activate {card_label(names, known, option.card)} effect {option.effect}{t}"


def seen_text(player: Player, option: Option) -> str:
    """A decision as both players saw it taken: card indexes only (an activation shows its card anyway)."""
    if option.is_pass:
        return f"{player.name} pass"
    if option.effect == ATTACK:
        return f"{player.name} attack {option.targets[0] if option.targets else 'direct'} with {option.card}"
    targets = "" if not option.targets else " on " + ",".join(map(str, option.targets))
    if option.effect >= ANSWER:  # an answer while an effect resolves (§U.16)
        picked = "" if not option.targets else " picking " + ",".join(map(str, option.targets))
        return f"{player.name} answer {answer_value(option)} about {option.card}{picked}"
    return f"{player.name} activate {option.card}.{option.effect}{targets}"


def observation_text(
    ctx: Context, viewer: Player, revealed: int, view: str, d: Decision | None, option_ids: Sequence[int],
    outcome: str | None,
) -> str:
    """The text view (module docstring); `d`: the pending decision as the game offers it, `option_ids`: the action
    id of each of its options, `outcome`: how the game ended, or None while it goes on."""
    s = ctx.state
    names = [c.name for c in s.cards]
    known = known_cards(s, viewer, revealed, view)
    w = s.window
    lines = [
        f"view {view} v{OBSERVATION_VERSION}, viewer {viewer.name}",
        f"phase {s.phase.value}" + (f", window {w.window.value} (chain {len(w.chain)})" if w is not None else ""),
        f"LP A {s.players[0].lp}  B {s.players[1].lp}; hand A {hand_size(s, Player.A)}  B {hand_size(s, Player.B)}",
    ]
    for i, c in enumerate(s.cards):
        where = c.location.value + (f" {c.position.value}" if c.position is not None else "")
        where += " face-down" if c.face_down and c.location is Location.SPELL_TRAP_ZONE else ""
        if not known[i]:
            lines.append(f"  card {i} ({c.controller.name}): {where}")
            continue
        stats = ""
        if c.is_monster:
            atk, def_ = current_stats(ctx, i) if c.location is Location.MONSTER_ZONE else (c.base_atk, c.base_def)
            stats = f" {atk}/{def_}"
        lines.append(f"  card {i} {names[i]} ({c.controller.name}): {where}{stats}")
    if outcome is not None:
        lines.append(f"over: {outcome}")
    elif d is not None:
        lines.append(_decision_text(d, viewer, view, names, known, option_ids))
    return "\n".join(lines)


def _decision_text(d: Decision, viewer: Player, view: str, names: Sequence[str], known: Sequence[bool],
                   option_ids: Sequence[int]) -> str:  # fmt: skip
    if d.player is not viewer and view != "open_hand":
        return f"{d.player.name} to decide"
    head = f"{d.player.name} to decide ({d.kind.value})"
    return "\n".join([head + ":"] + [f"  {a}: {describe(o, names, known, d.kind)}" for a, o in zip(
        option_ids, d.options, strict=True)])  # fmt: skip


def _clip(v: float, hi: float) -> float:
    return 0.0 if v < 0.0 or math.isnan(v) else (hi if v > hi else v)
