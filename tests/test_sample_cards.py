"""The sampled cards that issue 22's pieces made writable (docs/card-pool-sample.md): the sourced cases of
tests/rules/sample-cards-cases.jsonl, one or more per card, compared as cases.md says through both executors, the
schema, the round trip and the CLI. Each case names its card's passcode; every card of the sample judged `format`
that the cases of card-pool-cases.jsonl do not cover is named here.

Expected values come from the card texts (Yugipedia), the card scripts of ProjectIgnis/CardScripts where they
decide a detail (a monster destroyed by battle is not "returned"; when a trigger is checked), the glossary pages of
laaners/yugioh_comprehensive_rulebook (unaffected, negated effects, attacks from Defense Position) and the damage
table, computed by hand."""

from __future__ import annotations

from conftest import RULES_DIR, case_file_tests, load_jsonl

import engine
import engine.cards
import engine.values.game
from engine import actions
from engine.rules.zones import points_to

CASES = RULES_DIR / "sample-cards-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=30)


def test_each_case_names_its_card_passcode() -> None:
    assert all(r["source"]["notes"].startswith("passcode ") for r in load_jsonl(CASES))


# -- The one sampled card that is not `format` but can be written with the host API (docs/card-pool-sample.md) ----


def _satellite_gain(ctx: engine.effects.Context, src: engine.Source) -> None:
    """"During each of your End Phases: This card gains 1000 ATK" (a lingering change of its own effect type)."""
    if ctx.state.turn_player is src.controller and ctx.card(src.host).face_up_on_field:
        gain = engine.Effect("satellite_gain", engine.EffectKind.CONTINUOUS)
        lingering = engine.Lingering(gain, src.controller, src.host, ctx.card(src.host).instance, "permanent", atk=1000)
        actions.add_lingering(ctx, lingering)


def _satellite_reset(ctx: engine.effects.Context, src: engine.Source) -> None:
    """"If this card attacks, this increased ATK returns to 0, after damage calculation": no chain (`AT_TIMING`)."""
    if ctx.state.phase is engine.Phase.AFTER_DAMAGE_CALCULATION and ctx.state.battle.attacker == src.host:
        host = src.host
        actions.end_lingering(ctx, lambda ling: ling.card == host and ling.effect.type == "satellite_gain")


def test_satellite_cannon_through_the_host_api() -> None:
    """Satellite Cannon (passcode 50400231; https://yugipedia.com/wiki/Satellite_Cannon, ProjectIgnis/CardScripts
    c50400231.lua: the End Phase gain is a trigger, the reset an EVENT_BATTLED continuous effect with no chain).
    Constructed numbers: two of A's End Phases make it 2000 ATK; it attacks a Level 7 monster with 2500 ATK: A takes
    500, it is not destroyed by battle (Level 7 or lower), then its ATK returns to 0."""
    registry = engine.cards.registry()
    registry.register(engine.EffectType("satellite_gain"))  # a marker: read by ATK/DEF as any lingering change
    registry.register(engine.EffectType("satellite_end_phase", hooks={engine.Hook.END_OF_TURN: _satellite_gain}))
    registry.register(engine.EffectType("satellite_reset", hooks={engine.Hook.AT_TIMING: _satellite_reset}))
    cannon = [
        {"kind": "indestructible_by_battle", "against": {"level_at_most": 7}},
        engine.Effect("satellite_end_phase", engine.EffectKind.CONTINUOUS),
        engine.Effect("satellite_reset", engine.EffectKind.CONTINUOUS),
    ]
    b = engine.StateBuilder().monster("sat", "A", atk=0, def_=0, level=5, effects=cannon)
    b.monster("x", "B", atk=2500, def_=1000, level=7)
    duel = engine.Duel(b.build(), registry)
    for _ in range(4):  # A's, B's, A's and B's End Phases
        duel.end_turn()
    assert duel.current_stats("sat") == (2000, 0)
    duel.declare_attack("sat", "x")
    duel.run(engine.PassAgent())
    battle = duel.battles[-1].battle
    assert battle.values_compared == (2000, 2500)
    assert [p.lp for p in duel.state.players] == [7500, 8000]
    assert duel.state.cards[0].location is engine.Location.MONSTER_ZONE
    assert duel.current_stats("sat") == (0, 0)


def _synchro_pair(ctx: engine.effects.Context, src: engine.Source) -> list[tuple[int, ...]]:
    """1 face-up Attack Position Synchro Monster on each side (Synchro: the host's own tag)."""

    def synchros(player: engine.Player) -> list[int]:
        return [i for i, c in enumerate(ctx.state.cards) if c.controller is player and dict(c.tags).get("synchro")
                and c.location is engine.Location.MONSTER_ZONE and c.position is engine.Position.ATTACK]  # fmt: skip

    return [(a, b) for a in synchros(ctx.state.turn_player) for b in synchros(src.controller)]


def _dice_roll_cost(ctx: engine.effects.Context, src: engine.Source) -> None:
    actions.move_card(ctx, src.card, engine.Location.BANISHED, "cost", detail="banished as the cost")


def _dice_roll(ctx: engine.effects.Context, src: engine.Source, link: engine.state.ChainLink) -> None:
    attacker, target = link.targets
    assert actions.force_attack(ctx, attacker, target) is None


def test_dice_roll_battle_through_the_host_api() -> None:
    """Dice Roll Battle's Graveyard effect (passcode 88482761; https://yugipedia.com/wiki/Dice_Roll_Battle): "During
    your opponent's Battle Step: You can banish this card from your GY, then target 1 face-up Attack Position Synchro
    Monster on each side of the field; make that face-up Attack Position monster your opponent controls attack that
    monster you control, and perform damage calculation" (rules spec §U.6: no window before damage calculation; the
    attack is the monster's attack for the turn). Constructed numbers: 2500 attacks 3000: A takes 500."""
    registry = engine.cards.registry()
    registry.register(engine.EffectType("dice_roll_battle", condition=lambda ctx, src: ctx.state.turn_player
                                        is not src.controller, targets=_synchro_pair, pay_cost=_dice_roll_cost,
                                        operation=_dice_roll))  # fmt: skip
    dice = engine.Effect("dice_roll_battle", engine.EffectKind.ACTIVATED, speed=2,
                         activate_from=engine.Location.GRAVEYARD, windows={engine.Window.BATTLE_STEP})
    b = engine.StateBuilder(turn_player="A")
    b.monster("sa", "A", atk=2500, def_=2000, tags={"synchro": True}).monster("m", "A", atk=1000, def_=1000)
    b.monster("sb", "B", atk=3000, def_=2500, tags={"synchro": True})
    b.card("dice", "B", card_type="trap", location="graveyard", name="Dice Roll Battle", effects=[dice])
    duel = engine.Duel(b.build(), registry)
    d = duel.advance()
    assert d is not None and d.window is engine.Window.BATTLE_STEP and d.player is engine.Player.A
    duel.decide(engine.PASS)  # A passes; B may act in A's Battle Step
    d = duel.advance()
    assert d is not None and d.player is engine.Player.B
    use = next(o for o in d.options if o.card == 3)
    assert use.targets == (0, 2)
    duel.decide(use)
    duel.run(engine.PassAgent())
    first = duel.battles[0]
    assert (first.attacker, first.target, first.battle.values_compared) == (0, 2, (2500, 3000))
    assert [p.lp for p in duel.state.players] == [7500, 8000]
    assert duel.state.cards[0].location is engine.Location.GRAVEYARD  # destroyed by battle
    assert duel.state.cards[3].location is engine.Location.BANISHED
    events = duel.state.log[first.log_range[0] : first.log_range[1]]
    windows = {e.window for e in events if e.type is engine.EventType.WINDOW_OPENED}
    assert engine.Window.BEFORE_DAMAGE_CALCULATION not in windows and engine.Window.ATTACK_DECLARATION not in windows
    assert engine.Window.AFTER_DAMAGE_CALCULATION in windows


def _dinomist_negate(ctx: engine.effects.Context, src: engine.Source) -> bool:
    """"Once, while this card is in your Pendulum Zone, you can negate an activated card effect that targets another
    'Dinomist' card(s) you control, then destroy this card": applied as the effect resolves, with no chain."""
    me = ctx.card(src.card)
    w = ctx.state.window
    if w is None or me.location is not engine.Location.SPELL_TRAP_ZONE or w.resolving < 0:
        return False
    link = w.chain[w.resolving]
    mine = [i for i in link.targets if i != src.card and "Dinomist" in ctx.card(i).name
            and ctx.card(i).controller is src.controller]  # fmt: skip
    if not mine or ctx.card(link.card).controller is src.controller:
        return False
    actions.destroy(ctx, src.card, "effect", detail="its Pendulum Effect was used")
    return True


def _extra_attack(ctx: engine.effects.Context, src: engine.Source) -> engine.ExtraAttacks:
    return engine.ExtraAttacks(2)


def _in_a_row(ctx: engine.effects.Context, src: engine.Source) -> None:
    """"Can attack ... again in a row": another monster's attack ends it."""
    b = ctx.state.battle
    if ctx.state.phase is engine.Phase.ATTACK_DECLARED and b.attacker != src.host:
        host = src.host
        actions.end_lingering(ctx, lambda ling: ling.card == host and ling.effect.type.startswith("rex_"))


def _rex_condition(ctx: engine.effects.Context, src: engine.Source) -> bool:
    return ctx.state.battle.attacker == src.host and ctx.state.battle.attacked


def _rex_tribute(ctx: engine.effects.Context, src: engine.Source) -> None:
    other = next(i for i, c in enumerate(ctx.state.cards) if i != src.host and "Dinomist" in c.name
                 and c.location is engine.Location.MONSTER_ZONE and c.controller is src.controller)  # fmt: skip
    actions.send_to_graveyard(ctx, other, "cost", detail="Tributed")


def _rex_again(ctx: engine.effects.Context, src: engine.Source, link: engine.state.ChainLink) -> None:
    """"This card can attack an opponent's monster again in a row, also, if it attacks a Defense Position monster,
    inflict piercing battle damage" (one of its two effects; the host offers the other as a second effect type)."""
    me = ctx.card(src.host)
    for kind in ("rex_extra", "piercing", "rex_in_a_row"):
        eff = engine.Effect(kind, engine.EffectKind.CONTINUOUS)
        actions.add_lingering(ctx, engine.Lingering(eff, src.controller, src.host, me.instance, "end_of_turn"))


def test_dinomist_rex_through_the_host_api() -> None:
    """Dinomist Rex (passcode 63251695; https://yugipedia.com/wiki/Dinomist_Rex; ProjectIgnis/CardScripts
    c63251695.lua: the Pendulum Effect negates the effect as it resolves, EVENT_CHAIN_SOLVING, with no chain).
    Constructed numbers: B's Trap targeting another "Dinomist" monster resolves with no effect and the Rex in the
    Pendulum Zone is destroyed (a Pendulum Monster: to the Extra Deck); Rex attacks (2400 against 1000: B takes 1400),
    Tributes the other "Dinomist" monster at the end of the Damage Step, attacks again in a row and pierces (2400
    against DEF 500: B takes 1900)."""
    registry = engine.cards.registry()
    registry.register(engine.EffectType("rex_pendulum", hooks={engine.Hook.CHAIN_SOLVING: _dinomist_negate}))
    registry.register(engine.EffectType("rex_again", condition=_rex_condition, pay_cost=_rex_tribute,
                                        operation=_rex_again))  # fmt: skip
    registry.register(engine.EffectType("rex_extra", hooks={engine.Hook.ATTACKS: _extra_attack}))
    registry.register(engine.EffectType("rex_in_a_row", hooks={engine.Hook.AT_TIMING: _in_a_row}))
    rex = [engine.Effect("rex_again", engine.EffectKind.TRIGGER, event=engine.TriggerEvent.END_OF_DAMAGE_STEP,
                         optional=True)]  # fmt: skip
    b = engine.StateBuilder(turn_player="A")
    b.monster("rex", "A", atk=2400, def_=2200, name="Dinomist Rex", pendulum=True, effects=rex)
    b.monster("steg", "A", atk=1800, def_=1000, name="Dinomist Stegosaur")
    b.card("rexp", "A", location="spell_trap_zone", atk=2400, def_=2200, name="Dinomist Rex", pendulum=True,
           effects=[engine.Effect("rex_pendulum", engine.EffectKind.CONTINUOUS, pendulum=True)])
    b.monster("x", "B", atk=1000, def_=1000).monster("y", "B", atk=1000, def_=500, position="defense")
    b.trap("t", "B", effects=[{"kind": "activated", "speed": 2, "target": "steg",
                               "does": [{"op": "destroy", "target": "steg"}]}])
    duel = engine.Duel(b.build(), registry)
    while (d := duel.advance()) is not None and d.window is not engine.Window.BATTLE_STEP:
        duel.decide(engine.PASS)  # the Start Step
    duel.declare_attack("rex", "x")
    d = duel.advance()
    assert d is not None and d.player is engine.Player.B
    duel.decide(next(o for o in d.options if o.card == 5))  # B's Trap targets the Stegosaur
    while (d := duel.advance()) is not None and d.window is not engine.Window.END_OF_DAMAGE_STEP:
        duel.decide(engine.PASS)
    assert duel.state.cards[1].location is engine.Location.MONSTER_ZONE  # the Trap's effect was negated
    assert duel.state.cards[2].location is engine.Location.EXTRA_DECK
    assert d is not None and d.player is engine.Player.A
    duel.decide(next(o for o in d.options if o.card == 0))  # Rex: Tribute the Stegosaur, attack again
    while (d := duel.advance()) is not None and d.window is not engine.Window.BATTLE_STEP:
        duel.decide(engine.PASS)
    duel.declare_attack("rex", "y")
    duel.run(engine.PassAgent())
    assert [r.battle.values_compared for r in duel.battles] == [(2400, 1000), (2400, 500)]
    assert [p.lp for p in duel.state.players] == [8000, 8000 - 1400 - 1900]
    assert duel.state.cards[1].location is engine.Location.GRAVEYARD  # Tributed


def _bumper_condition(ctx: engine.effects.Context, src: engine.Source) -> bool:
    """"If your monster this card points to attacked an opponent's Link Monster" (at the end of the Damage Step)."""
    b = ctx.state.battle
    if b.target is None or b.attacker not in points_to(ctx, src.host):
        return False
    attacker, target = ctx.card(b.attacker), ctx.card(b.target)
    return attacker.controller is src.controller and "link" in target.abilities and target.controller is not (
        src.controller
    )


def _bumper(ctx: engine.effects.Context, src: engine.Source, link: engine.state.ChainLink) -> None:
    """The attacker gains 1 attack on a Link Monster for each Link Monster its controller controls but this card;
    the other monsters cannot attack this turn."""
    b = ctx.state.battle
    links = [i for i, c in enumerate(ctx.state.cards) if i != src.host and c.controller is src.controller
             and c.location is engine.Location.MONSTER_ZONE and "link" in c.abilities]  # fmt: skip
    attacker = ctx.card(b.attacker)
    grant = engine.Effect("bumper_attacks", engine.EffectKind.CONTINUOUS, params={"attacks": 1 + len(links)})
    actions.add_lingering(ctx, engine.Lingering(grant, src.controller, b.attacker, attacker.instance, "end_of_turn"))
    others = engine.Effect("bumper_others", engine.EffectKind.CONTINUOUS, params={"except": b.attacker})
    actions.add_lingering(ctx, engine.Lingering(others, src.controller, None, None, "end_of_turn"))


def _bumper_attacks(ctx: engine.effects.Context, src: engine.Source) -> engine.ExtraAttacks:
    return engine.ExtraAttacks(int(src.effect.params["attacks"]))


def _bumper_others(ctx: engine.effects.Context, src: engine.Source) -> list[int]:
    """"Your monsters (except that monster) cannot attack the turn you activate this effect"."""
    keep = src.effect.params["except"]
    return [i for i, c in enumerate(ctx.state.cards) if c.controller is src.controller and i != keep
            and c.location is engine.Location.MONSTER_ZONE]  # fmt: skip


def _bumper_targets(ctx: engine.effects.Context, src: engine.Source) -> list[int]:
    """Its further attacks are on Link Monsters: since no other monster of its controller can attack, the opponent's
    other monsters cannot be targeted for attacks once it has attacked."""
    return [i for i, c in enumerate(ctx.state.cards) if c.controller is not src.controller
            and c.location is engine.Location.MONSTER_ZONE and "link" not in c.abilities]  # fmt: skip


def test_link_bumper_through_the_host_api() -> None:
    """Link Bumper (passcode 67231737; https://yugipedia.com/wiki/Link_Bumper: Link-2, arrows left and top). It points
    to A's monster on its left, which attacks B's Link Monster; at the end of that Damage Step A activates it: A
    controls 2 other Link Monsters, so the attacker gains 2 attacks on Link Monsters, and A's other monsters cannot
    attack. Constructed numbers: 2000 attacks three 1000 ATK Link Monsters, B takes 3 x 1000."""
    registry = engine.cards.registry()
    registry.register(engine.EffectType("link_bumper", condition=_bumper_condition, operation=_bumper))
    registry.register(engine.EffectType("bumper_attacks", hooks={engine.Hook.ATTACKS: _bumper_attacks}))
    others = {engine.Hook.CANNOT_ATTACK: _bumper_others, engine.Hook.CANNOT_BE_ATTACKED: _bumper_targets}
    registry.register(engine.EffectType("bumper_others", hooks=others))
    bumper = engine.Effect("link_bumper", engine.EffectKind.TRIGGER, event=engine.TriggerEvent.END_OF_DAMAGE_STEP,
                           optional=True, once_per_turn=engine.values.game.OncePerTurn.SOFT)  # fmt: skip
    b = engine.StateBuilder(turn_player="A")
    b.monster("bump", "A", atk=1400, def_=0, name="Link Bumper", abilities=["link"], link_arrows=["left", "top"],
              column=2, effects=[bumper])
    b.monster("att", "A", atk=2000, def_=0, abilities=["link"], column=1)
    b.monster("l2", "A", atk=1000, def_=0, abilities=["link"], column=3).monster("o", "A", atk=3000, def_=1000)
    for name in ("b1", "b2", "b3"):
        b.monster(name, "B", atk=1000, def_=0, abilities=["link"])
    b.monster("x", "B", atk=500, def_=500)
    duel = engine.Duel(b.build(), registry)

    def play_on() -> None:  # until the attack's Damage Step is over (a host's attack pauses the duel then)
        while (d := duel.advance()) is not None:
            duel.decide(next((o for o in d.options if o.card == 0), engine.PASS))  # Link Bumper when offered

    duel.declare_attack("att", "b1")
    play_on()
    attacks = {(o.card, o.targets) for o in duel.legal_attacks()}
    assert attacks == {(1, (5,)), (1, (6,))}  # only the attacker, and only on B's other Link Monsters
    duel.declare_attack("att", "b2")
    play_on()
    duel.declare_attack("att", "b3")
    play_on()
    assert duel.legal_attacks() == []
    assert [r.target for r in duel.battles] == [4, 5, 6]
    assert duel.lp("B") == 8000 - 3 * 1000
