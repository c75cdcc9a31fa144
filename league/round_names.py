"""What a round is called: a regular round by its number, a knockout round by its distance
from the final (Final, Semi-finals, Quarter-finals, Round of 16, …), for every game."""

from __future__ import annotations


def knockout_stage_name(games: int) -> str:
    """A knockout round of `games` games: each round halves the field, so one game is the
    final, two the semi-finals, and `n` games the round of 2n."""
    return {1: "Final", 2: "Semi-finals", 4: "Quarter-finals"}.get(games, f"Round of {games * 2}")


def knockout_game_name(games: int) -> str:
    """One game of that round, in a sentence ("Winner of quarter-final 2")."""
    return {1: "the final", 2: "semi-final", 4: "quarter-final"}.get(
        games, f"round-of-{games * 2} game"
    )
