"""A card's name where it is (rules spec §U.29): its printed name, or the name one of its own effects gives it in
that place ("This card's name becomes 'Cyber Dragon' while in the GY": Cyber Dragon Zwei; ProjectIgnis CardScripts
c5373478, EFFECT_CHANGE_CODE with SetRange(LOCATION_GRAVE)). Such an effect applies only where it says and, as any
effect of the card, not while the card's effects are negated (a monster destroyed by battle by Dark Ruler Ha Des keeps
them negated in the Graveyard, §R.5). Read by every filter on a name or an archetype ("a 'Cyber Dragon' in your
GY")."""

from __future__ import annotations

from typing import Final

from engine.state import Card

# The effect type of "this card's name becomes <name> while in <places>" (its params: `name`, `in`: location values).
NAME_BECOMES: Final = "name_becomes"


def card_name(card: Card) -> str:
    """The card's name as the rules read it now (the printed one unless an effect of its own renames it here)."""
    if not card.effects or card.effects_negated:
        return card.name
    for eff in card.effects:
        if eff.type == NAME_BECOMES and not eff.negated and card.location.value in eff.params.get("in", ()):
            return str(eff.params.get("name") or card.name)
    return card.name
