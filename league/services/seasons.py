"""Writes for seasons: creating one, its rules and format, its lifecycle (draft → active →
playoffs → finished → archived) and the teams it enters."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from django.db import models, transaction
from django.utils import timezone
from django.utils.text import slugify

from league.access import Actor, require_commissioner
from league.audit import audit_record, snapshot
from league.capabilities import capability
from league.capabilities.settings import SeasonSettings
from league.errors import LeagueError
from league.models import League, Round, Season, StandingRow, Team
from league.rulesets import ruleset_for
from league.services.edits import row_edit
from league.webhooks.services.events import season_event_publish

# The season's lifecycle: draft → active → playoffs → finished → archived.
SEASON_TRANSITIONS: Mapping[str, frozenset[str]] = {
    Season.Status.DRAFT: frozenset({Season.Status.ACTIVE}),
    Season.Status.ACTIVE: frozenset({Season.Status.PLAYOFFS, Season.Status.FINISHED}),
    Season.Status.PLAYOFFS: frozenset({Season.Status.FINISHED}),
    Season.Status.FINISHED: frozenset({Season.Status.ARCHIVED}),
    Season.Status.ARCHIVED: frozenset(),
}


def season_create(
    *,
    league: League,
    name: str,
    actor: Actor,
    starts_on: datetime.date | None = None,
    double_round_robin: bool = True,
    days_between_rounds: int = 7,
    playoff_teams: int | None = None,
    rules: Mapping[str, Any] | None = None,
) -> Season:
    """A draft season. Its rules start from the league's latest season (or the defaults),
    with `rules` applied on top, validated by the league's ruleset; its playoff format, when
    not given, is the league's latest league season's (or the default's)."""
    if playoff_teams is None:
        playoff_teams = season_playoff_teams_default(league=league)
    season = Season(
        league=league,
        name=name,
        slug=slugify(name),
        starts_on=starts_on,
        double_round_robin=double_round_robin,
        days_between_rounds=days_between_rounds,
        playoff_teams=playoff_teams,
    )
    season.full_clean(exclude=["teams"])
    previous = league.seasons.order_by("-created_at").first()
    with transaction.atomic():
        season.save()
        capability(ruleset_for(league), SeasonSettings).season_settings_create(
            season=season, previous=previous, changes=rules or {}
        )
        audit_record(
            actor=actor,
            action="season.create",
            obj=season,
            league=league,
            after=snapshot(season, ["name", "status", "starts_on"]),
        )
    return season


def season_playoff_teams_default(*, league: League) -> int:
    """The playoff format a new season of `league` starts with: its latest league season's
    (a league that played without playoffs goes on without them), else the model's default."""
    latest = (
        league.seasons.filter(format=Season.Format.LEAGUE).order_by("-created_at", "-pk").first()
    )
    if latest is not None:
        return latest.playoff_teams
    default = Season._meta.get_field("playoff_teams").default
    return int(default)


def season_update_rules(
    *, season: Season, changes: Mapping[str, Any], actor: Actor
) -> models.Model:
    """Change rule settings (the ruleset's); refused once the season has started (the rules
    are frozen). Returns the ruleset's settings row."""
    with transaction.atomic():
        # Locks the season so it cannot start while its rules are being changed.
        locked = (
            Season.objects.select_related("league")
            .select_for_update(of=("self",))
            .get(pk=season.pk)
        )
        if locked.rules_frozen:
            raise LeagueError(
                f"The rules of {locked} are frozen: the season is {locked.get_status_display()}.",
                code="rules_frozen",
            )
        settings, before, after = capability(
            ruleset_for(locked.league), SeasonSettings
        ).season_settings_update(season=locked, changes=changes)
        audit_record(
            actor=actor,
            action="season.rules",
            obj=settings,
            league=locked.league,
            before=before,
            after=after,
        )
    return settings


def season_transition(*, season: Season, to: str, actor: Actor) -> Season:
    with transaction.atomic():
        # Locks the season so two commissioners cannot move it at once.
        locked = Season.objects.select_for_update().get(pk=season.pk)
        if to not in SEASON_TRANSITIONS[locked.status]:
            raise LeagueError(
                f"A season that is {locked.get_status_display().lower()} cannot become "
                f"{Season.Status(to).label.lower()}.",
                code="bad_transition",
            )
        before = snapshot(locked, ["status"])
        locked.status = to
        update_fields = ["status"]
        if to == Season.Status.ACTIVE:
            locked.started_at = timezone.now()
            update_fields.append("started_at")
        elif to == Season.Status.FINISHED:
            locked.finished_at = timezone.now()
            update_fields.append("finished_at")
        locked.save(update_fields=update_fields)
        audit_record(
            actor=actor,
            action="season.status",
            obj=locked,
            league=locked.league,
            before=before,
            after=snapshot(locked, ["status"]),
        )
        if to == Season.Status.FINISHED:
            season_event_publish(season=locked)
    return locked


def season_enter_team(*, season: Season, team: Team, actor: Actor) -> StandingRow:
    if team.league_id != season.league_id:
        raise LeagueError(f"{team} plays in another league.", code="wrong_league")
    if team.guest_of_id is not None and team.guest_of_id != season.pk:
        raise LeagueError(
            f"{team} is a guest team of another tournament: it plays only there.",
            code="guest_team",
        )
    with transaction.atomic():
        # Locks the season: entries close when the schedule exists.
        locked = Season.objects.select_for_update().get(pk=season.pk)
        if Round.objects.filter(season=locked).exists():
            raise LeagueError(
                f"{locked} already has a schedule; teams can no longer enter.",
                code="schedule_exists",
            )
        row, created = StandingRow.objects.get_or_create(season=locked, team=team)
        if created:
            audit_record(
                actor=actor,
                action="season.enter_team",
                obj=row,
                league=locked.league,
                message=f"{team} entered {locked}",
            )
    return row


# How a season in divisions meets and seeds its playoffs (league/services/divisions.py).
DIVISION_SETTINGS = frozenset({"division_meetings", "cross_division_meetings", "wild_cards"})
SEASON_EDITABLE = (
    frozenset({"name", "starts_on", "double_round_robin", "days_between_rounds", "playoff_teams"})
    | DIVISION_SETTINGS
)
# How the season is played: fixed once it starts, like its rules.
SEASON_FROZEN_ON_START = (
    frozenset({"double_round_robin", "days_between_rounds", "playoff_teams"}) | DIVISION_SETTINGS
)


def season_update(*, season: Season, actor: Actor, changes: Mapping[str, Any]) -> Season:
    """Edit a season's name, start date and format; the format is frozen once it starts."""
    with transaction.atomic():
        # Locks the season: its format cannot change while it starts.
        locked = (
            Season.objects.select_for_update(of=("self",))
            .select_related("league")
            .get(pk=season.pk)
        )
        require_commissioner(user=actor, league=locked.league)
        frozen = sorted(SEASON_FROZEN_ON_START & set(changes))
        if frozen and locked.status != Season.Status.DRAFT:
            raise LeagueError(
                f"{locked} has started: {', '.join(frozen)} can no longer change.",
                code="season_started",
                field=frozen[0],
            )
        row_edit(
            obj=locked,
            changes=changes,
            editable=SEASON_EDITABLE,
            league=locked.league,
            action="season.update",
            actor=actor,
        )
    return locked
