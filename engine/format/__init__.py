"""The scenario format ``damage-step-scenario/1``: loading, validating, its JSON Schema, writing back.

``engine.scenario`` is its public face (the names below are imported from there); this package holds it, one
module per part of the format, each importing only those before it:

* ``vocabulary``: the format's name, its limits, enums and value types, the base of its objects (``Wire``) and
  the helpers its tables are declared and read with;
* ``errors``: :class:`ScenarioError`, and msgspec's refusal said exactly;
* ``conditions``: filters and conditions (``filter``, ``battle``, ``only_if``, ``controls``...);
* ``costs``: costs and a replacement's ``instead``;
* ``ops``: the operations (:data:`OPS`), and the cards each names;
* ``effects``: the effect kinds (:data:`EFFECT_KINDS`);
* ``cards``: a card and its keys, per kind of card and place; library cards;
* ``battles``: attacks, the Battle Phase and the choices;
* ``zones``: what each player's zones hold at most;
* ``document``: a scenario as a whole, and parsing;
* ``files``: reading ``.json``, ``.jsonl`` and ``.toml`` files;
* ``schema``: the JSON Schema, generated from the structs;
* ``writing``: a scenario written back as JSON.

Adding an operation (an effect kind) is its entry in ``ops.py`` (``effects.py``) and its section in
``docs/scenario-format.md``; the schema is regenerated from the table (``python -m engine schema``).

The format is a contract with everything outside the engine (see ``scenario-format.md``), so a scenario is
validated completely, and the first problem raises :class:`ScenarioError` with a path into the document
(``cards[1].position``, ``line 3: attack.target``), before any engine code sees it. The engine then works on
frozen, typed objects whose optional keys are all filled in, and never re-checks the input.

Why it is built this way (``docs/loader-evaluation.md`` has the measurements):

* One source of truth, kept by a library. The format is declared once, as ``msgspec`` structs: ``CardWire``,
  ``ScenarioWire``... and one struct per effect kind and per operation (tables :data:`EFFECT_KINDS`,
  :data:`OPS`), tagged by ``kind``/``op``; bounds and descriptions are ``msgspec.Meta``. ``msgspec.convert``
  checks a decoded document against them (types, bounds, enums, unknown and missing keys, ``null``), and
  :func:`scenario_json_schema` is ``msgspec.json.schema`` of the same structs (committed as
  ``schemas/scenario.schema.json``; ``python -m engine schema`` rewrites it), so the two cannot drift.
* Exact errors. msgspec stops at the first problem but does not say what was expected and given
  (``Invalid enum value 'atk' - at `$.cards[1].position```), and refuses a key it cannot encode with no
  path at all. So a refused document is walked again, as msgspec walks it, to the first refused value, and
  its declared type says the rest (``cards[1].position: expected one of attack, defense, set, got "atk"``).
  Only refused documents pay for this (``errors.convert``).
* What a schema cannot say is plain code after the structural pass (``cards.card_spec``,
  ``document.check_scenario``): card-id references, which keys each kind of card may have, the attack's
  legality, choice indices, the Counter Trap speed; and "at least one of" (``ONE_OF`` of ``ops`` and
  ``effects``, a ``__post_init__``).
* Strict types (msgspec's own): ``bool`` is not an integer and ``1.0`` is not an integer (JSON Schema's
  ``integer`` does accept ``1.0``; the loader is the stricter of the two). ``null`` is accepted only for
  ``attack.target``: a key that may be left out is ``UNSET`` when it is, never ``null``.
* Defaults the format leaves unstated: a key is required if the corpus always gives it (trigger
  ``optional``, ``negate_activation.destroy``, a monster's ``atk``/``def``), otherwise it gets the sensible
  default, which is written into the schema's ``default`` (a card's ``effects`` defaults to ``[]``).
* Speed. Corpora have thousands of scenarios: decoding (``files._quick_json``) and the structural pass are
  msgspec's C code; the Python left is the rules above and building the frozen result (the library's frozen
  structs; ``Rules`` stays an attrs class, as ``engine.debug.record`` reads it with ``attrs.asdict``). About
  half the time of the hand-written loader this replaces (``benchmarks/loader.py``).
* Library cards are data handed in (``library=``): this package imports nothing of the engine but
  ``engine.values.text``. ``engine.parse_scenario``/``engine.load_scenarios`` (``engine.build``) hand it the cards of
  ``engine.cards``.

Files (:func:`load_scenarios`): ``.json`` holds one scenario or a list of them; ``.jsonl`` one per non-blank
line (error paths start ``line N: ``); ``.toml`` one scenario. Any scenario may also be wrapped as a corpus
record ``{"scenario": {...}, "expected": ..., "source": ...}`` (only ``scenario`` is read). TOML has no
null, so in TOML an ``[attack]``, an ``[[attacks]]`` entry or a choice's ``declare`` without ``target`` is a direct
attack; in JSON ``target`` is required and ``null`` means a direct attack.

Limits. Anything a user or a corpus hands the loader ends in a correct scenario or in one
:class:`ScenarioError` naming the place, never in another exception; this is the authoritative list:

* Files: a path must be a regular file (a directory, FIFO, socket or device such as ``/dev/zero`` is
  refused without reading it or waiting on it) of at most :data:`MAX_FILE_BYTES` (64 MiB), checked with
  ``fstat`` before anything is read. A missing or unreadable file is an error naming the file.
* Encoding: UTF-8 only (an invalid byte is reported with its line and column); a leading UTF-8 byte-order
  mark is skipped; CRLF line endings are read as LF (in JSON lines, each line is split at LF only and its
  trailing CR is whitespace); in ``.jsonl`` blank lines (only spaces, tabs, CR) are skipped.
* JSON: an object may not repeat a key; ``NaN``, ``Infinity`` and ``-Infinity`` (which Python's ``json``
  accepts) and numbers that overflow to infinity (``1e400``) are refused; an integer literal may have at
  most :data:`MAX_DIGITS` (20) digits. These three are reported with the path of the value. (msgspec's
  decoder keeps the last of two equal keys without a word and takes long integers, so it decodes only what
  it is sure to decode as Python's ``json`` does; the rest goes to ``json`` with hooks, ``files._Refusals``.)
* Nesting: a document nested deeper than its parser can follow (Python's recursion limit: about 1,000
  levels of ``[``/``{`` in JSON, a few hundred in TOML) is refused as "nested too deeply" with the line and
  column of its deepest point; a valid scenario nests fewer than 10 levels, and msgspec descends only as
  deep as the format does, so nothing else in the loader depends on the depth.
* Numbers (in the schema as ``minimum``/``maximum``): ATK/DEF and ``set_atk``/``set_def`` 0..1,000,000
  (:data:`MAX_STAT`; the format has no "?" ATK); ATK/DEF changes (``change_stats`` and ``stat_modifier``
  ``atk``/``def``) -1,000,000..1,000,000; life points 1..2,147,483,647 (:data:`MAX_LP`; 0 LP would be a duel
  already lost); LP amounts (``damage``/``gain_lp`` ``amount``, ``battle_damage_becomes.value``, ``cost.lp``)
  0..2,147,483,647 (:data:`MAX_AMOUNT`); counts (``draw.count``, ``cost.discard``/``cost.tribute`` and a
  replacement's ``instead``) 0..1,000 and
  ``indestructible_by_battle.times_per_turn`` 1..1,000 (:data:`MAX_COUNT`); ``choices[].effect`` 0..1,000
  (and less than the card's number of effects); ``speed`` 1..3; a monster's ``level`` and the filters'
  ``level_at_most``/``level_at_least`` 1..12 (:data:`MAX_LEVEL`). A scenario has at most 1,000 ``cards``
  (:data:`MAX_CARDS`; one battle with 10,000 cards took 0.6 s, with 100,000 15 s), and no more on the field than
  the Game Mat has zones for (``zones``). Other lists and strings have no bound of their own beyond the file size.
* Text: every string, keys included, must be writable as UTF-8 (a lone surrogate, ``"\\ud800"`` in JSON, is
  refused: it would fail whatever writes the scenario, a trace or a result); card ids are compared once
  Unicode-normalised (NFC): two that are equal so are refused, and so is a reference written another way.
* TOML: duplicate keys are already a TOML error; ``nan``/``inf`` are refused as in JSON, and so is a
  decimal integer of more than :data:`MAX_DIGITS` digits.

Error messages quote scenario text through :func:`engine.values.text.printable`, so an id or key holding control
characters cannot rewrite the terminal that shows the error.
"""
