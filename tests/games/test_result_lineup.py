"""A result's appearances are its line-up (M-P3, issue #47): every starter of the line-up
fixed at kick-off took the field whether the report names him or not, and so did every
substitute the report names; a report naming anyone else is refused with his name. The
game counts for every one of them (M-P5). The same for reported, simulated and corrected
results, and the report page ticks exactly the line-up."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from django.urls import reverse

from games.errors import GamesError
from games.models import Appearance, LineupEntry
from games.services import (
    PlayerLine,
    ResultReport,
    fixture_team_sheets,
    result_correct,
    result_record,
    result_record_simulation,
)
from injuries.models import Injury
from league.models import Fixture, Result
from rosters.models import Player, PlayerSeason
from rules.magnoball.simulator import simulate_match
from tests.world import sign_in

pytestmark = pytest.mark.django_db


def shirt(team, number: int) -> Player:
    """Shirts 1 to 11 the first string (3 and 4 the Wingbacks), 12 to 18 the second (13
    the Wingback)."""
    return team.players.get(shirt_number=number)


def injure(player: Player, season) -> Injury:
    return Injury.objects.create(
        player=player, season=season, duration_die="d12", duration_roll=4, games_out=2
    )


def starters(fixture: Fixture) -> set[int]:
    rows = LineupEntry.objects.filter(fixture=fixture, starter=True)
    return set(rows.values_list("player_id", flat=True))


def appeared(fixture: Fixture) -> set[int]:
    return set(Appearance.objects.filter(result__fixture=fixture).values_list("player", flat=True))


def scorer_only(world) -> ResultReport:
    """1-0, the report naming only the home forward who scored."""
    forward = shirt(world.home, 1)
    return ResultReport(1, 0, lines=(PlayerLine(forward.pk, 1, {"scoring": (2, 1)}),))


def test_a_report_naming_only_its_scorer_gives_every_starter_his_game(world, match_day):
    """The reserve who starts for an injured first-stringer counts like the others (M-P3)."""
    wingback, counterpart = shirt(world.home, 3), shirt(world.home, 13)
    injure(wingback, world.season)

    result_record(fixture=match_day, report=scorer_only(world), actor=world.home_coach)

    assert len(starters(match_day)) == 22
    assert appeared(match_day) == starters(match_day)
    assert counterpart.pk in appeared(match_day)
    assert wingback.pk not in appeared(match_day)
    lines = PlayerSeason.objects.filter(season=world.season, player_id__in=starters(match_day))
    assert sorted(lines.values_list("games_played", flat=True)) == [1] * 22
    counterpart.refresh_from_db()
    assert counterpart.games_played == 1
    # The scorer's line is as reported; the others played with nothing to their name.
    assert Appearance.objects.get(player=shirt(world.home, 1)).points == 1
    assert Appearance.objects.get(player=counterpart).stat_lines.count() == 0


def test_a_substitute_the_report_names_came_on_and_one_it_does_not_did_not(world, match_day):
    bench, idle = shirt(world.home, 12), shirt(world.home, 14)
    report = replace(scorer_only(world), lines=(*scorer_only(world).lines, PlayerLine(bench.pk)))

    result_record(fixture=match_day, report=report, actor=None)

    assert appeared(match_day) == starters(match_day) | {bench.pk}
    assert idle.pk not in appeared(match_day)


def test_an_unnamed_starter_may_be_incapacitated_since_he_took_the_field(world, match_day):
    goalie = shirt(world.away, 11)
    report = replace(scorer_only(world), incapacitated=(goalie.pk,))

    result_record(fixture=match_day, report=report, actor=None)

    assert Injury.objects.get(player=goalie).fixture == match_day


@pytest.mark.parametrize("who", ["injured first-stringer", "player of another team"])
def test_a_report_naming_a_player_outside_the_line_up_is_refused_with_his_name(
    world, match_day, make_league, who
):
    if who == "injured first-stringer":
        outsider = shirt(world.home, 3)
        injure(outsider, world.season)
        words = "did not start or come on"
    else:
        _, other = make_league("Elsewhere", teams=2)
        outsider = Player.objects.filter(team__league=other.league).earliest("id")
        words = f"plays for {outsider.team}"
    report = replace(scorer_only(world), lines=(*scorer_only(world).lines, PlayerLine(outsider.pk)))

    with pytest.raises(GamesError) as refused:
        result_record(fixture=match_day, report=report, actor=None)

    message = refused.value.fields["lines[1].player_id"]
    assert outsider.name in message
    assert words in message
    assert not Result.objects.exists()
    assert not Appearance.objects.exists()


def test_a_simulated_result_gives_a_starter_the_match_left_off_the_field_his_game(world, match_day):
    home, away, settings = fixture_team_sheets(fixture=match_day)
    match = simulate_match(home=home, away=away, settings=settings, seed=7)
    left_off = next(line for line in match.stat_lines if line.took_field and not line.points)
    lines = tuple(
        replace(line, took_field=False) if line is left_off else line for line in match.stat_lines
    )
    match = replace(match, stat_lines=lines)

    result_record_simulation(fixture=match_day, match=match)

    assert int(left_off.player_key) in starters(match_day)
    assert starters(match_day) <= appeared(match_day)


def test_a_correction_naming_only_its_scorer_keeps_every_starters_game(world, match_day):
    result = result_record(fixture=match_day, report=scorer_only(world), actor=None)
    away_forward = shirt(world.away, 1)
    corrected = ResultReport(0, 1, lines=(PlayerLine(away_forward.pk, 1, {"scoring": (1, 1)}),))

    result_correct(result=result, report=corrected, actor=None)

    assert appeared(match_day) == starters(match_day)
    assert Appearance.objects.get(player=away_forward).points == 1
    lines = PlayerSeason.objects.filter(season=world.season, player_id__in=starters(match_day))
    assert sorted(lines.values_list("games_played", flat=True)) == [1] * 22


# --- The report page ---------------------------------------------------------------------------


def _ticked(page: str) -> tuple[set[int], set[int]]:
    """The players whose Played box is ticked on the report page, and those whose tick is
    fixed (a starter's)."""
    ticked, fixed = set(), set()
    for match in re.finditer(r'<input type="checkbox" id="p(\d+)-played"([^>]*)>', page):
        player, attributes = int(match[1]), match[2]
        if " checked" in attributes:
            ticked.add(player)
        if " disabled" in attributes:
            fixed.add(player)
    return ticked, fixed


def test_the_report_page_ticks_exactly_the_line_up(client, world, match_day):
    """Issue #47: the page ticked the first string, so a reserve starting for an injured
    first-stringer was left unticked. Now the line-up's starters are ticked (and stay so),
    the bench is not, and the injured first-stringer has no row to tick."""
    wingback, counterpart = shirt(world.home, 3), shirt(world.home, 13)
    injure(wingback, world.season)
    sign_in(client, world.home_coach)

    page = client.get(reverse("fixture-report", args=[match_day.pk])).content.decode()

    ticked, fixed = _ticked(page)
    home_starters = {p.pk for p in world.home.players.filter(shirt_number__lte=11)}
    away_starters = {p.pk for p in world.away.players.filter(shirt_number__lte=11)}
    lineup = (home_starters - {wingback.pk}) | {counterpart.pk} | away_starters
    assert ticked == fixed == lineup
    assert f'id="p{wingback.pk}-played"' not in page
    assert f'id="p{shirt(world.home, 12).pk}-played"' in page  # the bench, unticked


def test_the_report_pages_defaults_record_every_starter(client, world, match_day):
    """Issue #47: submitting the defaults (0-0) recorded 20 stat lines for 22 starters."""
    injure(shirt(world.home, 3), world.season)
    sign_in(client, world.home_coach)
    url = reverse("fixture-report", args=[match_day.pk])

    response = client.post(url, {"home_score": "0", "away_score": "0"})

    assert response.status_code == 302
    assert len(starters(match_day)) == 22
    assert appeared(match_day) == starters(match_day)
