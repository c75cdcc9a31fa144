"""Reads of rounds and fixtures: a season's rounds and fixture lists, its recent results, and
a fixture with its round, season, league and teams and what a user may do with it.

The last (`fixture_for_user`, `fixture_locked`) are read by one statement written as SQL: for
the API's check of a reported result and under the lock a result's service and a
simulation's kick-off begin with.

As ORM queries (``select_related`` over five tables or more, the visible leagues as a
subquery, the commissioner and the league's webhooks as ``Exists``) most of their time was
Django building and compiling the same query on every result: a tenth of a reported
result's CPU for the check, as much again for the lock (docs/performance.md, "Hot reads
written as SQL"). Each statement here is written once a process for
each kind of user (anonymous, superuser, anyone else) and each set of relations; the rows
come back as the ORM's would (league/sql/reads.py)."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.db.models import Count, Prefetch, Q
from django.utils.formats import date_format

from league.access import ACTOR_COMMISSIONER, Actor
from league.models import Fixture, League, Round, Season, Team
from league.selectors.leagues import league_visible_to
from league.sql.reads import model_columns, related_joins, related_load
from league.webhooks.models import Subscription
from league.webhooks.services.events import LEAGUE_SUBSCRIBED


def fixture_for_page(*, fixture_id: int, user: User | AnonymousUser) -> Fixture:
    """A fixture with everything its page names (its game's ruleset too), if its league is
    visible to `user` (Fixture.DoesNotExist otherwise). One query, two for a private
    league."""
    fixture = Fixture.objects.select_related(
        "round__season__league", "round__season__rules", "home_team", "away_team"
    ).get(pk=fixture_id)
    if not league_visible_to(user=user, league=fixture.round.season.league):
        raise Fixture.DoesNotExist
    return fixture


def season_rounds(*, season: Season, team: Team | None = None) -> list[Round]:
    """The season's rounds, each with its fixtures (teams and result), optionally only the
    fixtures of `team`. Two queries whatever the number of rounds."""
    fixtures = Fixture.objects.select_related("home_team", "away_team", "result").order_by("id")
    if team is not None:
        fixtures = fixtures.filter(Q(home_team=team) | Q(away_team=team))
    return list(
        Round.objects.filter(season=season)
        .annotate(fixture_count=Count("fixtures"))
        .prefetch_related(Prefetch("fixtures", queryset=fixtures))
        .order_by("number")
    )


def round_choices(*, season: Season) -> list[tuple[int, str]]:
    """Each round's number and name ("Round 3", "Semi-finals"), for a filter. One query."""
    rounds = Round.objects.filter(season=season).annotate(fixture_count=Count("fixtures"))
    return [(r.number, r.label) for r in rounds.order_by("number")]


def with_round_labels(fixtures: list[Fixture]) -> list[Fixture]:
    """`fixtures` (with their rounds) whose knockout rounds know their game count, so each
    names itself ("Final") without a query of its own: one query when a knockout round is
    among them, none otherwise."""
    knockout = {f.round_id for f in fixtures if f.round.stage == Round.Stage.PLAYOFF}
    if knockout:
        counts = dict(
            Fixture.objects.filter(round_id__in=knockout)
            .values("round_id")
            .annotate(n=Count("id"))
            .values_list("round_id", "n")
        )
        for fixture in fixtures:
            if fixture.round_id in counts:
                fixture.round.game_count = counts[fixture.round_id]
    return fixtures


def team_fixtures(*, season: Season, team: Team) -> list[Fixture]:
    """The team's fixtures of the season in round order, with their round, teams and
    result. One query, two with knockout rounds among them."""
    return with_round_labels(
        list(
            Fixture.objects.filter(Q(home_team=team) | Q(away_team=team), round__season=season)
            .select_related("round", "home_team", "away_team", "result")
            .order_by("round__number", "id")
        )
    )


def season_fixture_list(*, season: Season, team: Team | None = None) -> list[Fixture]:
    """Every fixture of the season (or only `team`'s) with its round and teams, in round
    order. One query, two with knockout rounds."""
    fixtures = Fixture.objects.filter(round__season=season)
    if team is not None:
        fixtures = fixtures.filter(Q(home_team=team) | Q(away_team=team))
    return with_round_labels(
        list(
            fixtures.select_related("round", "home_team", "away_team", "result").order_by(
                "round__number", "id"
            )
        )
    )


def recent_results(*, season: Season, limit: int = 6) -> list[Fixture]:
    return list(
        Fixture.objects.filter(round__season=season, status=Fixture.Status.PLAYED)
        .select_related("round", "home_team", "away_team", "result")
        .order_by("-round__number", "-id")[:limit]
    )


def round_not_open_text(*, round_: Round) -> str:
    """For a fixture whose round is not open: who opens it (the league's commissioners, by
    name) and when (its date if it has one; rounds open in order, by hand)."""
    commissioners = round_.season.league.commissioners.order_by("last_name", "username")
    names = [person.get_full_name() or person.get_username() for person in commissioners]
    if not names:
        who = "A site administrator opens it"
    elif len(names) == 1:
        who = f"{names[0]}, the league's commissioner, opens it"
    else:
        who = f"{', '.join(names[:-1])} or {names[-1]}, the league's commissioners, open it"
    when = (
        f" on its date, {date_format(round_.starts_on, 'j F Y')}"
        if round_.starts_on
        else " once the earlier rounds are open"
        if round_.number > 1
        else ""
    )
    return f"This round is not open yet. {who}{when}."


# --- A fixture read by one statement written as SQL (the module's docstring) ----------------

#: The league's alias in the statements (related_joins names it by its path).
_LEAGUE = "f_round_season_league"
_TEAMS = ("home_team", "away_team")

#: Whether the user is a commissioner of the league (as ``league.access.is_commissioner``
#: says), and whether he may see it (``league.selectors.leagues.league_visible_q``), for a user who
#: is neither anonymous nor a superuser.
_COMMISSIONER = (
    f"EXISTS (SELECT 1 FROM {League.commissioners.through._meta.db_table} c "
    f"WHERE c.league_id = {_LEAGUE}.id AND c.user_id = %(user)s)"
)
_COACH = (
    f"EXISTS (SELECT 1 FROM {Team._meta.db_table} t "
    f"WHERE t.league_id = {_LEAGUE}.id AND t.coach_id = %(user)s)"
)
_COMMISSIONER_BY_KIND = {"anonymous": "FALSE", "superuser": "TRUE", "user": _COMMISSIONER}
_VISIBLE_BY_KIND = {
    "anonymous": f"{_LEAGUE}.is_public",
    "superuser": "TRUE",
    "user": f"({_LEAGUE}.is_public OR {_COMMISSIONER} OR {_COACH})",
}
#: Whether the league has an active webhook (``league.webhooks.services.events.LEAGUE_SUBSCRIBED``).
_SUBSCRIBED = (
    f"EXISTS (SELECT 1 FROM {Subscription._meta.db_table} w "
    f"WHERE w.league_id = {_LEAGUE}.id AND w.active)"
)


def fixture_for_user(*, fixture_id: int, user: User | AnonymousUser) -> Fixture | None:
    """The fixture with ``round.season.league``, ``home_team`` and ``away_team`` loaded and
    ``ACTOR_COMMISSIONER`` set (whether `user` is a commissioner of its league); None when
    there is no such fixture or `user` may not see its league."""
    row = _fetch(_user_statement(_kind(user)), fixture_id, user)
    if row is None:
        return None
    *values, visible, commissioner = row
    if not visible:
        return None
    fixture = _load(values, ("round__season__league", *_TEAMS))
    setattr(fixture, ACTOR_COMMISSIONER, bool(commissioner))
    return fixture


def fixture_locked(*, fixture_id: int, related: tuple[str, ...], actor: Actor) -> Fixture:
    """The fixture locked for update (on a database with row locks) with
    ``round.season.league``, its result (cached as None when it has none) and `related`
    loaded, ``LEAGUE_SUBSCRIBED`` set (whether its league has an active webhook) and
    ``ACTOR_COMMISSIONER`` (whether `actor` is a commissioner of it). Raises
    ``Fixture.DoesNotExist`` when there is none. The caller holds the transaction."""
    paths = ("round__season__league", "result", *related)
    row = _fetch(_locked_statement(_kind(actor), paths), fixture_id, actor)
    if row is None:
        raise Fixture.DoesNotExist(f"No fixture {fixture_id}.")
    *values, subscribed, commissioner = row
    fixture = _load(values, paths)
    setattr(fixture, LEAGUE_SUBSCRIBED, bool(subscribed))
    setattr(fixture, ACTOR_COMMISSIONER, bool(commissioner))
    return fixture


def _kind(user: Actor) -> str:
    if user is None or not user.is_authenticated:
        return "anonymous"
    return "superuser" if user.is_superuser else "user"


def _fetch(sql: str, fixture_id: int, user: Actor) -> tuple[Any, ...] | None:
    # A key out of the column's range names no fixture, as the ORM's lookup says (SQLite
    # would refuse to bind it: an address's id is any number of digits).
    low, high = connection.ops.integer_field_range(Fixture._meta.pk.get_internal_type())
    if not low <= fixture_id <= high:
        return None
    with connection.cursor() as cursor:
        cursor.execute(sql, {"fixture": fixture_id, "user": user.pk if user else None})
        row: tuple[Any, ...] | None = cursor.fetchone()
    return row


def _load(values: list[Any], paths: tuple[str, ...]) -> Fixture:
    columns = model_columns(Fixture, "f")
    fixture: Fixture = columns.load(values[: columns.width])
    related_load(fixture, values, columns.width, related_joins(Fixture, "f", paths))
    return fixture


def _select(paths: tuple[str, ...], *flags: str) -> str:
    joins = related_joins(Fixture, "f", paths)
    columns = ", ".join(
        [model_columns(Fixture, "f").select, *(join.columns.select for join in joins), *flags]
    )
    return (
        f"SELECT {columns} FROM {Fixture._meta.db_table} f "
        f"{' '.join(join.join for join in joins)} WHERE f.id = %(fixture)s"
    )


@cache
def _user_statement(kind: str) -> str:
    paths = ("round__season__league", *_TEAMS)
    return _select(paths, _VISIBLE_BY_KIND[kind], _COMMISSIONER_BY_KIND[kind])


@cache
def _locked_statement(kind: str, paths: tuple[str, ...]) -> str:
    sql = _select(paths, _SUBSCRIBED, _COMMISSIONER_BY_KIND[kind])
    if connection.features.has_select_for_update_of:
        sql += " FOR UPDATE OF f"
    elif connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    return sql
