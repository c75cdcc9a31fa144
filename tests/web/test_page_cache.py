"""The standings page's table and chart are cached under the league's page version
(league/page_versions.py, league/standings_page.py): every kind of write that changes
them bumps the version in its own transaction, so the page always follows.

The tests commit their writes (``transaction=True``): on PostgreSQL the version is bumped at
commit, so a test inside a transaction that never commits would see no write at all."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import LineupEntry, MatchEvent, StatLine
from games.services import (
    fixture_team_sheets,
    result_correct,
    result_record,
    result_record_simulation,
    result_void,
)
from injuries.models import Injury
from league.models import Fixture, StandingRow, Team
from league.page_versions import page_version
from league.services.leagues import league_update
from league.services.seasons import season_transition
from league.services.teams import team_update
from league.sql.copy import rows_copy
from rosters.models import Player
from rosters.services import player_rename
from rules.magnoball.dice import ScriptedDice
from rules.magnoball.simulator import simulate_match
from tests.games.test_results import _report
from tests.world import league_build, sign_in

pytestmark = pytest.mark.django_db(transaction=True)


def _standings(client: Client, world) -> str:
    url = reverse("standings", args=[world.league.slug, world.season.slug])
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def _version(world) -> int:
    version = page_version(league_id=world.league.pk)
    assert version is not None, "outside any writing transaction there is a version"
    return version


def _row(page: str, team) -> str:
    start = page.index(f'<tr id="team-{team.pk}">')
    return page[start : page.index("</tr>", start)]


def test_a_second_visit_is_served_from_the_cache(client: Client, world, match_day):
    first = _standings(client, world)
    url = reverse("standings", args=[world.league.slug, world.season.slug])
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url).content.decode()
    assert again == first
    assert len(queries) == 2, "the season and the page version, nothing of the table"


def test_a_result_recorded_corrected_and_voided_each_change_the_page(
    client: Client, world, match_day
):
    before = _row(_standings(client, world), world.home)
    assert '<td class="num col-pts">0</td>' in before

    result = result_record(fixture=match_day, report=_report(world), actor=None)
    won = _row(_standings(client, world), world.home)
    assert '<td class="num col-pts">3</td>' in won
    assert "Position by round" in _standings(client, world)
    assert 'id="position-data"' in _standings(client, world)

    result_correct(result=result, report=_report(world, (1,), (2,)), actor=world.commissioner)
    assert '<td class="num col-pts">0</td>' in _row(_standings(client, world), world.home)
    assert '<td class="num col-pts">3</td>' in _row(_standings(client, world), world.away)

    result_void(result=Fixture.objects.get(pk=match_day.pk).result, actor=world.commissioner)
    page = _standings(client, world)
    assert '<td class="num col-pts">0</td>' in _row(page, world.away)
    assert 'id="position-data"' not in page


def test_a_team_renamed_and_a_league_renamed_change_the_page(client: Client, world):
    _standings(client, world)
    team_update(team=world.home, actor=world.commissioner, changes={"name": "Harbour Hawks"})
    league_update(league=world.league, actor=world.commissioner, changes={"name": "Bay League"})

    page = _standings(client, world)

    assert "Harbour Hawks" in _row(page, world.home)
    assert "Standings of Bay League" in page


def test_a_season_transition_bumps_the_version(world):
    before = _version(world)
    season_transition(season=world.season, to="active", actor=None)
    assert _version(world) > before


def test_a_raw_update_that_no_service_made_still_changes_the_page(client: Client, world):
    """The triggers are in the database: a bulk update (no model signal) bumps it too."""
    _standings(client, world)
    StandingRow.objects.filter(season=world.season, team=world.home).update(
        position=1, played=1, won=1, points=3, explanation="Set by hand"
    )
    assert "Set by hand" in _standings(client, world)


def test_a_write_rolled_back_leaves_the_version_as_it_was(world):
    before = _version(world)
    inside = []

    def write_then_fail() -> None:
        with transaction.atomic():
            StandingRow.objects.filter(season=world.season).update(points=9)
            inside.append(page_version(league_id=world.league.pk))
            raise RuntimeError("undo")

    with pytest.raises(RuntimeError):
        write_then_fail()
    # SQLite bumps at the write (once a row); PostgreSQL only at commit, which never comes,
    # and meanwhile has no version for the writing transaction's pages (not to be cached).
    if connection.vendor == "postgresql":
        assert inside[0] is None
    else:
        assert inside[0] is not None
        assert inside[0] > before
    assert _version(world) == before


def test_another_leagues_writes_leave_this_leagues_version_alone(world):
    before = _version(world)
    _, other, teams = league_build("Other League", teams=2)
    team_update(team=teams[0], actor=None, changes={"name": "Renamed Elsewhere"})
    StandingRow.objects.filter(season=other).update(points=1)
    assert _version(world) == before


# --- A MagnoBall team page ------------------------------------------------------------------


def _team(client: Client, team, **params: str) -> str:
    response = client.get(reverse("team", args=[team.pk]), params)
    assert response.status_code == 200
    return response.content.decode()


def test_a_readers_second_visit_to_a_team_is_served_from_the_cache(client: Client, world):
    first = _team(client, world.home)
    with CaptureQueriesContext(connection) as queries:
        again = _team(client, world.home)
    assert again == first
    assert len(queries) == 2, "the team with its league, and the page version"


def test_every_roster_write_changes_a_cached_team_page(client: Client, world, match_day):
    """A player renamed, a result (the fixture list), an injury, another coach named (by a
    bulk update no service made): each shows on the next visit."""
    player = world.home.players.order_by("shirt_number").first()
    _team(client, world.home)

    player_rename(player=player, name="Renamed Rover", actor=world.home_coach)
    assert "Renamed Rover" in _team(client, world.home)

    result_record(fixture=match_day, report=_report(world), actor=None)
    page = _team(client, world.home)
    assert '<span class="fixture-line__score">2–1' in page

    Injury.objects.create(
        player=player, season=world.season, duration_die="d6", duration_roll=3, games_out=3
    )
    assert "Injured · 3 games left" in _team(client, world.home)

    Team.objects.filter(pk=world.home.pk).update(coach=world.away_coach)
    team = Team.objects.select_related("coach").get(pk=world.home.pk)
    assert f"Coach: {world.away_coach.get_username()}" in _team(client, team)


def test_coaches_and_commissioners_never_get_a_readers_copy(client: Client, world):
    reader_page = _team(client, world.home)
    assert "Call up a Rookie" not in reader_page
    for manager in (world.home_coach, world.commissioner):
        sign_in(client, manager)
        page = _team(client, world.home)
        assert "Call up a Rookie" in page
        assert "csrfmiddlewaretoken" in page
        client.logout()


def test_each_sort_is_its_own_copy_and_odd_queries_are_not_cached(client: Client, world):
    by_name = _team(client, world.home, sort="name")
    assert by_name != _team(client, world.home)
    assert _team(client, world.home, sort="name") == by_name
    with CaptureQueriesContext(connection) as queries:
        _team(client, world.home, sort="name", junk="1")
    assert len(queries) > 2, "an address the page does not know is rendered, not cached"


# --- A played MagnoBall fixture's match report ------------------------------------------------


def _fixture(client: Client, fixture) -> str:
    response = client.get(reverse("fixture", args=[fixture.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_a_match_report_is_rendered_once_and_follows_corrections(client: Client, world, match_day):
    result = result_record(fixture=match_day, report=_report(world), actor=None)
    first = _fixture(client, match_day)
    assert 'data-testid="score">2–1<' in first
    with CaptureQueriesContext(connection) as cached:
        assert _fixture(client, match_day) == first
    assert not [q for q in cached.captured_queries if "games_statline" in q["sql"]]

    result_correct(result=result, report=_report(world, (1,), (2,)), actor=world.commissioner)
    assert 'data-testid="score">1–2<' in _fixture(client, match_day)


def test_a_stat_line_or_player_changed_by_hand_changes_the_match_report(
    client: Client, world, match_day
):
    result_record(fixture=match_day, report=_report(world), actor=None)
    forward = world.home.players.get(shirt_number=1)
    _fixture(client, match_day)

    StatLine.objects.filter(appearance__player=forward, category="tackles").update(attempts=77)
    assert '<td class="num">1/77</td>' in _fixture(client, match_day)

    player_rename(player=forward, name="Renamed Striker", actor=None)
    assert "Renamed Striker" in _fixture(client, match_day)


def _lineups(page: str) -> str:
    start = page.index('id="lineups-title"')
    return page[start : page.index("</section>", start)]


def test_line_ups_fixed_at_kick_off_are_rendered_once_and_follow_their_entries(
    client: Client, world, match_day
):
    before = _lineups(_fixture(client, match_day))
    assert "As they stand now." in before, "before kick-off each visit renders them anew"

    result_record(fixture=match_day, report=_report(world), actor=None)
    first = _fixture(client, match_day)
    assert "Fixed at kick-off." in _lineups(first)
    with CaptureQueriesContext(connection) as cached:
        assert _fixture(client, match_day) == first
    assert not [q for q in cached.captured_queries if "games_lineupentry" in q["sql"]]

    # An entry changed with no service (migration games 0008's trigger) shows at once.
    bench = LineupEntry.objects.filter(fixture=match_day, starter=False).select_related("player")
    dropped = bench.first()
    assert dropped is not None
    assert dropped.player.name in _lineups(first)
    LineupEntry.objects.filter(pk=dropped.pk).delete()
    assert dropped.player.name not in _lineups(_fixture(client, match_day))


# --- A MagnoBall player's page ----------------------------------------------------------------


def _player(client: Client, player) -> str:
    response = client.get(reverse("player", args=[player.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_a_players_page_is_cached_for_readers_and_follows_his_games(
    client: Client, world, match_day
):
    forward = world.home.players.get(shirt_number=1)
    first = _player(client, forward)
    assert "No games yet." in first
    with CaptureQueriesContext(connection) as queries:
        assert _player(client, forward) == first
    assert len(queries) == 2, "the player with his team, and the page version"

    result_record(fixture=match_day, report=_report(world), actor=None)
    page = _player(client, forward)
    assert "No games yet." not in page
    assert 'id="progress-data"' in page

    sign_in(client, world.home_coach)
    assert f"{reverse('player-rename', args=[forward.pk])}?next=" in _player(client, forward)


# --- A simulated result, its events and rolls written by COPY on PostgreSQL -------------------


def test_a_simulated_result_changes_the_match_report_and_the_players_page(
    client: Client, world, match_day
):
    """The match events and dice rolls go in by COPY on PostgreSQL (league/sql/copy.py):
    its statement-level triggers still bump the version, so the pages follow."""
    home, away, settings = fixture_team_sheets(fixture=match_day)
    match = simulate_match(home=home, away=away, settings=settings, seed=21)
    played = next(line for line in match.stat_lines if line.took_field)
    player = Player.objects.get(pk=int(played.player_key))
    assert "No games yet." in _player(client, player)
    version = _version(world)

    result = result_record_simulation(fixture=match_day, match=match, dice=ScriptedDice([2] * 60))
    assert _version(world) > version
    assert "No games yet." not in _player(client, player)
    report = _fixture(client, match_day)
    assert f"all {len(match.events)} events" in report

    # Events alone, one COPY and nothing else: the match report follows them too.
    version = _version(world)
    rows_copy(
        MatchEvent,
        ("result_id", "sequence", "half", "kind", "text", "data"),
        [(result.pk, len(match.events), 2, "note", "A note written by COPY", {})],
    )
    assert _version(world) > version
    again = _fixture(client, match_day)
    assert f"all {len(match.events) + 1} events" in again
    assert "A note written by COPY" in again
