"""Small builders shared by the engine tests."""

from __future__ import annotations

from typing import Any

from games.engine import PlayerSnapshot, Position, Side


def player(position: Position, key: str | None = None, **changes: Any) -> PlayerSnapshot:
    """A Pro of ``position`` on the home side unless ``changes`` say otherwise."""
    key = key or position.value
    base: dict[str, Any] = {"key": key, "name": key.title(), "side": Side.HOME}
    base.update(changes)
    return PlayerSnapshot(position=position, **base)
