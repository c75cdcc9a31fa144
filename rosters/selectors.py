"""Reads of rosters that the pages offer as choices."""

from __future__ import annotations

from rosters.models import Enhancement, Player
from rules.magnoball.vocabulary import EnhancementKind, Position


def swap_candidates(*, player: Player) -> list[Player]:
    """Active team-mates of the same position in the other string (M-P2: one swaps with)."""
    return list(
        Player.objects.filter(
            team_id=player.team_id,
            position=player.position,
            roster_state=Player.RosterState.ACTIVE,
        )
        .exclude(string=player.string)
        .order_by("shirt_number", "id")
    )


def enhancements_fittable(*, player: Player) -> list[EnhancementKind]:
    """The kinds the player may still carry (M-E1): allowed for his position and not fitted
    already."""
    fitted = set(
        Enhancement.objects.filter(player=player, removed_at__isnull=True).values_list(
            "kind", flat=True
        )
    )
    position = Position(player.position)
    return [k for k in EnhancementKind if k.allowed_for(position) and k.value not in fitted]
