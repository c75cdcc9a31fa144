"""The engine's exceptions, in a module of their own so it stays pure Python when the engine
is compiled (mypyc cannot build native subclasses of ValueError or RuntimeError); each is
re-exported by the module that raises it."""

from __future__ import annotations

__all__ = ["DiceExhaustedError", "FaceOutOfRangeError", "MatchSetupError", "RuleNotAllowedError"]


class DiceExhaustedError(RuntimeError):
    """A :class:`~rules.magnoball.dice.ScriptedDice` was asked for more faces than it was
    given."""


class FaceOutOfRangeError(ValueError):
    """A scripted face does not exist on the die being rolled."""


class RuleNotAllowedError(ValueError):
    """An action the settings or the player's position do not allow (the message says why)."""


class MatchSetupError(ValueError):
    """The team sheets cannot make a match (duplicate keys, bad settings)."""
