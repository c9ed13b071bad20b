"""The card-pool sample (issue 22, item 5; docs/card-pool-sample.md): the verdict file's shape, and the Wilson
score interval of `tools/card_pool_sample.py`. No card database is needed (it is not shipped)."""

from __future__ import annotations

import csv
import importlib.util
import math
import re
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
VERDICT_FILE = ROOT / "docs" / "card-pool-sample.csv"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("card_pool_sample", ROOT / "tools" / "card_pool_sample.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tool = _tool()


def _rows() -> list[dict[str, str]]:
    with VERDICT_FILE.open(newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        assert reader.fieldnames == ["id", "name", "verdict", "needs", "library_key"]
        return list(reader)


def test_verdict_file_shape() -> None:
    rows = _rows()
    assert len(rows) >= 40
    ids = [int(r["id"]) for r in rows]
    assert len(set(ids)) == len(ids), "an id is listed twice"
    assert all(i > 0 for i in ids)
    for r in rows:
        assert r["verdict"] in {"format", "python", "not_yet"}, r
        # ids and names only: no column holds a card's text
        assert all(len(v) < 120 for v in r.values()), r
        assert all(re.fullmatch(r"[a-z][a-z0-9_]*", tag) for tag in r["needs"].split(";") if tag), r
        assert (r["verdict"] == "format") == (r["needs"] == ""), "a card needs features iff it is not `format`"


def test_verdicts_agree_with_needs() -> None:
    """`format` needs nothing, `python` only features the format lacks, `not_yet` one the host API lacks too."""
    rows = tool.read_verdicts(VERDICT_FILE)
    assert [p for r in rows for p in tool.verdict_problems(r)] == []


def _wilson_by_hand(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The interval as the roots of (p_hat - p)^2 = z^2 p (1 - p) / n, solved for p."""
    p_hat = k / n
    a = 1 + z * z / n
    b = -(2 * p_hat + z * z / n)
    c = p_hat * p_hat
    d = math.sqrt(b * b - 4 * a * c)
    return (-b - d) / (2 * a), (-b + d) / (2 * a)


@pytest.mark.parametrize("k", [0, 1, 14, 15, 20, 39, 40])
def test_wilson_interval_matches_the_quadratic(k: int) -> None:
    assert tool.wilson_interval(k, 40) == pytest.approx(_wilson_by_hand(k, 40), abs=1e-12)


def test_wilson_interval_known_values() -> None:
    lo, hi = tool.wilson_interval(14, 40)
    assert (round(lo, 3), round(hi, 3)) == (0.221, 0.505)  # 14/40 at 95%
    assert tool.wilson_interval(0, 40)[0] == 0.0
    assert tool.wilson_interval(40, 40)[1] == pytest.approx(1.0)
    with pytest.raises(ValueError):
        tool.wilson_interval(41, 40)


def test_summary_needs_no_database(capsys: pytest.CaptureFixture[str]) -> None:
    assert tool.main(["--summary", "--verdicts", str(VERDICT_FILE)]) == 0
    out = capsys.readouterr().out
    n = len(_rows())
    assert f"{n} cards" in out
    for verdict in ("format", "python", "not_yet"):
        assert f"| `{verdict}` |" in out


def test_sample_is_seeded() -> None:
    ids = list(range(1, 835))
    assert tool.draw_sample(ids, 2212, 40) == tool.draw_sample(list(reversed(ids)), 2212, 40)
    assert len(set(tool.draw_sample(ids, 2212, 40))) == 40


def test_the_doc_shows_the_summary_of_the_file() -> None:
    """docs/card-pool-sample.md gives the tables `--summary` prints, line for line."""
    doc = (ROOT / "docs" / "card-pool-sample.md").read_text(encoding="utf-8").splitlines()
    table = [line for line in tool.summary(tool.read_verdicts(VERDICT_FILE)).splitlines() if line.startswith("|")]
    assert [line for line in table if line not in doc] == []


def test_check_finds_a_file_that_drifted_from_the_sample() -> None:
    pop = {i: tool.Card(i, f"card {i}", False) for i in range(1, 101)}
    sample = tool.draw_sample(list(pop), 2212, 40)
    rows = [tool.Row(i, pop[i].name, "format", (), "") for i in sample]
    assert tool.problems(rows, pop, sample) == []
    drifted = [*rows[1:], tool.Row(rows[0].id, "another name", "maybe", (), "")]
    found = tool.problems(drifted, pop, sample)
    assert any("another name" in p for p in found) and any("'maybe'" in p for p in found)
    assert any("in the sample but not in the file" in p for p in tool.problems(rows[1:], pop, sample))
    other = next(i for i in pop if i not in sample)
    extra = [*rows, tool.Row(other, "x", "format", (), "")]
    assert any("not in the sample" in p for p in tool.problems(extra, pop, sample))
