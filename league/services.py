"""Writes for leagues, seasons, their rules, teams' entries and the schedule."""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils import timezone
from django.utils.text import slugify

from league.access import Actor, require_commissioner
from league.audit import audit_record, snapshot
from league.capabilities import capability
from league.capabilities.rosters import Rosters
from league.capabilities.settings import SeasonSettings
from league.divisions import division_problems_refusal
from league.errors import LeagueError, validation_refused
from league.models import Fixture, League, Round, Season, StandingRow, Team
from league.rulesets import ruleset_default, ruleset_for, ruleset_get
from league.scheduling import division_round_robin, round_robin
from league.webhooks.events import season_event_publish

# The season's lifecycle: draft → active → playoffs → finished → archived.
SEASON_TRANSITIONS: Mapping[str, frozenset[str]] = {
    Season.Status.DRAFT: frozenset({Season.Status.ACTIVE}),
    Season.Status.ACTIVE: frozenset({Season.Status.PLAYOFFS, Season.Status.FINISHED}),
    Season.Status.PLAYOFFS: frozenset({Season.Status.FINISHED}),
    Season.Status.FINISHED: frozenset({Season.Status.ARCHIVED}),
    Season.Status.ARCHIVED: frozenset(),
}


def league_create(
    *,
    name: str,
    actor: Actor,
    ruleset: str | None = None,
    description: str = "",
    is_public: bool = True,
    commissioners: Iterable[User] = (),
) -> League:
    league = League(
        name=name,
        slug=slugify(name),
        ruleset=ruleset_get(ruleset or ruleset_default()).key,
        description=description,
        is_public=is_public,
    )
    league.full_clean()
    with transaction.atomic():
        league.save()
        league.commissioners.set(list(commissioners))
        audit_record(
            actor=actor,
            action="league.create",
            obj=league,
            league=league,
            after=snapshot(league, ["name", "ruleset", "is_public"]),
        )
    return league


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


TEAM_COLOUR = "#1f6feb"


def team_build(
    *,
    league: League,
    name: str,
    short_name: str,
    coach: User | None = None,
    colour: str = TEAM_COLOUR,
) -> Team:
    """A new team of `league`, validated and not yet saved: its slug from its name, its short
    name in capitals. An invalid one raises ValidationError naming each field."""
    team = Team(
        league=league,
        name=name,
        short_name=short_name.upper(),
        slug=slugify(name),
        coach=coach,
        colour=colour,
    )
    team.full_clean()
    return team


def team_create(
    *,
    season: Season,
    name: str,
    short_name: str,
    actor: Actor,
    coach: User | None = None,
    colour: str = TEAM_COLOUR,
) -> Team:
    """A new team in `season`'s league (commissioners only), entered into the season and
    given what the league's game needs by its ruleset (`team_setup`). A game that rolls its
    teams by its own rules has its own service (its ruleset's ``team_setup``)."""
    league = season.league
    require_commissioner(user=actor, league=league)
    try:
        team = team_build(
            league=league, name=name, short_name=short_name, coach=coach, colour=colour
        )
    except ValidationError as invalid:
        raise validation_refused(invalid) from None
    with transaction.atomic():
        team.save()
        season_enter_team(season=season, team=team, actor=actor)
        capability(ruleset_for(league), Rosters).team_setup(team=team, actor=actor)
        audit_record(
            actor=actor,
            action="team.create",
            obj=team,
            league=league,
            message=str(team),
            after=snapshot(team, ["name", "short_name", "coach", "colour"]),
        )
    return team


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


# --- Edits of plain fields ------------------------------------------------------------------

LEAGUE_EDITABLE = frozenset({"name", "ruleset", "description", "is_public"})
TEAM_EDITABLE = frozenset({"name", "short_name", "coach", "colour"})
# How a season in divisions meets and seeds its playoffs (league/divisions.py).
DIVISION_SETTINGS = frozenset({"division_meetings", "cross_division_meetings", "wild_cards"})
SEASON_EDITABLE = (
    frozenset({"name", "starts_on", "double_round_robin", "days_between_rounds", "playoff_teams"})
    | DIVISION_SETTINGS
)
# How the season is played: fixed once it starts, like its rules.
SEASON_FROZEN_ON_START = (
    frozenset({"double_round_robin", "days_between_rounds", "playoff_teams"}) | DIVISION_SETTINGS
)


def _edit(
    *,
    obj: League | Team | Season,
    changes: Mapping[str, Any],
    editable: frozenset[str],
    league: League,
    action: str,
    actor: Actor,
) -> None:
    """Apply field changes to a locked row: checked, saved with update_fields, audited."""
    unknown = sorted(set(changes) - editable)
    if unknown:
        raise LeagueError(
            f"These cannot be edited here: {', '.join(unknown)}.",
            code="not_editable",
            field=unknown[0],
        )
    if not changes:
        return
    fields = sorted(changes)
    before = snapshot(obj, fields)
    for name, value in changes.items():
        setattr(obj, name, value)
    if "name" in changes and not isinstance(obj, League):
        obj.slug = slugify(obj.name)
        fields.append("slug")
    try:
        obj.full_clean(exclude=[f.name for f in obj._meta.fields if f.name not in fields])
    except ValidationError as invalid:
        raise validation_refused(invalid) from None
    obj.save(update_fields=fields)
    audit_record(
        actor=actor,
        action=action,
        obj=obj,
        league=league,
        before=before,
        after=snapshot(obj, sorted(changes)),
    )


def league_update(
    *,
    league: League,
    actor: Actor,
    changes: Mapping[str, Any],
    commissioners: Iterable[User] | None = None,
) -> League:
    """Edit a league's name, game (until it has a season), description or visibility, and its
    commissioners."""
    with transaction.atomic():
        # Locks the league: two edits are applied one after the other, each audited.
        locked = League.objects.select_for_update().get(pk=league.pk)
        require_commissioner(user=actor, league=locked)
        if changes.get("ruleset", locked.ruleset) != locked.ruleset:
            _require_ruleset_open(locked, str(changes["ruleset"]))
        _edit(
            obj=locked,
            changes=changes,
            editable=LEAGUE_EDITABLE,
            league=locked,
            action="league.update",
            actor=actor,
        )
        if commissioners is not None:
            new = sorted(user.pk for user in commissioners)
            old = sorted(locked.commissioners.values_list("pk", flat=True))
            if new != old:
                locked.commissioners.set(new)
                audit_record(
                    actor=actor,
                    action="league.commissioners",
                    obj=locked,
                    league=locked,
                    before={"commissioners": old},
                    after={"commissioners": new},
                )
    return locked


def _require_ruleset_open(league: League, key: str) -> None:
    """A league's game may change only before its first season (seasons carry its settings)."""
    if league.seasons.exists():
        raise LeagueError(
            f"{league} plays {ruleset_for(league).label}: a league's game is fixed once it has "
            "a season.",
            code="ruleset_fixed",
            field="ruleset",
        )
    ruleset_get(key)


def team_update(*, team: Team, actor: Actor, changes: Mapping[str, Any]) -> Team:
    """Edit a team's name, short name, coach or colour (commissioners only)."""
    with transaction.atomic():
        # Locks the team: two edits are applied one after the other, each audited.
        locked = (
            Team.objects.select_for_update(of=("self",)).select_related("league").get(pk=team.pk)
        )
        require_commissioner(user=actor, league=locked.league)
        if "short_name" in changes:
            changes = {**changes, "short_name": str(changes["short_name"]).upper()}
        _edit(
            obj=locked,
            changes=changes,
            editable=TEAM_EDITABLE,
            league=locked.league,
            action="team.update",
            actor=actor,
        )
    return locked


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
        _edit(
            obj=locked,
            changes=changes,
            editable=SEASON_EDITABLE,
            league=locked.league,
            action="season.update",
            actor=actor,
        )
    return locked
