"""The rules of each game as pure Python: no Django, no I/O, no clock (docs/architecture.md).

One package per game; the import contracts in pyproject.toml keep them free of Django and of
each other.
"""
