"""The coach's home: each of his teams with its next fixture and what it asks of him (a
short-handed line-up, inspections, heals, call-ups)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import Q

from games.models import Inspection, TableInspection
from injuries.selectors import OpenInjury, open_injuries
from league.models import Fixture, Season, Team
from league.selectors.coaching import CoachTeam, TodoItem, next_fixtures, team_seasons
from rosters.models import Player
from rosters.selectors import player_picks_due
from rules.magnoball.vocabulary import (
    ROSTER_SIZE,
)

from .lineups import OPEN_STATUSES as LINEUP_OPEN
from .lineups import TeamLineup, short_handed


@dataclass(frozen=True)
class TeamRemedies:
    """What a coach can still do about a short line-up (M-P3, M-P9, M-I3)."""

    open_spots: int
    reactivate: list[str]  # fit again on the injured list
    heal: list[str]  # force-healing still possible
    injured_active: list[str]  # out injured on the active roster: the injured list frees a spot


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _remedies_text(plan: TeamLineup, remedies: TeamRemedies) -> str:
    """The ways to fill the empty places, each named, or that there is none."""
    ways = []
    if remedies.open_spots:
        spots = remedies.open_spots
        ways.append(f"call up a Rookie ({spots} open spot{'s' if spots > 1 else ''})")
        if remedies.reactivate:
            ways.append(f"reactivate {_and(remedies.reactivate)}")
    elif remedies.injured_active:
        ways.append(
            f"put {_and(remedies.injured_active)} on the injured list to open a spot for a Rookie"
        )
    if remedies.heal:
        ways.append(f"try force-healing {_and(remedies.heal)}")
    if plan.bench:
        count = len(plan.bench)
        ways.append(
            f"name one of {count} fit reserve{'s' if count > 1 else ''} of another position "
            "on the match-day page"
        )
    if not ways:
        return "Nothing can fill them now: the team plays short-handed (M-P3)."
    return f"To fill: {'; or '.join(ways)}."


def _short_handed_todo(plan: TeamLineup, remedies: TeamRemedies) -> TodoItem:
    """M-P3: the team would kick off short-handed; the item says how to fill the places."""
    fixture = plan.fixture
    when = "before the round opens" if fixture.status == Fixture.Status.SCHEDULED else "at kick-off"
    return TodoItem(
        "short_handed",
        f"{fixture.round.label}, {fixture}: {plan.short_text} {when}. "
        f"{_remedies_text(plan, remedies)}",
        "fixture",
        (fixture.pk,),
        "Line-up",
    )


def coach_teams(*, user: User, ruleset: str) -> list[CoachTeam]:
    """The teams `user` coaches, each with its next fixture and what waits for his decision:
    detections against his opponents' enhancements to decide and inspection rolls to enter
    from the table (M-E2), force-healing still possible (M-I3), Veteran or Superstar picks
    due (M-P6, M-P8), open roster spots (M-P9), results to report and a next fixture it
    would play short-handed (M-P3). A fixed number of queries whatever the number of teams."""
    teams = list(
        Team.objects.filter(coach=user, league__ruleset=ruleset)
        .select_related("league")
        .order_by("name")
    )
    if not teams:
        return []
    ids = [t.pk for t in teams]
    seasons = _coach_seasons(ids)
    todos: dict[int, list[TodoItem]] = defaultdict(list)
    next_fixture = _next_fixtures(ids, todos)
    _inspection_todos(ids, todos)
    _inspection_roll_todos(ids, todos)
    players = list(
        Player.objects.filter(
            team_id__in=ids,
            roster_state__in=[
                Player.RosterState.ACTIVE,
                Player.RosterState.INJURED_LIST,
                Player.RosterState.RETIRED,
            ],
        ).only(
            "id",
            "name",
            "team_id",
            "status",
            "veteran_actions",
            "superstar",
            "superstar_actions",
            "roster_state",
        )
    )
    due = player_picks_due(
        players=players, superstars={tid: s.rules.superstars for tid, s in seasons.items()}
    )
    active_counts: dict[int, int] = defaultdict(int)
    for player in players:
        if player.roster_state == Player.RosterState.ACTIVE:
            active_counts[player.team_id] += 1
        if kinds := due[player.pk]:
            todos[player.team_id].append(
                TodoItem(
                    "picks",
                    f"Pick {player}'s two {kinds[0].capitalize()} actions",
                    "player-picks",
                    (player.pk,),
                    "Pick",
                )
            )
    injuries = open_injuries(player_ids=[p.pk for p in players])
    _short_handed_todos(
        teams, next_fixture, _remedies(teams, players, injuries, seasons, active_counts), todos
    )
    _heal_todos(injuries, seasons, todos)
    _call_up_todos(teams, active_counts, todos)
    return [
        CoachTeam(
            team=t, season=seasons.get(t.pk), next_fixture=next_fixture.get(t.pk), todos=todos[t.pk]
        )
        for t in teams
    ]


def _coach_seasons(ids: list[int]) -> dict[int, Season]:
    """Each team's latest season not archived, with its rules."""
    return team_seasons(ids, related=("rules",))


def _next_fixtures(ids: list[int], todos: dict[int, list[TodoItem]]) -> dict[int, Fixture]:
    """Each team's next fixture not played; a ready one is a result to report."""
    found = next_fixtures(ids)
    for team_id, fixture in found.items():
        if fixture.status == Fixture.Status.READY:
            todos[team_id].append(
                TodoItem(
                    "report",
                    f"Report the result of {fixture}",
                    "fixture",
                    (fixture.pk,),
                    "Report",
                )
            )
    return found


def _remedies(
    teams: list[Team],
    players: list[Player],
    injuries: Mapping[int, OpenInjury],
    seasons: Mapping[int, Season],
    active_counts: Mapping[int, int],
) -> dict[int, TeamRemedies]:
    """Each team's ways to fill a short line-up, from the rows coach_teams already read."""
    found = {
        team.pk: TeamRemedies(ROSTER_SIZE - active_counts.get(team.pk, 0), [], [], [])
        for team in teams
    }
    for player in players:
        remedies, injury = found[player.team_id], injuries.get(player.pk)
        season = seasons.get(player.team_id)
        if player.roster_state == Player.RosterState.INJURED_LIST and injury is None:
            remedies.reactivate.append(player.name)
        elif injury is not None and not injury.career_over:
            if injury.force_healing_open and (season is None or season.rules.force_healing):
                remedies.heal.append(player.name)
            if player.roster_state == Player.RosterState.ACTIVE and injury.games_left:
                remedies.injured_active.append(player.name)
    return found


def _short_handed_todos(
    teams: list[Team],
    next_fixture: Mapping[int, Fixture],
    remedies: Mapping[int, TeamRemedies],
    todos: dict[int, list[TodoItem]],
) -> None:
    """M-P3: a next fixture, line-ups still open in a season under way, that a team would
    play short-handed."""
    for plan in short_handed(
        pairs=[
            (next_fixture[team.pk], team)
            for team in teams
            if team.pk in next_fixture
            and next_fixture[team.pk].status in LINEUP_OPEN
            and next_fixture[team.pk].round.season.status
            in (Season.Status.ACTIVE, Season.Status.PLAYOFFS)
        ]
    ):
        todos[plan.team.pk].append(_short_handed_todo(plan, remedies[plan.team.pk]))


def _inspection_todos(ids: list[int], todos: dict[int, list[TodoItem]]) -> None:
    """M-E2: detections against the opponents' enhancements, for the inspector to decide."""
    pending = Inspection.objects.filter(
        Q(fixture__home_team_id__in=ids) | Q(fixture__away_team_id__in=ids),
        decision=Inspection.Decision.PENDING,
    ).select_related("fixture", "enhancement__player__team")
    for inspection in pending:
        owner = inspection.enhancement.player.team_id
        fixture = inspection.fixture
        inspector = fixture.away_team_id if owner == fixture.home_team_id else fixture.home_team_id
        if inspector in ids:
            todos[inspector].append(
                TodoItem(
                    "inspection",
                    f"Decide: {inspection.enhancement.get_kind_display()} detected on "
                    f"{inspection.enhancement.player} ({inspection.enhancement.player.team})",
                    "fixture",
                    (fixture.pk,),
                    "Decide",
                )
            )


def _inspection_roll_todos(ids: list[int], todos: dict[int, list[TodoItem]]) -> None:
    """M-E2 at the table: each side's d10 still to enter, for the owner's and the
    inspector's coach."""
    rolls_due = TableInspection.objects.filter(
        Q(fixture__home_team_id__in=ids) | Q(fixture__away_team_id__in=ids),
        resolved_at__isnull=True,
    ).select_related("fixture", "player__team")
    for table_inspection in rolls_due:
        fixture, player = table_inspection.fixture, table_inspection.player
        opponent = (
            fixture.away_team_id if player.team_id == fixture.home_team_id else fixture.home_team_id
        )
        rollers: dict[str, int] = {
            TableInspection.Side.OWNER: player.team_id,
            TableInspection.Side.INSPECTOR: opponent,
        }
        for side in table_inspection.missing():
            if rollers[side] in ids:
                todos[rollers[side]].append(
                    TodoItem(
                        "inspection_roll",
                        f"Roll your d10 for the inspection of {player} ({player.team}) "
                        f"before {fixture}",
                        "table-inspection-roll",
                        (table_inspection.pk,),
                        "Enter roll",
                    )
                )


def _heal_todos(
    injuries: Mapping[int, OpenInjury],
    seasons: Mapping[int, Season],
    todos: dict[int, list[TodoItem]],
) -> None:
    """M-I3: an injury force-healing may still try, where the season allows it."""
    for injury in injuries.values():
        season = seasons.get(injury.injury.player.team_id)
        if injury.force_healing_open and (season is None or season.rules.force_healing):
            todos[injury.injury.player.team_id].append(
                TodoItem(
                    "heal",
                    f"Try force-healing {injury.injury.player} (once, before the next game)",
                    "injury-heal",
                    (injury.injury.pk,),
                    "Try",
                )
            )


def _call_up_todos(
    teams: list[Team], active_counts: Mapping[int, int], todos: dict[int, list[TodoItem]]
) -> None:
    """M-P9: open roster spots, for a Rookie to fill."""
    for team in teams:
        spots = ROSTER_SIZE - active_counts.get(team.pk, 0)
        if spots > 0:
            todos[team.pk].append(
                TodoItem(
                    "call_up",
                    f"{spots} open roster spot{'s' if spots > 1 else ''}: call up a Rookie",
                    "team-call-up",
                    (team.pk,),
                    "Call up",
                )
            )
