"""The honours' reads: a season's, a team's and a player's awards; the MVP vote's state, its
refusals and its tally; the league's records and its hall of fame."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Q, QuerySet
from django.utils import timezone

from league.access import Actor, is_commissioner
from league.capabilities import capability
from league.capabilities.honours import Honours
from league.errors import LeagueError, PermissionRefused
from league.honours.awards import Holder, Record, plural
from league.honours.form import team_results
from league.honours.models import MvpBallot, MvpVote, SeasonAward
from league.models import Fixture, League, Result, Season, StandingRow, Team
from league.rulesets import ruleset_for
from league.selectors.story import league_champions


def season_awards(*, season: Season) -> list[SeasonAward]:
    """`season`'s award winners, by award then name. One query."""
    return list(SeasonAward.objects.filter(season=season).select_related("team"))


def latest_awarded_season(*, league: League) -> Season | None:
    """The league's newest season with award winners, if any. One query."""
    return league.seasons.filter(awards__isnull=False).order_by("-created_at").first()


def team_awards(*, team: Team) -> list[SeasonAward]:
    """The awards `team`'s players (or the team) won, newest season first. One query."""
    return list(
        SeasonAward.objects.filter(team=team)
        .select_related("season")
        .order_by("-season__created_at", "award", "name")
    )


def holder_awards(*, holder: str, league_id: int) -> list[SeasonAward]:
    """The awards the game's `holder` (``player:12``) won in the league, newest first."""
    return list(
        SeasonAward.objects.filter(holder=holder, season__league_id=league_id)
        .select_related("season")
        .order_by("-season__created_at", "award")
    )


# --- The MVP vote -------------------------------------------------------------------------


def mvp_vote_of(*, season: Season) -> MvpVote | None:
    return MvpVote.objects.filter(season=season).first()


def mvp_open_refusal(*, season: Season) -> LeagueError | None:
    """Why `season`'s MVP vote may not open now (None: it may)."""
    if MvpVote.objects.filter(season=season).exists():
        return LeagueError(f"The MVP vote of {season} has been opened already.", code="mvp_opened")
    if season.status not in (
        Season.Status.PLAYOFFS,
        Season.Status.FINISHED,
        Season.Status.ARCHIVED,
    ):
        return LeagueError(
            "The MVP vote opens once the season reaches its playoffs or closes.",
            code="season_running",
        )
    if not capability(ruleset_for(season.league), Honours).mvp_candidates(season=season):
        return LeagueError(
            f"Nobody has played in {season} yet: there is nobody to vote for.",
            code="no_candidates",
        )
    return None


def mvp_close_refusal(*, vote: MvpVote | None) -> LeagueError | None:
    if vote is None:
        return LeagueError("This season has no MVP vote.", code="no_vote")
    if vote.closed_at is not None:
        return LeagueError(f"The {vote} is closed already.", code="mvp_closed")
    return None


def mvp_voters(*, season: Season) -> QuerySet[User]:
    """Who may vote: the coaches of the season's teams."""
    return User.objects.filter(
        pk__in=Team.objects.filter(standings__season=season).values("coach")
    ).order_by("username")


def mvp_ballot_refusal(
    *, season: Season, vote: MvpVote | None, coach: Actor
) -> LeagueError | PermissionRefused | None:
    """Why `coach` may not vote (or change his vote) in `season`'s MVP vote now."""
    if vote is None:
        return LeagueError(f"{season} has no MVP vote.", code="no_vote")
    if coach is None or not coach.is_authenticated:
        return PermissionRefused("Sign in as a coach of this season to vote.")
    if not Team.objects.filter(standings__season=season, coach=coach.pk).exists():
        return PermissionRefused("Only the coaches of this season's teams vote for its MVP.")
    if vote.closed_at is not None:
        return LeagueError("The MVP vote is closed.", code="mvp_closed")
    if timezone.now() >= vote.closes_at:
        return LeagueError(
            f"The MVP vote ended on {vote.closes_at:%Y-%m-%d %H:%M} UTC.", code="mvp_ended"
        )
    return None


def mvp_tally(*, vote: MvpVote) -> list[tuple[Holder, int]]:
    """Each player voted for and his votes, most first, then by name. One query."""
    ballots = list(vote.ballots.select_related("team"))
    votes = Counter(ballot.holder for ballot in ballots)
    who = {b.holder: Holder(holder=b.holder, name=b.name, team=b.team, url=b.url) for b in ballots}
    return sorted(
        ((who[holder], count) for holder, count in votes.items()),
        key=lambda line: (-line[1], line[0].name),
    )


def mvp_ballot_of(*, vote: MvpVote, coach: User) -> MvpBallot | None:
    return MvpBallot.objects.filter(vote=vote, coach=coach).first()


@dataclass(frozen=True)
class MvpPage:
    """What the vote's page shows a user: the vote, whether he may vote (and why not), the
    players he may pick (not his own teams'), his ballot, and the tally once closed."""

    season: Season
    vote: MvpVote | None
    refusal: str
    candidates: Sequence[Holder]
    ballot: MvpBallot | None
    tally: Sequence[tuple[Holder, int]]
    commissioner: bool


def mvp_page(*, season: Season, user: Actor) -> MvpPage:
    vote = mvp_vote_of(season=season)
    refusal = mvp_ballot_refusal(season=season, vote=vote, coach=user)
    candidates: Sequence[Holder] = ()
    ballot = None
    if vote is not None and isinstance(user, User):
        ballot = mvp_ballot_of(vote=vote, coach=user)
        if refusal is None:
            candidates = [
                c
                for c in capability(ruleset_for(season.league), Honours).mvp_candidates(
                    season=season
                )
                if c.team is not None and c.team.coach_id != user.pk
            ]
    closed = vote is not None and vote.closed_at is not None
    return MvpPage(
        season=season,
        vote=vote,
        refusal="" if refusal is None else refusal.message,
        candidates=candidates,
        ballot=ballot,
        tally=mvp_tally(vote=vote) if vote is not None and closed else (),
        commissioner=is_commissioner(user=user, league=season.league),
    )


# --- Records and the hall of fame -------------------------------------------------------------


def _team_match_records(league: League) -> list[Record]:
    """The most scored by a team in one match (every game scores: goals or points)."""
    best: list[Record] = []
    top = 0
    results = (
        Result.objects.filter(
            fixture__round__season__league=league, fixture__status=Fixture.Status.PLAYED
        )
        .select_related("fixture__round__season", "fixture__home_team", "fixture__away_team")
        .order_by("fixture__round__season__created_at", "fixture__round__number", "fixture_id")
    )
    for result in results:
        fixture = result.fixture
        for team, mine, other, theirs in (
            (fixture.home_team, result.home_score, fixture.away_team, result.away_score),
            (fixture.away_team, result.away_score, fixture.home_team, result.home_score),
        ):
            if mine <= 0 or mine < top:
                continue
            if mine > top:
                top, best = mine, []
            best.append(
                Record(
                    title="Most scored by a team in a match",
                    name=team.name,
                    figure=mine,
                    text=f"{mine}–{theirs} against {other.name}",
                    team=team,
                    season=fixture.round.season,
                    fixture=fixture,
                )
            )
    return best


def _team_season_records(league: League) -> list[Record]:
    """The most scored by a team in one season's table (its regular season)."""
    rows = list(
        StandingRow.objects.filter(season__league=league, score_for__gt=0).select_related(
            "team", "season"
        )
    )
    top = max((row.score_for for row in rows), default=0)
    return [
        Record(
            title="Most scored by a team in a season",
            name=row.team.name,
            figure=row.score_for,
            text=f"{row.score_for} in {plural(row.played, 'game')}",
            team=row.team,
            season=row.season,
        )
        for row in rows
        if top and row.score_for == top
    ]


def _streak_records(league: League) -> list[Record]:
    """The longest winning streak within a season (W and OTW, league.honours.form)."""
    teams = {team.pk: team for team in league.teams.all()}
    best: list[Record] = []
    top = 0
    for season in league.seasons.order_by("created_at"):
        for team_id, results in team_results(season=season).items():
            longest = ended = run = 0
            for index, result in enumerate(results):
                run = run + 1 if result.win else 0
                if run > longest:
                    longest, ended = run, index
            if longest == 0 or longest < top:
                continue
            if longest > top:
                top, best = longest, []
            team = teams[team_id]
            best.append(
                Record(
                    title="Longest winning streak",
                    name=team.name,
                    figure=longest,
                    text=f"{plural(longest, 'win')} in a row, to round "
                    f"{results[ended].round_number}",
                    team=team,
                    season=season,
                )
            )
    return best


@dataclass
class HallOfFame:
    """A league's hall of fame: its champions, every season's award winners and its records
    (the core's team records, then the game's own)."""

    league: League
    champions: list[Season]
    seasons: list[tuple[Season, list[SeasonAward]]] = field(default_factory=list)
    records: list[Record] = field(default_factory=list)


def league_records(*, league: League) -> list[Record]:
    """The league's records: the most scored by a team in a match and in a season, the
    longest winning streak, then the game's own (``Honours.league_records``: a player's
    most in a match, career leaders). Every holder level at the top is listed, in the order
    `_in_order` gives."""
    return _in_order(
        [
            *_team_match_records(league),
            *_team_season_records(league),
            *_streak_records(league),
            *capability(ruleset_for(league), Honours).league_records(league=league),
        ]
    )


def _in_order(records: list[Record]) -> list[Record]:
    """The records in the order given, each one's holders in the order they set it
    (season, round, match), then by name and team (two players may share a name): the same
    on every visit and in a league imported as a copy, whatever order a game's aggregates
    returned them in."""
    titles: dict[str, int] = {}
    for record in records:
        titles.setdefault(record.title, len(titles))

    def key(record: Record) -> tuple[Any, ...]:
        season, fixture = record.season, record.fixture
        return (
            titles[record.title],
            season is not None,
            season.created_at if season is not None else None,
            fixture.round.number if fixture is not None else 0,
            fixture.pk if fixture is not None else 0,
            record.name,
            record.team.name if record.team is not None else "",
            record.url,
        )

    return sorted(records, key=key)


def hall_of_fame(*, league: League) -> HallOfFame:
    awards: dict[int, list[SeasonAward]] = {}
    for award in SeasonAward.objects.filter(season__league=league).select_related("team"):
        awards.setdefault(award.season_id, []).append(award)
    seasons = [
        (season, awards[season.pk])
        for season in league.seasons.filter(Q(pk__in=awards.keys())).order_by("-created_at")
    ]
    return HallOfFame(
        league=league,
        champions=league_champions(league=league),
        seasons=seasons,
        records=league_records(league=league),
    )
