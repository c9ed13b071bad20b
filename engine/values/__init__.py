"""The value types, the engine's lowest layer: the game's vocabulary (`game`), events, options and
decisions, what an effect is as data (`effects`), frozen parameters, and the base classes they are
made with (`enums`, `frozen`). Everything above names these; they name nothing above them
(docs/design.md, checked by `lint-imports`)."""
