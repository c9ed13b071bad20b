"""The terminal stepper (issue 7, part 3): driven by piped input with bad commands in the
middle, with --auto, and once in a real terminal under tmux. Expected numbers come from the
rules: 2000 ATK piercing into 1200 DEF inflicts 800 (§2.4); with rush's +700, 1500."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import needs

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = "examples/piercing_flip.json"


def step(commands: str, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", "step", EXAMPLE, *extra], cwd=ROOT, input=commands,
                          capture_output=True, text=True, timeout=120)


def test_piped_commands_with_a_bad_command_and_a_bad_option_in_the_middle() -> None:
    r = step("next\nfrobnicate\nchoose 9\nchoose 1\ncontinue\nchoose 0\ncontinue\nquit\n")
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
    assert r.returncode == 0 and "decision: A, priority in Start of the Damage Step" in r.stdout


def test_one_letter_forms_and_going_back_to_try_otherwise() -> None:
    r = step("n\no\nc\no 1\nc\nk 30\nc\no 0\nc\nh\nq\n")
    assert r.returncode == 0
    assert "  B takes 800 battle damage (LP 7200)  [battle_damage_modifiers]" in r.stdout  # passed on rush
    assert "  B takes 1500 battle damage (LP 6500)  [battle_damage_modifiers]" in r.stdout  # the other branch
    assert "branch 1 of 2" in r.stdout


def test_break_explain_why_field_log_diagram_help() -> None:
    r = step("break tgt\nbreaks\ncontinue\no\ncontinue\nexplain\nwhy tgt\nfield\nlog\ndiagram\ndelete 1\nbreaks\n"
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
    needs.tool("tmux")
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
        assert "decision: A, priority in Start of the Damage Step" in out  # the heading before the options)
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
