"""Replay duels and print their logs as JSON (run by test_replay_in_a_fresh_process.py in a fresh process).

stdin: a JSON list of ``{"scenario", "seed", "show", "executor", "answers"}``. Each duel is played twice: by
``RandomAgent(seed)``, and by answering each decision with the option at the recorded index of ``answers``.
stdout: a JSON list of ``{"by_seed": [events], "by_answers": [events], "hash": state_hash()}``.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import engine


def duel_of(job: dict[str, Any]) -> tuple[engine.Duel, list[str]]:
    state = engine.state_from_scenario(engine.parse_scenario(job["scenario"]))
    state.show_every_priority = job["show"]
    return engine.Duel(state, executor=job["executor"]), [c.id for c in state.cards]


def main() -> None:
    out = []
    for job in json.load(sys.stdin):
        by_seed, ids = duel_of(job)
        by_seed.run(engine.RandomAgent(job["seed"]))
        by_answers, _ = duel_of(job)
        answers = iter(job["answers"])
        while (d := by_answers.advance()) is not None:
            by_answers.decide(d.options[next(answers)])
        out.append({"by_seed": [e.to_json(ids) for e in by_seed.state.log],
                    "by_answers": [e.to_json(ids) for e in by_answers.state.log],
                    "hash": by_answers.state.state_hash()})
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
