"""The terminal stepper: `python -m engine step SCENARIO`, a `Session` driven by typed commands.

It reads one command a line, from a keyboard or from piped input (so scripts and tests can
drive it), answers a bad command or option with one line saying what is wrong and keeps its
place, and ends at `quit` or at the end of the input. The scenario's own `choices` are the
default answers (`choose` with no number takes it); `--auto` plays them without stopping.

It plays every shape of scenario: one attack, the attacks a host declares (`attacks`, each declared when the
previous Damage Step is over) and a whole Battle Phase (`battle_phase`, the declarations being decisions), each
attack under its own heading. Its step numbers are the trace's (`Session.step_number`): `goto 27`, `explain 27`,
trace step 27 and the viewer's `#step=27` are the same moment; `save FILE.trace` / `save FILE.html` keep the line
of play as a trace or a page.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable, Iterable
from typing import IO, Any

from engine.build import ListedAttacks, new_duel, state_from_scenario
from engine.cards import approximate_in, fidelity_notes
from engine.debug.record import header, write_trace
from engine.debug.session import Breakpoint, Session, describe_decision, describe_illegal
from engine.machine import Executor
from engine.scenario import Scenario
from engine.scripted import ScenarioMismatch, ScriptedAgent
from engine.trace import TITLES, card_names, describe, find_card
from engine.values.decisions import PASS, Decision, IllegalChoice, Option
from engine.values.events import EventType
from engine.values.game import Location, Phase, Player, Position, Window
from engine.values.text import printable
from engine.values.words import WINDOWS, in_words, is_at

HELP = """commands (one-letter forms in brackets):
  step [s]             run to the next machine state
  event [e]            show the next event
  next [n]             run to the next decision, breakpoint or the end
  continue [c]         run to the next breakpoint or the end, taking the scenario's choice at each decision
  break [b] WHAT       stop after events of a window/state, an event type, or a card (its id or name)
  breaks [i]           list the breakpoints
  delete [d] N         remove breakpoint N
  back [k] [N]         go back N points (default 1)
  goto [g] K           go to step K (the trace's and the viewer's step K)
  history [h]          list the points of this branch, with their steps
  branches [r]         list the lines of play explored (branches)
  branch [j] N         switch to branch N, where it ended
  save [v] FILE        save this line of play as a trace (FILE.trace, FILE.jsonl) or a page (FILE.html)
  field [f]            show the field
  log [l]              show the steps so far (events and decisions)
  explain [x] [K]      why step K happened (default: the last one)
  why [w] CARD         where a card is, what put it there, and whether its effects can be activated now
  illegal [u]          the options the deciding player does not have now, each with the rule that refuses it
  choose [o] [N]       answer the decision with option N (default: the scenario's choice) and run to the
                       next decision, breakpoint or the end; a bare N works too
  diagram [m]          the Damage Step sequence, the current state marked
  help [?]             this help
  quit [q]             leave"""

ALIASES = {"s": "step", "e": "event", "n": "next", "c": "continue", "b": "break", "i": "breaks", "d": "delete",
           "k": "back", "g": "goto", "h": "history", "f": "field", "l": "log", "x": "explain", "w": "why",
           "u": "illegal", "o": "choose", "m": "diagram", "?": "help", "q": "quit", "r": "branches", "j": "branch",
           "v": "save"}  # fmt: skip

# The states one attack of a scenario goes through, from its declaration (its Battle Step over) to the
# end of its Damage Step; a Battle Phase scenario also goes through the Start, Battle and End Steps.
_ONE_ATTACK = list(Phase)[list(Phase).index(Phase.ATTACK_DECLARED) : list(Phase).index(Phase.STEP_OVER) + 1]
SEQUENCE = [p for p in _ONE_ATTACK if p is not Phase.REPLAY]
BATTLE_PHASE_SEQUENCE = [Phase.START_STEP, Phase.BATTLE_STEP, *SEQUENCE, Phase.END_STEP]

PageMaker = Callable[[list[dict[str, Any]]], str]  # a trace (header first) -> an HTML page (`engine.viewer.page`)


class Stepper:
    """The commands over a session; `out` receives everything printed."""

    def __init__(
        self, sc: Scenario, *, executor: Executor = "fast", out: IO[str] = sys.stdout, page: PageMaker | None = None,
        auto: bool = False,
    ) -> None:
        state = state_from_scenario(sc)
        state.show_every_priority = bool(sc.choices)  # the scenario's choices are tried where it says
        # An `attacks` scenario: the host declares each listed attack (its unused choices settled only by --auto: a
        # person stepping may leave the scenario's script)
        self.host = ListedAttacks(sc, finish_agents=auto) if sc.attacks is not None else None
        self.session = Session(new_duel(state, executor=executor), host=self.host)
        self.agent = ScriptedAgent(sc)
        self.sc, self.executor, self.page = sc, executor, page
        self.battle_phase = sc.attacks is not None or sc.battle_phase
        self.headed = -1  # the last attack whose heading was printed
        self.suggested: dict[tuple[int, int], Option] = {}
        self.off_script: set[tuple[int, int]] = set()  # points where the scenario's choices no longer apply
        self.out = out
        title = f"Scenario {sc.id}: {sc.title}" if sc.title else f"Scenario {sc.id}"
        self.title = printable(title)
        # Library cards that are not exactly as printed (engine.cards.CardDef.fidelity): said under the title, and
        # marked wherever the stepper shows the card.
        self.approximate = approximate_in(c.card for c in sc.cards)
        self.fidelity = [printable(f"note: {n}") for n in fidelity_notes(c.card for c in sc.cards)]

    # -- printing -----------------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        """Print a line; scenario text in it has been passed through `printable` already."""
        self.out.write(text + "\n")

    def names(self) -> list[str]:
        """The cards' names as shown, an approximate library card's marked '(approximate)'."""
        names = card_names(self.session.state)
        return [f"{n} (approximate)" if i in self.approximate else n for i, n in enumerate(names)]

    def heading(self) -> None:
        self.say(self.title)
        for line in self.fidelity:
            self.say(line)

    def _forced(self) -> bool:
        """Answer, and say so, a pending decision that has one legal option only: there is
        nothing to decide (a priority where passing is all the player can do). True if it did."""
        d = self.session.duel.pending_decision
        if d is None or len(d.options) != 1:
            return False
        option = self.default()
        assert option == d.options[0]
        self.say(f"  ({d.player} has one option only: {d.describe(self.names())[0]})")
        self.session.decide(option)
        return True

    def _move(self, go: Callable[[], object]) -> object:
        """Run `go` (a session movement), printing the events it shows, and go on through decisions
        that have one option only."""
        while True:
            self._forced()
            start = self.session.shown
            stop = go()
            self._events(self.session.state.log[start : self.session.shown])
            d = self.session.duel.pending_decision
            if isinstance(stop, Breakpoint) or d is None or len(d.options) > 1:
                return stop

    def show(self) -> None:
        """Where we are: the sub-timing on the sequence, LPs, battlers, chain, the decision."""
        s = self.session.state
        phase = s.phase
        sequence = BATTLE_PHASE_SEQUENCE if self.battle_phase else SEQUENCE
        seq = " > ".join(f"[{TITLES[p.value]}]" if p is phase else TITLES[p.value] for p in sequence)
        if phase is Phase.DUEL_OVER:
            seq += " > [The Duel is over]"
        step = self.session.step_number()
        self.say(f"-- step {step if step >= 0 else '-'}: {TITLES[phase.value]} --")
        self.say(f"   {seq}")
        if self.battle_phase and (attack := self.attack_heading()):
            self.say(f"   {attack}")
        self.say("   LP: " + "   ".join(f"{p} {s.players[p].lp}" for p in Player))
        for i in (s.battle.attacker, s.battle.target):
            if i is not None and i >= 0:  # (no attack under way: NO_ATTACK)
                self.say("   " + self.monster(i))
        w = s.window
        if w is not None and w.chain:
            links = ", ".join(f"{n}. {self.names()[lk.card]} ({lk.player}, Spell Speed {lk.speed})"
                              for n, lk in enumerate(w.chain, 1))  # fmt: skip
            self.say(f"   chain: {links}")
        unshown = len(s.log) - self.session.shown
        if unshown > 0:
            self.say(f"   ({unshown} more event(s) of this step follow; the field is shown as after them)")
        d = self.session.duel.pending_decision
        if d is not None:
            self.show_decision(d)
        elif self.session.is_stopped:
            if s.duel_over:
                self.say(f"   the Duel is over: {'a draw' if s.draw else f'{s.winner} wins'}")
            elif self.battle_phase:
                self.say("   the Battle Phase is over" if phase is Phase.MAIN_PHASE_2 else "   the last attack is over")
            else:
                self.say("   the Damage Step is over")

    def attack_heading(self, k: int | None = None) -> str:
        """Which attack the duel is on (the one event `k` of the log belongs to), counted from 1 as the viewer and
        `run` count them: "Attack 2: A's m1 attacks x"."""
        duel = self.session.duel
        k = len(duel.state.log) - 1 if k is None else k
        played = [b for b in duel.battles if b.log_range[0] <= k]
        if not played:
            return ""
        b = played[-1]
        names = self.names()
        target = f"{names[b.target]}" if b.target is not None else "directly"
        number = b.index if self.host is None else self._listed(b.index)
        return f"Attack {number + 1}: {b.battle.attacker_controller}'s {names[b.attacker]} attacks {target}"

    def _listed(self, battle: int) -> int:
        """The index in the scenario's `attacks` of the `battle`-th attack declared."""
        assert self.host is not None
        return next((i for i, j in self.host.script.battle_of.items() if j == battle), battle)

    def monster(self, i: int) -> str:
        from engine.rules.stats import current_stats

        duel = self.session.duel
        c = duel.state.cards[i]
        role = "attacker" if i == duel.state.battle.attacker else "target"
        name = self.names()[i]
        if c.location is not Location.MONSTER_ZONE:
            return f"{role} {name} ({c.controller}): {is_at(c.location).removeprefix('is ')}"
        atk, def_ = current_stats(duel.ctx, i)
        pos = "face-down Defense" if c.position is Position.SET else (c.position.value.title() if c.position else "?")
        face = "face-down" if c.position is Position.SET else "face-up"
        mark = "  ** destroyed by battle **" if c.battle_destroyed else ""
        return f"{role} {name} ({c.controller}): ATK {atk} / DEF {def_}, {pos} Position, {face}{mark}"

    def show_decision(self, d: Decision) -> None:
        default = self.default()
        self.say(f"   decision: {d.player}, {d.kind.value} in {WINDOWS[d.window.value]}")
        for n, text in enumerate(d.describe(self.names())):
            off = (self.session.branch, self.session.point.index) in self.off_script
            tag = "" if d.options[n] != default else "   <- the default (off the scenario's choices)" if off else (
                "   <- the scenario's choice"
            )
            self.say(f"     {n}) {text}{tag}")

    def default(self) -> Option | None:
        """The scenario's own answer to the pending decision (asked once per point)."""
        d = self.session.duel.pending_decision
        if d is None:
            return None
        key = (self.session.branch, self.session.point.index)
        if key not in self.suggested:
            try:
                agent = self.agent if self.host is None else self.host.agent
                self.suggested[key] = agent.choose(d, self.session.duel)
            except ScenarioMismatch:  # a branch the user took: the file's choices no longer fit; pass if one can
                self.off_script.add(key)
                self.suggested[key] = PASS if PASS in d.options else d.options[0]
        return self.suggested[key]

    # -- the commands ---------------------------------------------------------------------------------
    def do(self, line: str) -> bool:
        """Run one command line; False once the user quits."""
        try:
            words = shlex.split(line)
        except ValueError as e:
            self.say(f"error: {e}")
            return True
        if not words:
            return True
        cmd, args = words[0].lower(), words[1:]
        if cmd.isdigit():
            cmd, args = "choose", [cmd]
        cmd = ALIASES.get(cmd, cmd)
        handler: Callable[[list[str]], None] | None = getattr(self, f"cmd_{cmd}", None)
        if cmd == "quit":
            return False
        if handler is None:
            self.say(f"error: unknown command {cmd!r}; type help")
            return True
        try:
            handler(args)
        except (ValueError, IndexError, IllegalChoice) as e:
            self.say(f"error: {e}")
        return True

    def _no_args(self, args: list[str]) -> None:
        if args:
            raise ValueError(f"this command takes no arguments, got {' '.join(args)!r}")

    def _events(self, events: Iterable[object]) -> None:
        names = self.names()
        log = self.session.state.log
        for e in events:
            if self.battle_phase and getattr(e, "type", None) is EventType.ATTACK_DECLARED:
                k = max(i for i, x in enumerate(log) if x is e)
                self.say(f"=== {self.attack_heading(k)} ===")
            text = describe(e, names)  # type: ignore[arg-type]
            if text:
                self.say(f"  {text}  [{e.rule}]")  # type: ignore[attr-defined]

    def cmd_step(self, args: list[str]) -> None:
        self._no_args(args)
        self._forced()
        start = self.session.shown
        self.session.step()
        self._events(self.session.state.log[start:])
        self.show()

    def cmd_event(self, args: list[str]) -> None:
        self._no_args(args)
        self._forced()
        e = self.session.step_event()
        if e is None:
            waiting = self.session.duel.pending_decision is not None
            self.say("no more events: " + ("a decision is pending" if waiting else "the end"))
        else:
            self.say(f"[{self.session.step_number()}] {self.session.explain(self.session.shown - 1)}")
        self.show()

    def _run_on(self, *, through_decisions: bool = False) -> None:
        """Run to the next breakpoint (said, with what it stopped after), the next decision (unless
        `through_decisions`: then it takes the scenario's choice, says so and goes on) or the end, printing the
        events on the way; then show where it stopped, once. Every movement a person asks for ends here: one
        keystroke per decision (issue 42), and a breakpoint stops whichever command runs past it."""
        while True:
            stop = self._move(self.session.cont)
            if isinstance(stop, Breakpoint):
                self.say(f"breakpoint {stop.describe()}: {self.session.explain()}")
                break
            d = self.session.duel.pending_decision
            if d is None or not through_decisions:
                break
            option = self.default()
            assert option is not None
            said = d.describe(self.names())[d.options.index(option)]
            self.say(f"  ({d.player} takes the scenario's choice: {said})")
            self.session.decide(option)
        self.show()

    def cmd_next(self, args: list[str]) -> None:
        self._no_args(args)
        d = self.session.duel.pending_decision
        if d is not None and len(d.options) > 1:
            self.say("a decision is pending: choose N answers it (choose alone takes the scenario's choice)")
            return
        self._run_on()

    def cmd_continue(self, args: list[str]) -> None:
        self._no_args(args)
        self._run_on(through_decisions=True)

    def cmd_break(self, args: list[str]) -> None:
        if len(args) != 1:
            raise ValueError("break takes one window/state name, event type or card id (or name)")
        what = args[0]
        if what in {p.value for p in Phase} | {w.value for w in Window}:
            b = self.session.break_on(window=what)
        elif (card := find_card(self.session.state, what)) is not None:
            b = self.session.break_on(card=self.session.state.cards[card].id)
        elif what in {t.value for t in EventType}:
            b = self.session.break_on(event=what)
        else:
            places = sorted({p.value for p in Phase} | {w.value for w in Window})
            cards = ", ".join(c.id for c in self.session.state.cards)
            raise ValueError(f"{what!r} is no window or state, event type or card: windows and states: "
                             f"{', '.join(places)}; event types: {', '.join(t.value for t in EventType)}; cards: "
                             f"{cards}")  # fmt: skip
        self.say(f"breakpoint {b.describe()}")

    def cmd_breaks(self, args: list[str]) -> None:
        self._no_args(args)
        for b in self.session.breakpoints:
            self.say(f"  {b.describe()}")
        if not self.session.breakpoints:
            self.say("  no breakpoints")

    def cmd_delete(self, args: list[str]) -> None:
        if len(args) != 1 or not args[0].isdigit():
            raise ValueError("delete takes a breakpoint number")
        self.session.remove_breakpoint(int(args[0]))
        self.say(f"deleted breakpoint #{args[0]}")

    def cmd_back(self, args: list[str]) -> None:
        n = int(args[0]) if args else 1
        self.session.rewind(n)
        self.show()

    def cmd_goto(self, args: list[str]) -> None:
        if len(args) != 1 or not args[0].isdigit():
            raise ValueError("goto takes a step number (see log or history)")
        self.session.goto_step(int(args[0]))
        self.show()

    def cmd_history(self, args: list[str]) -> None:
        self._no_args(args)
        names = self.names()
        for p in self.session.history:
            last = describe(p.last_event, names) if p.last_event is not None else "start"
            wait = f"  (waits: {p.pending.player} {p.pending.kind.value})" if p.pending else ""
            step = str(p.records - 1) if p.records else "-"
            self.say(f"  step {step:>4} {TITLES[p.phase.value]:<32} {p.state_hash[:8]}  {last}{wait}")
        if len(self.session.branches) > 1:
            self.say(f"  branch {self.session.branch} of {len(self.session.branches)}")

    def cmd_branches(self, args: list[str]) -> None:
        self._no_args(args)
        for b in self.session.branches:
            end = b.final
            lp = ", ".join(f"{p} {end.snapshot.players[p].lp}" for p in Player)
            start = "the start" if b.parent is None else f"branch {b.parent[0]} at step {self._step_of(b.parent)}"
            here = "  <- here" if b.number == self.session.branch else ""
            self.say(f"  branch {b.number}: from {start}, {len(b.decisions)} decision(s), to step "
                     f"{end.records - 1} ({TITLES[end.phase.value]}), LP {lp}{here}")  # fmt: skip

    def _step_of(self, at: tuple[int, int]) -> int:
        branch, point = at
        return self.session.branches[branch].points[point].records - 1

    def cmd_branch(self, args: list[str]) -> None:
        if len(args) != 1 or not args[0].isdigit():
            raise ValueError("branch takes a branch number (see branches)")
        n = int(args[0])
        if not 0 <= n < len(self.session.branches):
            raise ValueError(f"no branch {n}: there are branches 0..{len(self.session.branches) - 1}")
        self.session.goto(len(self.session.branches[n].points) - 1, n)
        self.show()

    def cmd_save(self, args: list[str]) -> None:
        if len(args) != 1:
            raise ValueError("save takes a file name: FILE.trace or FILE.jsonl (a trace), FILE.html (a page)")
        path = args[0]
        trace = self.trace()
        if path.endswith((".html", ".htm")):
            if self.page is None:
                raise ValueError("this stepper has no viewer to make a page with (python -m engine step has)")
            text = self.page(trace)
        elif path.endswith((".trace", ".jsonl", ".json")):
            import io

            buffer = io.StringIO()
            write_trace(trace, buffer)
            text = buffer.getvalue()
        else:
            raise ValueError("save writes FILE.trace or FILE.jsonl (a trace) or FILE.html (a page)")
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError as e:
            raise ValueError(str(e)) from None
        self.say(f"saved steps 0..{len(trace) - 2} of branch {self.session.branch} to {printable(path)}")

    def trace(self) -> list[dict[str, Any]]:
        """This line of play as a trace (header first; `partial` when it stops before the run's end)."""
        head = header(self.sc, self.executor)
        if not self.session.is_stopped:
            head["partial"] = True
        return [head, *self.session.records()]

    def cmd_field(self, args: list[str]) -> None:
        self._no_args(args)
        s = self.session.state
        names = self.names()
        for i, c in enumerate(s.cards):
            where = is_at(c.location).removeprefix("is ")
            if c.location is Location.MONSTER_ZONE:
                where = self.monster(i).split(": ", 1)[1]
            self.say(f"  {names[i]} ({c.controller}): {where}")

    def cmd_log(self, args: list[str]) -> None:
        self._no_args(args)
        names = self.names()
        log = self.session.state.log
        events = 0
        for k, r in enumerate(self.session.records()[: self.session.step_number() + 1]):
            if r["kind"] == "decision":
                self.say(f"  [{k}] {describe_decision(self.session.duel, r)}")
                continue
            e = log[events]
            events += 1
            text = describe(e, names) or f"== {TITLES.get(e.detail, e.detail)} =="
            self.say(f"  [{k}] {text}  [{e.rule}]")

    def cmd_explain(self, args: list[str]) -> None:
        if len(args) > 1 or (args and not args[0].isdigit()):
            raise ValueError("explain takes a step number (see log)")
        if args:
            self.say(self.session.explain_step(int(args[0])))
        else:
            self.say(self.session.explain())

    def cmd_why(self, args: list[str]) -> None:
        if len(args) != 1:
            raise ValueError("why takes a card id")
        card = find_card(self.session.state, args[0])
        typed = self.session.state.cards[card].id if card is not None else args[0]
        self.say(self.session.why(typed))
        for line in self.session.why_not(typed):
            self.say(f"  now: {in_words(line)}")

    def cmd_illegal(self, args: list[str]) -> None:
        self._no_args(args)
        d = self.session.duel.pending_decision
        if d is None:
            raise ValueError("no decision is pending (next runs to one)")
        refused = self.session.illegal_options()
        if not refused:
            self.say("   every option the player could expect is offered")
        labels = describe_illegal(self.session.duel, refused, self.names())
        for label, (_option, reason) in zip(labels, refused, strict=True):
            self.say(f"     -) {label}  (not legal: {in_words(reason)})")

    def cmd_choose(self, args: list[str]) -> None:
        d = self.session.duel.pending_decision
        if d is None:
            raise ValueError("no decision is pending (next runs to one)")
        if not args:
            option = self.default()
            assert option is not None
        elif len(args) == 1 and args[0].isdigit() and int(args[0]) < len(d.options):
            option = d.options[int(args[0])]
        else:
            raise ValueError(f"choose takes an option number from 0 to {len(d.options) - 1}")
        self.session.decide(option)
        self._run_on()  # the events the answer caused are shown (and checked against the breakpoints) on the way

    def cmd_diagram(self, args: list[str]) -> None:
        self._no_args(args)
        from engine import diagram

        self.say(diagram.text(self.session.state.phase.value))

    def cmd_help(self, args: list[str]) -> None:
        self.say(HELP)

    # -- running --------------------------------------------------------------------------------------
    def run(self, lines: Iterable[str], *, prompt: bool = False) -> int:
        self.heading()
        self.say("type help for the commands")
        self.show()
        for line in _prompted(lines, self.out if prompt else None):
            if not self.do(line):
                break
        return 0

    def auto(self) -> int:
        """Play the scenario's choices without stopping, printing each event with its reason."""
        self.heading()
        session = self.session
        while True:
            e = session.step_event()
            if e is not None:
                if self.battle_phase and e.type is EventType.ATTACK_DECLARED:
                    self.say(f"=== {self.attack_heading(session.shown - 1)} ===")
                self.say(f"[{session.step_number()}] {session.explain(session.shown - 1)}")
                continue
            option = self.default()
            if option is None:
                break
            n = len(session.records())
            session.decide(option)
            self.say(f"[{n}] {describe_decision(session.duel, session.records()[n])}")
        if self.host is None:
            self.agent.finish(session.duel)
        else:
            self.host.finish(session.duel)
        self.show()
        return 0


def _prompted(lines: Iterable[str], out: IO[str] | None) -> Iterable[str]:
    for line in lines:
        yield line.rstrip("\n")
        if out is not None:
            out.write("(step) ")
            out.flush()


def main(sc: Scenario, *, executor: Executor = "fast", auto: bool = False, page: PageMaker | None = None) -> int:
    stepper = Stepper(sc, executor=executor, page=page, auto=auto)
    if auto:
        return stepper.auto()
    interactive = sys.stdin.isatty()
    if interactive:
        sys.stdout.write("(step) ")
        sys.stdout.flush()
    return stepper.run(sys.stdin, prompt=interactive)
