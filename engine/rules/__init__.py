"""The rules of the Damage Step, one function per rule, grouped by family.

`calculation` and `modifiers` are pure functions of values; `legality`, `battle` and
`stats` read a state and never change it. All changes go through `engine.actions`.
"""
