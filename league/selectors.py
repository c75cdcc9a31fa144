"""Reads of leagues, seasons and standings (the table and its history round by round)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Case, Count, F, Prefetch, Q, QuerySet, Value, When
from django.utils.formats import date_format

from league.models import Fixture, League, Result, Round, Season, StandingRow, Team
from league.rulesets import ruleset_for
from rules.standings import TableGame, TableSettings, compute_table

if TYPE_CHECKING:
    from league.honours.form import PlayedResult


def league_visible_q(*, user: User | AnonymousUser) -> Q:
    """Public leagues for everyone; a private league also for its commissioners and coaches."""
    if not user.is_authenticated:
        return Q(is_public=True)
    if user.is_superuser:
        return Q()
    return Q(is_public=True) | Q(commissioners=user) | Q(teams__coach=user)


def league_visible_to(*, user: User | AnonymousUser, league: League) -> bool:
    """`league_visible_q` for one league already read: no query for a public league or a
    superuser, one for a private league. A page reads its row first and checks after,
    because a `league IN (visible leagues)` subquery in the row's own many-join query costs
    PostgreSQL more to plan than the rest of the page's queries to run."""
    if league.is_public or user.is_superuser:
        return True
    return (
        user.is_authenticated
        and League.objects.filter(league_visible_q(user=user), pk=league.pk).exists()
    )


def league_list(*, user: User | AnonymousUser) -> QuerySet[League]:
    return League.objects.filter(league_visible_q(user=user)).distinct().order_by("name")


def standings_for_season(*, season: Season) -> QuerySet[StandingRow]:
    """The season's table: its rows with their teams, by position (rows not yet ranked last),
    then team name. One query whatever the number of teams."""
    return (
        StandingRow.objects.filter(season=season)
        .select_related("team")
        .order_by(F("position").asc(nulls_last=True), "team__name")
    )


def league_for_user(*, user: User | AnonymousUser, slug: str) -> League:
    """The league with `slug` if `user` may read it; League.DoesNotExist otherwise."""
    return League.objects.filter(league_visible_q(user=user)).distinct().get(slug=slug)


def league_seasons(*, league: League) -> QuerySet[Season]:
    """A league's seasons, newest first, with their round and team counts. One query."""
    return (
        league.seasons.annotate(
            round_count=Count("rounds", distinct=True), team_count=Count("standings", distinct=True)
        )
        .select_related("champion")
        .order_by("-created_at")
    )


def season_for_user(*, user: User | AnonymousUser, league_slug: str, season_slug: str) -> Season:
    """The season if `user` may read its league; Season.DoesNotExist otherwise. One query,
    two for a private league (league_visible_to)."""
    season = Season.objects.select_related("league", "rules", "champion").get(
        league__slug=league_slug, slug=season_slug
    )
    if not league_visible_to(user=user, league=season.league):
        raise Season.DoesNotExist
    return season


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


#: The order that puts a league's current season first among those not archived: the newest
#: that has started (a season still in draft is being prepared, and does not take the home
#: page from the season being played or just finished), else the newest draft.
CURRENT_SEASON_ORDER = (
    Case(When(status=Season.Status.DRAFT, then=Value(1)), default=Value(0)),
    F("created_at").desc(),
    F("pk").desc(),
)


def season_current(*, league: League) -> Season | None:
    """The season a league is playing now (CURRENT_SEASON_ORDER)."""
    return (
        league.seasons.exclude(status=Season.Status.ARCHIVED)
        .select_related("league", "rules")
        .order_by(*CURRENT_SEASON_ORDER)
        .first()
    )


@lru_cache(maxsize=64)
def _positions_by_round(
    teams: tuple[tuple[str, str], ...],
    results: tuple[tuple[int, int, int, int, int, bool], ...],
    settings: TableSettings,
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...]]:
    """(the completed round numbers, each team's position after each of them): the shared
    table replayed round by round. A pure function of the stored results, so
    it is kept per process for the last seasons asked about: a new or corrected result is
    a new key, never a stale answer."""
    names = dict(teams)
    numbers = tuple(sorted({r[0] for r in results}))
    series: dict[str, list[int]] = {key: [] for key in names}
    for number in numbers:
        games = [
            TableGame(str(h), str(a), hs, aws, ot)
            for n, h, a, hs, aws, ot in results
            if n <= number
        ]
        for line in compute_table(teams=names, games=games, settings=settings):
            series[line.team].append(line.position)
    return numbers, tuple((key, tuple(v)) for key, v in series.items())


def standings_by_round(
    *,
    season: Season,
    rows: Sequence[StandingRow] | None = None,
    played: Sequence[PlayedResult] | None = None,
) -> dict[str, Any]:
    """Each team's table position after every completed regular-season round,
    worked out by the shared table from the stored results with the points and tie-breakers
    of the league's ruleset. One query when given the season's standing `rows` with their
    teams (as the standings page has them), else two; none more when also given its
    `played` results in round order (league.honours.form.played_results)."""
    if rows is None:
        rows = list(StandingRow.objects.filter(season=season).select_related("team"))
    names = {str(r.team_id): r.team.name for r in rows}
    results = (
        _regular_results(season)
        if played is None
        else tuple(
            (r.round_number, r.home_id, r.away_id, r.home_score, r.away_score, r.overtime)
            for r in played
            if r.stage == Round.Stage.REGULAR
        )
    )
    numbers, positions = _positions_by_round(
        tuple(names.items()), results, ruleset_for(season.league).table_settings(season=season)
    )
    series = dict(positions)
    colours = {str(r.team_id): r.team.colour for r in rows}
    return {
        "rounds": list(numbers),
        "teams": [
            {"name": names[k], "colour": colours[k], "positions": list(series.get(k, ()))}
            for k in names
        ],
        "team_count": len(names),
    }


def _regular_results(season: Season) -> tuple[tuple[int, int, int, int, int, bool], ...]:
    return tuple(
        Result.objects.filter(
            fixture__round__season=season,
            fixture__round__stage=Round.Stage.REGULAR,
            fixture__status=Fixture.Status.PLAYED,
        )
        .order_by("fixture__round__number", "fixture_id")
        .values_list(
            "fixture__round__number",
            "fixture__home_team_id",
            "fixture__away_team_id",
            "home_score",
            "away_score",
            "overtime",
        )
    )


# --- The season's fixtures and results --------------------------------------------------------


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
