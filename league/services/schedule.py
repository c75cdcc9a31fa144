"""A league season's schedule: its rounds and their fixtures, a round robin of its teams (within
and across its divisions: league/services/round_robin.py)."""

from __future__ import annotations

import datetime
import secrets

from django.db import transaction

from league.access import Actor
from league.audit import audit_record
from league.errors import LeagueError
from league.models import Fixture, Round, Season, StandingRow
from league.services.divisions import division_problems_refusal
from league.services.round_robin import division_round_robin, round_robin


def season_generate_schedule(
    *, season: Season, actor: Actor, shuffle: bool = True, seed: int | None = None
) -> list[Round]:
    """The regular season by the circle method (single or double round robin), replacing any
    schedule without results. Refused once a result exists."""
    with transaction.atomic():
        # Locks the season: no result may be recorded while its rounds are replaced.
        locked = Season.objects.select_for_update().get(pk=season.pk)
        if locked.status not in (Season.Status.DRAFT, Season.Status.ACTIVE):
            raise LeagueError(
                f"{locked} is {locked.get_status_display().lower()}.", code="season_closed"
            )
        if Fixture.objects.filter(round__season=locked, status=Fixture.Status.PLAYED).exists():
            raise LeagueError(
                "The schedule cannot be regenerated: results have been recorded.",
                code="results_exist",
            )
        if Round.objects.filter(season=locked).exclude(status=Round.Status.SCHEDULED).exists():
            raise LeagueError(
                "The schedule cannot be regenerated: a round has already been opened.",
                code="round_opened",
            )
        team_ids = list(
            StandingRow.objects.filter(season=locked)
            .order_by("team__name")
            .values_list("team_id", flat=True)
        )
        if len(team_ids) < 2:
            raise LeagueError(
                "A schedule needs at least two teams in the season.", code="too_few_teams"
            )
        if (refusal := division_problems_refusal(season=locked)) is not None:
            raise refusal
        if shuffle and seed is None:
            seed = secrets.randbits(48)
        pairings = _pairings(locked, team_ids, seed=seed if shuffle else None)
        Round.objects.filter(season=locked).delete()
        rounds = Round.objects.bulk_create(
            Round(season=locked, number=number, starts_on=_round_date(locked, number))
            for number in range(1, len(pairings) + 1)
        )
        Fixture.objects.bulk_create(
            Fixture(round=round_, home_team_id=home, away_team_id=away)
            for round_, pairs in zip(rounds, pairings, strict=True)
            for home, away in pairs
        )
        locked.schedule_seed = seed if shuffle else None
        locked.save(update_fields=["schedule_seed"])
        audit_record(
            actor=actor,
            action="season.schedule",
            obj=locked,
            league=locked.league,
            message=f"{len(rounds)} rounds for {len(team_ids)} teams",
            after={
                "rounds": len(rounds),
                "seed": locked.schedule_seed,
                "double_round_robin": locked.double_round_robin,
            },
        )
    return rounds


def _pairings(
    season: Season, team_ids: list[int], *, seed: int | None
) -> list[list[tuple[int, int]]]:
    """The rounds' (home, away) pairings: a season in divisions meets within and across
    them as its settings say; any other, the single or double round robin."""
    divisions: dict[int, list[int]] = {}
    entries = (
        StandingRow.objects.filter(season=season, division__isnull=False)
        .order_by("division__order", "division_id", "team__name")
        .values_list("team_id", "division_id")
    )
    for team, division in entries:
        divisions.setdefault(division, []).append(team)
    if not divisions:
        return round_robin(team_ids, double=season.double_round_robin, seed=seed)
    return division_round_robin(
        list(divisions.values()),
        within=season.division_meetings,
        across=season.cross_division_meetings,
        seed=seed,
    )


def _round_date(season: Season, number: int) -> datetime.date | None:
    if season.starts_on is None:
        return None
    return season.starts_on + datetime.timedelta(days=(number - 1) * season.days_between_rounds)
