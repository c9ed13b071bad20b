"""Names of the figures that bench.py measures and builds.py sets targets for (this module imports no engine, so
builds.py can read it whatever build is installed)."""

# Through the public search API (`engine.search`; issue 25).
SEARCH_VANILLA = "search API: vanilla battle game, new_initial_state() to terminal"
SEARCH_DECISION = "search API: one decision step, 3 triggers + 2-link chain"
SEARCH_CLONE = "search API: BattleState.clone() at a decision point"
SEARCH_RATE = "search API: decisions per second, random playouts (one core)"
SEARCH_COST = "search API decision step / engine decision step"

# Playouts on 2 worker processes (issue 25): their speed-up over 1, and what the machine itself allows 2 processes.
PLAYOUT_SCALING = "playouts, 2 workers / 1 worker (wall time)"
MACHINE_SCALING = "the machine's own 2 processes / 1 (a pure Python loop, wall time)"

# The plain-Python floor (issue 39): the vanilla battle game written directly in Python, no engine (floor.py), and the
# search API's vanilla game as a multiple of it.
FLOOR = "plain-Python floor: the vanilla battle game with no engine (floor.py)"
FLOOR_RATIO = "search API vanilla game / plain-Python floor"
RATIOS = (SEARCH_COST, PLAYOUT_SCALING, MACHINE_SCALING, FLOOR_RATIO)

# What every public call costs to be all-or-nothing (issue 39): the snapshot `Duel` takes before it.
SNAPSHOT = "Duel snapshot at a decision point (a public call's undo)"

# Issue 39's targets, through the public search API: (figure, "<=" or ">=", {build: bound}). bench.py prints each for
# the build it measures, met or not (a build with no bound is said to have none).
ISSUE_39_TARGETS: tuple[tuple[str, str, dict[str, float]], ...] = (
    (SEARCH_VANILLA, "<=", {"compiled": 3, "pure": 20}),
    (SEARCH_DECISION, "<=", {"compiled": 2}),
    (SEARCH_CLONE, "<=", {"compiled": 1}),
    (SEARCH_RATE, ">=", {"compiled": 400_000}),
)  # figures that are ratios, not times or counts
