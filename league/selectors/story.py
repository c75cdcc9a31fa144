"""Reads of a league's story, for every game: its champions, a team's titles and season by
season history, and the record of any two teams against each other."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Max, Q

from league.models import Fixture, League, Round, Season, StandingRow, Team
from league.selectors.fixtures import with_round_labels


def league_champions(*, league: League) -> list[Season]:
    """The league's seasons that have a champion, newest first, with the champion. One
    query."""
    return list(
        league.seasons.filter(champion__isnull=False)
        .select_related("champion", "league")
        .order_by("-created_at")
    )


def team_titles(*, team: Team) -> list[Season]:
    """The seasons `team` won, newest first. One query."""
    return list(team.championships.select_related("league").order_by("-created_at"))


@dataclass(frozen=True)
class SeasonLine:
    """A team's season: its line in the table (the group's, in a tournament) and how far it
    went in the knockout ("Champion", "Runner-up", "Out in the Semi-finals", …)."""

    season: Season
    row: StandingRow
    knockout: str
    champion: bool


def _knockout_result(
    team: Team, season: Season, last: Fixture | None, last_round_number: int | None
) -> str:
    """How far `team` went in `season`'s knockout, from its last knockout fixture."""
    if season.champion_id == team.pk:
        return "Champion"
    if last is None:
        return "Did not qualify" if last_round_number else ""
    label = last.round.label
    if last.status != Fixture.Status.PLAYED:
        return f"In the {label.lower() if label == 'Final' else label}"
    out = season.champion_id is not None or (last_round_number or 0) > last.round.number
    if not out:
        return f"Played the {label}"  # the next round is not drawn yet
    return "Runner-up" if last.round.game_count == 1 else f"Out in the {label}"


def team_history(*, team: Team) -> list[SeasonLine]:
    """Every season `team` took part in, newest first, with its table line and knockout
    result. Four queries whatever the number of seasons (rows, knockout fixtures, their
    rounds' sizes, each season's last knockout round)."""
    rows = list(
        StandingRow.objects.filter(team=team)
        .select_related("season__league", "group")
        .order_by("-season__created_at")
    )
    seasons = [row.season_id for row in rows]
    knockout = with_round_labels(
        list(
            Fixture.objects.filter(
                Q(home_team=team) | Q(away_team=team),
                round__season_id__in=seasons,
                round__stage=Round.Stage.PLAYOFF,
            )
            .select_related("round")
            .order_by("round__number")
        )
    )
    last: dict[int, Fixture] = {f.round.season_id: f for f in knockout}
    last_rounds = dict(
        Round.objects.filter(season_id__in=seasons, stage=Round.Stage.PLAYOFF)
        .values("season_id")
        .annotate(last=Max("number"))
        .values_list("season_id", "last")
    )
    return [
        SeasonLine(
            season=row.season,
            row=row,
            knockout=_knockout_result(
                team, row.season, last.get(row.season_id), last_rounds.get(row.season_id)
            ),
            champion=row.season.champion_id == team.pk,
        )
        for row in rows
    ]


@dataclass
class HeadToHead:
    """Two teams' record against each other, from `a`'s side: by the score, a level game
    counting as a draw whatever settled it afterwards (overtime's seed, a shootout)."""

    a: Team
    b: Team
    fixtures: list[Fixture] = field(default_factory=list)
    a_wins: int = 0
    draws: int = 0
    b_wins: int = 0
    a_score: int = 0
    b_score: int = 0

    @property
    def played(self) -> int:
        return self.a_wins + self.draws + self.b_wins


def head_to_head(*, a: Team, b: Team) -> HeadToHead:
    """Every fixture between `a` and `b` in any season, oldest first, and their record in
    those played. Two queries (one more with knockout rounds among them)."""
    fixtures = with_round_labels(
        list(
            Fixture.objects.filter(Q(home_team=a, away_team=b) | Q(home_team=b, away_team=a))
            .select_related("round__season", "home_team", "away_team", "result")
            .order_by("round__season__created_at", "round__number", "id")
        )
    )
    record = HeadToHead(a=a, b=b, fixtures=fixtures)
    for fixture in fixtures:
        result = getattr(fixture, "result", None)
        if fixture.status != Fixture.Status.PLAYED or result is None:
            continue
        a_home = fixture.home_team_id == a.pk
        mine, theirs = (
            (result.home_score, result.away_score)
            if a_home
            else (result.away_score, result.home_score)
        )
        record.a_score += mine
        record.b_score += theirs
        if mine > theirs:
            record.a_wins += 1
        elif mine < theirs:
            record.b_wins += 1
        else:
            record.draws += 1
    return record
