"""Random Battle Phases from library cards: a small family of deals to learn and test on (issue 41).

    from engine.fields import random_field, FIELD_CARDS
    scenario = random_field(random.Random(7))  # a scenario JSON object: engine.search.BattleGame(scenario)

Every field has the same shape, so that all its games share one observation size and one action space
(`engine.search.BattleGame(..., effects_per_card=MAX_EFFECTS)`): `FIELD_CARDS` cards, in this order:

* A (the turn player, who declares the attacks): 2 monsters in Attack Position, 1 Spell or Trap Set, 1 card in hand;
* B: 2 monsters, each in Attack Position, face-up Defense Position or Set (face-down), 1 Spell or Trap Set, 1
  card in hand.

Each card is drawn from a fixed set of library cards (`FAMILY_MONSTERS`, `FAMILY_BACKROW`: the library as it was
when the family was made, so that the family does not change as the library grows): monsters among those a field can
hold with no other setup, Spells and Traps among all. The whole Battle Phase is played (``"battle_phase": {}``): A
declares each attack, both answer with what they hold. Hidden from A: B's hand, B's Set card and B's Set monsters
(until flipped); from B: A's hand and A's Set card. Which library card is dealt where is the hidden information an
agent must play without.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any, Final

from engine.cards import all_cards

FIELD_CARDS: Final = 8
_SIDE: Final = (("m0", "monster"), ("m1", "monster"), ("s0", "backrow"), ("h0", "hand"))


# The family's cards: the library's cards a field could hold when the family was made (issue 41). They are fixed, so
# that the family (its deals, its action space, what an agent learns on it) stays the same as the library grows;
# `family_pools` draws the same kind of pools from any other keys.
FAMILY_MONSTERS: Final = (
    "airknight_parshath", "ally_of_justice_reverse_break", "amazoness_swords_woman",
    "ancient_warriors_masterful_sun_mou", "aria_the_melodious_diva", "aromaseraphy_jasmine",
    "barbaroid_the_ultimate_battle_machine", "battle_fader", "big_shield_gardna", "blackwing_kalut_the_moon_shadow",
    "blue_eyes_chaos_max_dragon", "blue_eyes_twin_burst_dragon", "bujingi_sinyou", "cyber_dragon_zwei",
    "dark_ruler_ha_des", "dd_crazy_beast", "dd_warrior_lady", "disc_fighter", "drillroid", "ehren_lightsworn_monk",
    "exploder_dragon", "fabled_ashenveil", "fusion_devourer", "garmr_of_the_nordic_beasts", "giant_rat",
    "gravekeepers_vassal", "heraldic_beast_basilisk", "honest", "injection_fairy_lily", "jinzo", "kuriboh",
    "kuribon", "legendary_secret_of_the_six_samurai", "lord_of_d", "mad_archfiend", "mad_sword_beast",
    "man_eater_bug", "marauding_captain", "marshmallon", "mist_valley_soldier", "mystic_swordsman_lv2",
    "neo_spacian_grand_mole", "number_102_star_seraph_sentry", "obnoxious_celtic_guard",
    "performage_trapeze_magician", "performapal_helpprincess", "rampaging_rhynos", "rescue_interlacer",
    "sasuke_samurai", "shield_warrior", "spear_dragon", "spirit_reaper", "star_boy", "superheavy_samurai_big_benkei",
    "swift_scarecrow", "the_six_samurai_zanji", "total_defense_shogun", "tragoedia", "ua_mighty_slugger", "wattmole",
    "wattsquirrel",
)
FAMILY_BACKROW: Final = (
    "amazoness_fighting_spirit", "amazoness_heirloom", "axe_of_despair", "book_of_moon", "castle_walls",
    "childs_play", "compulsory_evacuation_device", "dark_bribe", "defense_draw", "dimension_wall",
    "dimensional_prison", "divine_wrath", "draining_shield", "drowning_mirror_force", "enemy_controller",
    "evil_eye_domain_pareidolia", "forbidden_chalice", "forbidden_lance", "forbidden_scripture",
    "fusion_sword_murasame_blade", "gravity_bind", "half_counter", "half_shut", "kunai_with_chain", "magic_cylinder",
    "magic_jammer", "mirror_force", "negate_attack", "reinforcements", "rush_recklessly", "sakuretsu_armor",
    "shrink", "silver_wing", "skyscraper", "sogen", "solemn_strike", "spirit_barrier", "storming_mirror_force",
    "thorn_of_malice", "threatening_roar", "torrential_tribute", "waboku", "yami",
)


def family_pools(keys: Iterable[str]) -> tuple[list[str], list[str]]:
    """The library monsters among `keys` a field can hold as they are (no Extra Deck monster, no Pendulum, none
    needing other cards named), and the Spells and Traps among them; none that may target more than one card (the
    games' action tables hold one target: `engine.search.BattleGame`'s default `max_targets`)."""
    library = all_cards()
    monsters, backrow = [], []
    for key in sorted(keys):
        c = library[key]
        if c.custom or any(_targets_several(e.get("target")) for e in c.effects):
            continue
        if c.card_type == "monster":
            if not (c.pendulum or c.abilities or c.link_arrows):
                monsters.append(key)
        else:
            backrow.append(key)
    return monsters, backrow


def _targets_several(target: object) -> bool:
    return isinstance(target, Mapping) and int(target.get("count", 1)) > 1


MONSTERS, BACKROW = family_pools(FAMILY_MONSTERS + FAMILY_BACKROW)
MAX_EFFECTS: Final = max(len(all_cards()[k].effects) for k in MONSTERS + BACKROW)


def random_field(rng: random.Random, lp: tuple[int, int] = (4000, 4000)) -> dict[str, Any]:
    """One field of the family (module docstring), drawn with `rng`: a scenario JSON object."""
    cards: list[dict[str, Any]] = []
    for side in ("A", "B"):
        for slot, kind in _SIDE:
            cid = f"{side.lower()}{slot}"
            if kind == "backrow":
                cards.append({"id": cid, "controller": side, "card": rng.choice(BACKROW),
                              "location": "spell_trap_zone", "face_down": True})  # fmt: skip
                continue
            card: dict[str, Any] = {"id": cid, "controller": side, "card": rng.choice(MONSTERS)}
            if kind == "hand":
                card["location"] = "hand"
            else:
                card["position"] = "attack" if side == "A" else rng.choice(["attack", "defense", "set"])
            cards.append(card)
    return {"format": "damage-step-scenario/1", "id": "random-field", "turn_player": "A",
            "life_points": {"A": lp[0], "B": lp[1]}, "cards": cards, "battle_phase": {}}  # fmt: skip


def dealt_fields(seed: int, variants: int) -> list[dict[str, Any]]:
    """The deals of one field: the field of `seed` (`random_field`), with each player's hidden cards (their hand,
    their Set Spell or Trap, B's Set monsters) drawn again in `variants` ways per player, every A variant with every
    B variant (``variants ** 2`` deals, A's variant major); the cards both players see are the same in all. A game
    over them (OpenSpiel's ``deals``) has a chance node that deals, and information sets of `variants` states: a
    player knows their own variant, not the opponent's."""
    base = random_field(random.Random(seed))
    hidden: dict[str, list[dict[str, str]]] = {}
    for side in ("A", "B"):
        hidden[side] = []
        for k in range(variants):
            rng = random.Random(f"{seed}/{side}/{k}")
            drawn = {}
            for c in base["cards"]:
                if c["controller"] != side:
                    continue
                if c.get("location") == "spell_trap_zone":
                    drawn[c["id"]] = rng.choice(BACKROW)
                elif c.get("location") == "hand" or c.get("position") == "set":
                    drawn[c["id"]] = rng.choice(MONSTERS)
            hidden[side].append(drawn)
    out = []
    for i, a in enumerate(hidden["A"]):
        for j, b in enumerate(hidden["B"]):
            cards = [{**c, "card": a.get(c["id"]) or b.get(c["id"]) or c["card"]} for c in base["cards"]]
            out.append({**base, "id": f"random-field-{seed}-deal-{i}-{j}", "cards": cards})
    return out
