"""E-D3, E-L1 read from a season's stored reports: its matches as the rules take them
(rules.mn11.PlayedMatch), the discipline table, suspensions and the table's counts."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from league.models import Fixture, Round, Season, Team
from mn11.models import Report
from mn11.report_input import report_data_of
from rules import mn11 as rules


def played_matches(
    *, season: Season, team: Team | None = None, before_round: int | None = None
) -> list[rules.PlayedMatch]:
    """The season's reported matches in the order played (round, then fixture), teams by id
    as keys: only `team`'s if given, only those of rounds before `before_round` if given."""
    reports = Report.objects.filter(result__fixture__round__season=season)
    if team is not None:
        reports = reports.filter(
            Q(result__fixture__home_team=team) | Q(result__fixture__away_team=team)
        )
    if before_round is not None:
        reports = reports.filter(result__fixture__round__number__lt=before_round)
    reports = (
        reports.select_related("result__fixture__round")
        .prefetch_related("events", "kicks")
        .order_by("result__fixture__round__number", "result__fixture_id")
    )
    return [
        rules.PlayedMatch(
            home=str(report.result.fixture.home_team_id),
            away=str(report.result.fixture.away_team_id),
            report=report_data_of(report).to_rules(),
            knockout=report.result.fixture.round.stage == Round.Stage.PLAYOFF,
        )
        for report in reports
    ]


@dataclass(frozen=True)
class DisciplineRow:
    """E-D3: a team's season line, with the team, and its sent-off cards counted by card."""

    team: Team
    line: rules.DisciplineLine
    cards: list[tuple[str, int]]


def season_discipline(*, season: Season) -> list[DisciplineRow]:
    """E-D3: every team of the season with its warnings, yellows, reds and cards sent off."""
    teams = {str(team.pk): team for team in Team.objects.filter(seasons=season).order_by("name")}
    lines = rules.discipline_table(played_matches(season=season), teams=teams)
    rows = [
        DisciplineRow(
            team=teams[line.team],
            line=line,
            cards=sorted((card, line.sent_off_count(card)) for card in set(line.sent_off)),
        )
        for line in lines
        if line.team in teams
    ]
    return sorted(rows, key=lambda row: (-row.line.reds, -row.line.warnings, row.team.name))


def team_suspended(*, fixture: Fixture, team: Team, settings: rules.Mn11Settings) -> frozenset[str]:
    """E-D3 *(setting)*: the cards `team` may not field in `fixture`: those sent off in its
    latest match reported in an earlier round."""
    earlier = played_matches(
        season=fixture.round.season, team=team, before_round=fixture.round.number
    )
    return rules.suspended_cards(team=str(team.pk), matches=earlier, settings=settings)
