"""Line-ups (M-P3) in the commissioner's admin: the fixture's line-ups, a warning of a
short-handed team on the team's page, in the season's control room and before a round
opens. Reads only: the line-ups are fixed by the result service and the simulation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.selectors import TeamLineup, fixture_lineups, next_fixtures, short_handed
from games.selectors.lineups import OPEN_STATUSES
from league.admin.display import admin_url
from league.capabilities import Fragment, Panel
from league.models import Fixture, Round, Season, Team


def short_handed_text(plan: TeamLineup) -> str:
    """E.g. "Detroit Dynamos would kick off 2 players short (Wingback, Halfback) in Round 3,
    Detroit Dynamos v Osaka Thunderbolts"."""
    fixture = plan.fixture
    return f"{plan.team} would kick off {plan.short_text} in {fixture.round}, {fixture}"


def round_warnings(round_: Round) -> list[str]:
    """Before a round opens: each team of it that would kick off short-handed now."""
    fixtures = list(round_.fixtures.select_related("round", "home_team", "away_team"))
    pairs = [(f, t) for f in fixtures for t in (f.home_team, f.away_team)]
    return [
        f"M-P3 warning: {short_handed_text(plan)}. Its coach can call up a Rookie, heal, swap "
        "strings or name a reserve before kick-off."
        for plan in short_handed(pairs=pairs)
    ]


def season_short_handed(season: Season) -> list[dict[str, Any]]:
    """The control room's list: every team that would kick off short-handed in a fixture of
    the open rounds or the next round to open."""
    rounds = list(season.rounds.exclude(status=Round.Status.COMPLETE).order_by("number"))
    scheduled = [r.pk for r in rounds if r.status == Round.Status.SCHEDULED][:1]
    wanted = [r.pk for r in rounds if r.status == Round.Status.OPEN] + scheduled
    fixtures = Fixture.objects.filter(round_id__in=wanted, status__in=OPEN_STATUSES)
    fixtures = fixtures.select_related("round", "home_team", "away_team").order_by(
        "round__number", "id"
    )
    pairs = [(f, t) for f in fixtures for t in (f.home_team, f.away_team)]
    return [
        {"text": short_handed_text(plan), "url": admin_url(plan.fixture)}
        for plan in short_handed(pairs=pairs)
    ]


LINEUPS_TEMPLATE = "admin/games/lineups_panel.html"


def lineups_panel(fixture: Fixture) -> Fragment:
    """The fixture page's panel: each team's starters (with whom a substitute replaces and
    how), who is short and the bench; fixed at kick-off, or as it would be fixed now."""
    sides = fixture_lineups(fixture=fixture)
    note = (
        "Fixed at kick-off."
        if sides[0].fixed
        else "As it would be fixed now; it is fixed at kick-off, when the result is recorded "
        "or the simulation starts (M-P3)."
    )
    return LINEUPS_TEMPLATE, {"note": note, "sides": [_side(side) for side in sides]}


def _side(side: TeamLineup) -> dict[str, Any]:
    rows: Sequence[tuple[str, str]] = [
        (
            str(place.starter) if place.starter else "Nobody",
            f"{place.position.label} place {place.number}: {place.fill.label}"
            + (
                f", for {place.first_stringer}" + (f" ({place.why_out})" if place.why_out else "")
                if place.vacant and place.first_stringer
                else ""
            ),
        )
        for place in side.places
    ]
    return {
        "team": side.team,
        "starting": len(side.starters),
        "short": side.short_text if side.short else "",
        "rows": rows,
        "bench": ", ".join(str(p) for p in side.bench) or "nobody",
    }


def team_panels(team: Team) -> list[Panel]:
    """The team page's warning when the team would kick off its next fixture short-handed
    (M-P3), or its line-up's strength."""
    fixture = next_fixtures(teams=[team]).get(team.pk)
    if fixture is None:
        return []
    plan = short_handed(pairs=[(fixture, team)])
    context = {
        "team": team,
        "fixture": fixture,
        "short": short_handed_text(plan[0]) if plan else "",
        "url": admin_url(fixture),
    }
    return [("Next line-up (M-P3)", "admin/games/next_lineup_panel.html", context)]
