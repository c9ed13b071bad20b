"""The terminal stepper (issue 7, part 3): driven by piped input with bad commands in the
middle, with --auto, and once in a real terminal under tmux. Expected numbers come from the
rules: 2000 ATK piercing into 1200 DEF inflicts 800 (§2.4); with rush's +700, 1500."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = "examples/piercing_flip.json"


def step(commands: str, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", "step", EXAMPLE, *extra], cwd=ROOT, input=commands,
                          capture_output=True, text=True, timeout=120)


def test_piped_commands_with_a_bad_command_and_a_bad_option_in_the_middle() -> None:
    r = step("next\nfrobnicate\nchoose 9\nchoose 1\nchoose 0\nquit\n")
    assert r.returncode == 0 and r.stderr == ""
    lines = r.stdout.splitlines()
    errors = [line for line in lines if line.startswith("error:")]
    assert errors == ["error: unknown command 'frobnicate'; type help",
                      "error: choose takes an option number from 0 to 1"]
    # after the errors it kept its place: the pass at the start, rush before damage calculation
    assert "  A activates rush (effect 0, chain link 1)  [priority]" in lines
    assert "  B takes 1500 battle damage (LP 6500)  [battle_damage_modifiers]" in lines
    assert "   the Damage Step is over" in lines


def test_end_of_input_ends_it_with_exit_0() -> None:
    r = step("next\n")
    assert r.returncode == 0 and "decision: A, priority in the start of the Damage Step" in r.stdout


def test_one_letter_forms_and_going_back_to_try_otherwise() -> None:
    r = step("n\no\no 1\ng 10\no 0\nh\nq\n")  # step 10: A's priority before damage calculation
    assert r.returncode == 0
    assert "  B takes 800 battle damage (LP 7200)  [battle_damage_modifiers]" in r.stdout  # passed on rush
    assert "  B takes 1500 battle damage (LP 6500)  [battle_damage_modifiers]" in r.stdout  # the other branch
    assert "branch 1 of 2" in r.stdout


def test_break_explain_why_field_log_diagram_help() -> None:
    r = step("break tgt\nbreaks\ncontinue\nexplain\nwhy tgt\nfield\nlog\ndiagram\ndelete 1\nbreaks\n"
             "break nowhere\nhelp\nquit\n")
    out = r.stdout
    assert "breakpoint #1 card=tgt" in out
    assert "breakpoint #1 card=tgt: tgt is flipped face-up in Defense Position" in out
    assert "(§1.4)" in out and "tgt is in the Monster Zone" in out
    assert "  rush (A): in the Spell & Trap Zone" in out
    assert ">> flip" in out or ">> before_damage_calculation" in out
    assert "deleted breakpoint #1" in out and "  no breakpoints" in out
    # What `break` takes, all three kinds named (help: "a window/state, an event type, or a card")
    assert "error: 'nowhere' is no window or state, event type or card: windows and states: " in out
    assert "; event types: " in out and "; cards: att, tgt, rush" in out
    assert "quit [q]" in out


def test_auto_plays_the_choices_and_explains_every_event() -> None:
    r = step("", "--auto")
    assert r.returncode == 0
    numbered = [line for line in r.stdout.splitlines() if line.startswith("[")]
    indexes = [int(line[1:line.index("]")]) for line in numbered]
    assert indexes == list(range(len(indexes)))  # every event, none skipped
    assert any("B takes 1500 battle damage" in line and "(§2.4)" in line for line in numbered)


def test_in_a_real_terminal_under_tmux() -> None:
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (.ci/run installs it)")
    name = f"stepper-{time.monotonic_ns()}"
    cmd = f"cd {ROOT} && {sys.executable} -m engine step {EXAMPLE}"
    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "200", "-y", "50", cmd], check=True)
    try:
        def screen() -> str:
            return subprocess.run(["tmux", "capture-pane", "-p", "-t", name], capture_output=True, text=True,
                                  check=True).stdout

        def wait_for(text: str) -> str:
            for _ in range(100):
                out = screen()
                if text in out:
                    return out
                time.sleep(0.1)
            raise AssertionError(f"{text!r} never appeared on the screen:\n{screen()}")

        wait_for("(step)")
        subprocess.run(["tmux", "send-keys", "-t", name, "next", "Enter"], check=True)
        out = wait_for("pass   <- the scenario's choice")  # (the last line the step prints: the screen may show
        assert "decision: A, priority in the start of the Damage Step" in out  # the heading before the options)
        subprocess.run(["tmux", "send-keys", "-t", name, "bogus", "Enter"], check=True)
        wait_for("error: unknown command 'bogus'")
        subprocess.run(["tmux", "send-keys", "-t", name, "quit", "Enter"], check=True)
        for _ in range(50):
            if subprocess.run(["tmux", "has-session", "-t", name], capture_output=True).returncode != 0:
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the stepper did not quit")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)


def test_why_says_whether_a_card_can_be_activated_now_and_illegal_lists_what_is_not_offered() -> None:
    """Issue 24, "why not?": at A's priority at the start of the Damage Step, rush can be activated (an ATK change,
    §1.1); once activated it is in the Graveyard; att's trigger is activated when its event happens. In the Battle
    Step of a whole Battle Phase, `illegal` lists the attacks the rules refuse, each with its reason."""
    r = step("next\nwhy rush\nillegal\nchoose 0\ncontinue\nwhy rush\nwhy att\nquit\n")
    assert r.returncode == 0 and r.stderr == "", r.stderr
    lines = r.stdout.splitlines()
    assert "  now: effect 0: A can activate it now" in lines
    assert "   every option the player could expect is offered" in lines
    assert "  now: effect 0: A cannot activate it now: rush is not on the field (it is in the Graveyard)" in lines
    assert "  now: effect 1 (trigger): a triggered effect, activated when its event happens" in lines


def test_a_branch_off_the_scenario_s_choices_plays_on_with_a_default() -> None:
    """Taking another option than the file's (rush at the start of the Damage Step, where the file activates it
    before damage calculation) leaves the file's later choice impossible: the stepper goes on with a default (pass),
    said as such, instead of failing."""
    r = step("next\nchoose 0\ncontinue\nquit\n")
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert "B takes 1500 battle damage (LP 6500)" in r.stdout


# -- issue 42, item 4: one keystroke per decision, `next` honours breakpoints, `why` names who holds priority -----

def test_one_choose_per_decision_and_each_step_heading_once() -> None:
    """After `choose` the next decision is shown at once (no `next` in between), and no step is headed twice."""
    r = step("next\nchoose 1\nchoose 0\nquit\n")
    assert r.returncode == 0 and r.stderr == "", r.stderr
    lines = r.stdout.splitlines()
    headings = [line for line in lines if line.startswith("-- step ")]
    assert len(headings) == len(set(headings)) == 4, headings  # the start, two decisions, the end
    decisions = [line for line in lines if line.startswith("   decision: ")]
    assert decisions == ["   decision: A, priority in the start of the Damage Step",
                         "   decision: A, priority in before damage calculation"]
    # with rush's +700: 2700 ATK piercing into 1200 DEF (§2.4)
    assert "  B takes 1500 battle damage (LP 6500)  [battle_damage_modifiers]" in lines
    assert lines[-1] == "   the Damage Step is over"


def test_next_and_choose_stop_at_a_breakpoint() -> None:
    """A breakpoint stops every command that runs past it: `next` before the decision it would reach, `choose` on
    its way to the next one; `continue` takes the scenario's choices up to it."""
    r = step("break start_of_damage_step\nnext\ndelete 1\nbreak values_compared\nnext\nchoose 1\nchoose 1\n"
             "next\nquit\n")
    assert r.returncode == 0 and r.stderr == "", r.stderr
    out = r.stdout
    first = out.index("breakpoint #1 window=start_of_damage_step: ")
    assert "decision:" not in out[:first]  # `next` stopped at the breakpoint, before A's decision
    second = out.index("breakpoint #2 event=values_compared: ")
    assert out.count("   decision: ") == 2 and out.rindex("   decision: ") < second
    assert "values compared: 2000 ATK against 1200 DEF" in out[:second]  # rush passed on: 2000 (§2.4)
    assert "B takes 800 battle damage" not in out[:second] and "B takes 800 battle damage" in out[second:]
    r = step("break values_compared\ncontinue\nquit\n")
    assert "  (A takes the scenario's choice: activate rush effect 0)" in r.stdout
    assert "breakpoint #1 event=values_compared: " in r.stdout and "2700 ATK against 1200 DEF" in r.stdout


def test_why_names_the_player_who_holds_priority() -> None:
    """In the window after A's attack declaration A holds priority: B's Sakuretsu Armor can be activated once A
    passes (the rulebook: only the player with priority activates), not "now"."""
    r = subprocess.run([sys.executable, "-m", "engine", "step", "examples/battle_phase.json"], cwd=ROOT,
                       input="next\nchoose\nwhy sakuretsu\nwhy rush\nchoose\nwhy sakuretsu\nwhy sakuretu\nquit\n",
                       capture_output=True, text=True, timeout=120)  # fmt: skip
    assert r.returncode == 0 and r.stderr == "", r.stderr
    lines = r.stdout.splitlines()
    assert "  now: effect 0: B cannot activate it now: A holds priority (B could once A passes)" in lines
    assert "  now: effect 0: A can activate it now" in lines  # Rush Recklessly, A's, at A's priority
    assert "  now: effect 0: B can activate it now" in lines  # A passed: B's priority
    assert "error: no card 'sakuretu' in this duel; did you mean 'sakuretsu'?" in r.stdout


def _tmux_stepper(name: str) -> Callable[[str], None]:
    cmd = f"cd {ROOT} && {sys.executable} -m engine step {EXAMPLE}"
    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "200", "-y", "50", cmd], check=True)

    def keys(line: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", name, line, "Enter"], check=True)

    return keys


def _everything_shown(name: str) -> str:
    """The whole session so far: the screen and its scrollback."""
    return subprocess.run(["tmux", "capture-pane", "-p", "-S", "-5000", "-t", name], capture_output=True, text=True,
                          check=True).stdout  # fmt: skip


def _wait_for(name: str, text: str, count: int = 1) -> str:
    for _ in range(150):
        out = _everything_shown(name)
        if out.count(text) >= count:
            return out
        time.sleep(0.1)
    raise AssertionError(f"{text!r} never appeared {count} time(s):\n{_everything_shown(name)}")


def test_the_keystroke_flow_in_a_real_terminal_under_tmux() -> None:
    """Typed at a terminal: `next` stops at a breakpoint before the first decision; then each decision takes one
    keystroke, `choose`, which shows the next decision at once; a step is headed once."""
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (.ci/run installs it)")
    name = f"stepper-flow-{time.monotonic_ns()}"
    keys = _tmux_stepper(name)
    try:
        _wait_for(name, "(step)")
        keys("break start_of_damage_step")
        _wait_for(name, "breakpoint #1 window=start_of_damage_step")
        keys("next")
        out = _wait_for(name, "breakpoint #1 window=start_of_damage_step: ")
        assert "decision:" not in out
        keys("delete 1")
        keys("next")
        out = _wait_for(name, "pass   <- the scenario's choice")
        assert out.count("   decision: ") == 1 and "priority in the start of the Damage Step" in out
        keys("choose 1")  # one keystroke: the next decision is on the screen
        out = _wait_for(name, "activate rush effect 0   <- the scenario's choice")
        assert out.count("   decision: ") == 2 and "decision: A, priority in before damage calculation" in out
        keys("choose 0")
        out = _wait_for(name, "   the Damage Step is over")
        assert "B takes 1500 battle damage (LP 6500)" in out
        headings = [line.strip() for line in out.splitlines() if line.startswith("-- step ")]
        assert len(headings) == len(set(headings)), headings
        keys("quit")
        for _ in range(50):
            if subprocess.run(["tmux", "has-session", "-t", name], capture_output=True).returncode != 0:
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the stepper did not quit")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)
