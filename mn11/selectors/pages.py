"""Magic Number Eleven's reads: what its pages show, gathered for their templates: the
fixture with its match day and report, the team with its cards, and the season's discipline
(the report form's page is report_page.py)."""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from league.access import Actor, FixtureRoles
from league.models import Fixture, Result, Season, Team
from league.selectors.fixtures import with_round_labels
from league.selectors.team_seasons import teams_seasons
from mn11.catalogue import league_stars
from rules import mn11 as rules
from rules.mn11 import AwaySet, GoalKind, Side, VarCard

from .discipline import played_matches, season_discipline
from .match_day import match_day_view
from .report_page import stored_report
from .reports import event_state
from .squads import team_squad


def fixture_page(*, fixture: Fixture, user: Actor) -> dict[str, Any]:
    roles = FixtureRoles(user=user, fixture=fixture)
    result = Result.objects.filter(fixture=fixture).first()
    report = stored_report(result)
    teams = {Side.HOME: fixture.home_team.name, Side.AWAY: fixture.away_team.name}
    names = {card.key: card.name for card in league_stars(league=fixture.round.season.league)}
    return {
        "fixture": fixture,
        "season": fixture.round.season,
        "result": result,
        "report": report,
        "events": [_event_line(row, teams=teams, names=names) for row in report.events.all()]
        if report
        else [],
        "day": match_day_view(user=user, fixture=fixture),
        "star_names": names,
        "away_sets": list(AwaySet),
        "may_report": result is None and roles.may_report,
        "may_correct": result is not None and roles.commissioner,
        "round_open": fixture.round.status == fixture.round.Status.OPEN,
    }


def event_text(row: Any, *, teams: dict[Side, str], names: dict[str, str]) -> str:
    """One stored event as the fixture page says it: cards by name and key, a VAR line
    naming the side warned (the defenders, E-D2) and the card, when recorded."""

    def card(key: str) -> str:
        return rules.card_named(key, names)

    side = Side(row.side)
    if row.kind == "goal":
        return f"Goal by {card(row.card)} ({GoalKind(row.goal_kind).label.lower()})"
    if row.kind == "var":
        magic = " (Magic Number)" if row.magic_number else ""
        line = f"VAR: tackle {row.strength}{magic}, {VarCard(row.var_card).label}"
        if row.warning:
            warned = f": {card(row.card)}" if row.card else ""
            line += f", Warning to {teams[side.other]} ({side.other.label}){warned}"
        return line
    if row.kind == "corner":
        powers = (
            f" (powers {row.attack_power}–{row.defence_power})"
            if row.attack_power is not None and row.defence_power is not None
            else ""
        )
        flicks = ", ".join("in the hole" if flick else "missed" for flick in row.attempts)
        return f"Corner{powers}: {flicks}"
    if row.kind == "gk_skill":
        return "GK skill used"
    return f"Sent off: {card(row.card)}"


def _event_line(row: Any, *, teams: dict[Side, str], names: dict[str, str]) -> dict[str, Any]:
    side = Side(row.side)
    return {
        **event_state(row),
        "text": event_text(row, teams=teams, names=names),
        "side_label": f"{teams[side]} ({side.label})",
    }


def team_page(*, team: Team) -> dict[str, Any]:
    """A team, the fixtures of the season it follows (its league season) with their
    results, and its discipline."""
    found = teams_seasons([team.pk]).get(team.pk)
    season = found.followed if found else None
    fixtures = (
        Fixture.objects.filter(Q(home_team=team) | Q(away_team=team), round__season=season)
        .select_related("round", "home_team", "away_team", "result")
        .order_by("round__number", "pk")
        if season
        else Fixture.objects.none()
    )
    matches = played_matches(season=season, team=team) if season else []
    lines = rules.discipline_table(matches, teams=[str(team.pk)])
    line = next(line for line in lines if line.team == str(team.pk))
    return {
        "team": team,
        "season": season,
        "fixtures": with_round_labels(list(fixtures)),
        "discipline": line,
        "squad": team_squad(team=team, season=season) if season else None,
    }


def discipline_page(*, season: Season) -> dict[str, Any]:
    names = {card.key: card.name for card in league_stars(league=season.league)}
    return {"season": season, "rows": season_discipline(season=season), "star_names": names}


def match_day_fragment(*, fixture: Fixture, user: Actor) -> dict[str, Any]:
    """The match day section alone, for the fixture page's poll."""
    day = match_day_view(user=user, fixture=fixture)
    return {"fixture": fixture, "day": day, "away_sets": list(AwaySet)}
