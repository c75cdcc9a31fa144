"""M-P3 line-ups at kick-off: fixed when the result is recorded or the simulation starts,
out first-stringers replaced by their fit counterparts, a coach's named reserve, the
short-handed warnings, and the same line-up for the simulation and its result."""

from __future__ import annotations

from unittest import mock

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.errors import GamesError
from games.models import Appearance, LineupChoice, LineupEntry
from games.selectors import fixture_lineups, lineup_plans
from games.services import (
    ResultReport,
    fixture_team_sheets,
    lineup_name_reserve,
    result_record,
    round_open,
    simulation_request,
    simulation_run,
)
from injuries.models import Injury
from injuries.services import player_injured_list_put
from league.errors import PermissionRefused
from league.models import AuditEntry, Fixture, Round, Season, Team
from league.selectors.coaching import coach_teams
from rosters.models import Player
from rules.magnoball.vocabulary import Position

pytestmark = pytest.mark.django_db


def shirt(team: Team, number: int) -> Player:
    """M-P2 creation order: shirts 1 to 11 the first string (FW FW WB WB HB HB FB FB MA HM GK),
    12 to 18 the second (FW WB HB FB MA HM GK)."""
    return team.players.get(shirt_number=number)


def injure(player: Player, season: Season, games: int = 2) -> Injury:
    return Injury.objects.create(
        player=player, season=season, duration_die="d12", duration_roll=games * 2, games_out=games
    )


def starters(fixture: Fixture, team: Team) -> dict[str, LineupEntry]:
    rows = LineupEntry.objects.filter(fixture=fixture, team=team, starter=True)
    return {row.place: row for row in rows.select_related("player", "replaces")}


def nil_nil(fixture: Fixture, actor) -> None:
    result_record(fixture=fixture, report=ResultReport(0, 0), actor=actor)


# --- The line-up fixed at kick-off -------------------------------------------------------------


def test_m_p3_an_injured_first_stringer_is_replaced_by_his_counterpart_at_kick_off(
    world, match_day
):
    """M-P3: "replaced by the second-string player of the same position, if fit: at
    kick-off for those out before the match" — fixed when the result is recorded."""
    wingback, counterpart = shirt(world.home, 3), shirt(world.home, 13)
    injure(wingback, world.season)

    nil_nil(match_day, world.home_coach)

    fixed = starters(match_day, world.home)
    assert len(fixed) == 11
    place = fixed["wingback-1"]
    assert (place.player, place.fill, place.replaces) == (counterpart, "counterpart", wingback)
    assert not LineupEntry.objects.filter(fixture=match_day, player=wingback).exists()
    assert len(starters(match_day, world.away)) == 11


def test_m_p3_a_first_stringer_on_the_injured_list_is_replaced_too(world, match_day):
    goalie, counterpart = shirt(world.home, 11), shirt(world.home, 18)
    injure(goalie, world.season)
    player_injured_list_put(player=goalie, actor=world.home_coach)

    nil_nil(match_day, world.commissioner)

    assert starters(match_day, world.home)["goalie-1"].player == counterpart


def test_m_p3_with_no_fit_counterpart_the_team_kicks_off_short_handed(world, match_day):
    """M-P3: "With no fit counterpart the team plays short-handed" (no other position's
    reserve is put in unless the coach names him)."""
    injure(shirt(world.home, 5), world.season)  # a first-string Halfback
    injure(shirt(world.home, 14), world.season)  # the second-string Halfback

    nil_nil(match_day, world.home_coach)

    fixed = starters(match_day, world.home)
    assert len(fixed) == 10
    assert "halfback-1" not in fixed
    home, _ = fixture_lineups(fixture=Fixture.objects.get(pk=match_day.pk))
    assert home.fixed
    assert home.short_text == "1 player short (Halfback)"


def test_m_p3_an_empty_first_string_place_takes_a_called_up_rookie(world, match_day):
    """After roll-over a first string had 6 players: places with no first-stringer are
    filled by the fit second-stringers of their positions, call-ups included."""
    for number in (4, 6, 8, 9, 10):
        Player.objects.filter(pk=shirt(world.home, number).pk).update(
            roster_state=Player.RosterState.RETIRED
        )
    rookie = Player.objects.create(
        team=world.home, name="Rookie Wing", position=Position.WINGBACK, string="second"
    )
    Player.objects.filter(pk=shirt(world.home, 13).pk).update(roster_state="released")

    nil_nil(match_day, world.home_coach)

    fixed = starters(match_day, world.home)
    assert fixed["wingback-2"].player == rookie
    assert fixed["wingback-2"].replaces is None
    assert len(fixed) == 11


# --- A coach names another reserve -------------------------------------------------------------


def test_m_p3_a_coach_may_name_another_fit_reserve_instead(world, match_day):
    """M-P3: "a coach may name another fit reserve instead before the match" — audited, and
    the named reserve starts when the line-up is fixed."""
    goalie, fullback = shirt(world.home, 11), shirt(world.home, 15)
    injure(goalie, world.season)

    lineup_name_reserve(
        fixture=match_day,
        team=world.home,
        place="goalie-1",
        reserve=fullback,
        actor=world.home_coach,
    )
    assert AuditEntry.objects.filter(action="lineup.name_reserve").count() == 1
    nil_nil(match_day, world.home_coach)

    place = starters(match_day, world.home)["goalie-1"]
    assert (place.player, place.fill, place.replaces) == (fullback, "named", goalie)
    bench = LineupEntry.objects.filter(fixture=match_day, team=world.home, starter=False)
    assert shirt(world.home, 18) in [entry.player for entry in bench]


def test_m_p3_a_named_reserve_fills_a_short_place_and_can_be_taken_back(world, match_day):
    injure(shirt(world.home, 5), world.season)
    injure(shirt(world.home, 14), world.season)
    mauler = shirt(world.home, 16)
    key = (match_day.pk, world.home.pk)

    lineup_name_reserve(
        fixture=match_day,
        team=world.home,
        place="halfback-1",
        reserve=mauler,
        actor=world.home_coach,
    )
    assert lineup_plans(pairs=[(match_day, world.home)])[key].short == []
    lineup_name_reserve(
        fixture=match_day, team=world.home, place="halfback-1", reserve=None, actor=world.home_coach
    )
    assert not LineupChoice.objects.exists()
    assert len(lineup_plans(pairs=[(match_day, world.home)])[key].short) == 1


@pytest.mark.parametrize(
    ("place", "reserve_shirt", "code"),
    [
        ("wingback-2", 15, "place_not_vacant"),  # his first-stringer plays
        ("wingback-1", 13, "reserve_not_available"),  # named for another place (see below)
        ("wingback-1", 2, "reserve_not_available"),  # a first-stringer is no reserve
        ("wingback-1", 14, "reserve_not_available"),  # injured
    ],
    ids=["place-not-vacant", "named-already", "first-stringer", "injured-reserve"],
)
def test_m_p3_only_a_fit_reserve_not_already_starting_may_be_named_for_a_vacant_place(
    world, match_day, place, reserve_shirt, code
):
    injure(shirt(world.home, 3), world.season)  # Wingback place 1 is vacant
    injure(shirt(world.home, 14), world.season)  # the second-string Halfback is out
    injure(shirt(world.home, 6), world.season)  # … so the Halfback place 2 is short
    # The second-string Fullback is named for the Halfback place: he starts there.
    lineup_name_reserve(
        fixture=match_day,
        team=world.home,
        place="halfback-2",
        reserve=shirt(world.home, 15),
        actor=world.home_coach,
    )
    if reserve_shirt == 13:  # the Wingback counterpart may be named: he starts in that place
        lineup_name_reserve(
            fixture=match_day,
            team=world.home,
            place="wingback-1",
            reserve=shirt(world.home, 13),
            actor=world.home_coach,
        )
        reserve_shirt = 15  # … but not the Fullback, already starting in the Halfback place
    with pytest.raises(GamesError) as refused:
        lineup_name_reserve(
            fixture=match_day,
            team=world.home,
            place=place,
            reserve=shirt(world.home, reserve_shirt),
            actor=world.home_coach,
        )
    assert refused.value.code == code


def test_m_p3_a_reserve_of_the_other_team_cannot_be_named(world, match_day):
    injure(shirt(world.home, 3), world.season)
    with pytest.raises(GamesError) as refused:
        lineup_name_reserve(
            fixture=match_day,
            team=world.home,
            place="wingback-1",
            reserve=shirt(world.away, 13),
            actor=world.commissioner,
        )
    assert refused.value.code == "reserve_not_available"


def test_m_p3_names_close_at_kick_off(world, match_day):
    injure(shirt(world.home, 3), world.season)
    nil_nil(match_day, world.home_coach)
    with pytest.raises(GamesError) as refused:
        lineup_name_reserve(
            fixture=match_day,
            team=world.home,
            place="wingback-1",
            reserve=shirt(world.home, 15),
            actor=world.home_coach,
        )
    assert refused.value.code == "lineup_fixed"


@pytest.mark.parametrize(
    ("who", "allowed"),
    [
        ("home_coach", True),
        ("away_coach", False),
        ("commissioner", True),
        ("outsider", False),
        ("anonymous", False),
    ],
)
def test_m_p3_only_the_teams_coach_or_a_commissioner_names_its_reserves(
    world, match_day, who, allowed
):
    injure(shirt(world.home, 3), world.season)
    actor = AnonymousUser() if who == "anonymous" else getattr(world, who)

    def name():
        return lineup_name_reserve(
            fixture=match_day,
            team=world.home,
            place="wingback-1",
            reserve=shirt(world.home, 15),
            actor=actor,
        )

    if allowed:
        name()
        assert LineupChoice.objects.get().reserve == shirt(world.home, 15)
    else:
        with pytest.raises(PermissionRefused):
            name()
        assert not LineupChoice.objects.exists()


# --- Warnings -----------------------------------------------------------------------------------


def test_m_p3_the_coach_is_warned_of_a_short_handed_team_before_the_round_opens_and_the_match(
    world,
):
    from league.services.schedule import season_generate_schedule
    from league.services.seasons import season_transition

    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    fixture = Fixture.objects.get(round__season=world.season, round__number=1)
    team = fixture.home_team
    injure(shirt(team, 4), world.season)
    injure(shirt(team, 13), world.season)

    def warning() -> str:
        (entry,) = coach_teams(user=team.coach)
        texts = [item.text for item in entry.todos if item.kind == "short_handed"]
        return texts[0] if texts else ""

    assert "1 player short (Wingback) before the round opens" in warning()
    round_open(round_=fixture.round, actor=None)
    assert "1 player short (Wingback) at kick-off" in warning()
    Injury.objects.filter(player=shirt(team, 13)).update(state=Injury.State.HEALED)
    assert warning() == ""


# --- The same line-up for the simulation and its result ---------------------------------------


def test_m_p3_the_simulation_plays_the_line_up_it_fixed_and_its_result_uses_it(world, match_day):
    """Kick-off of a simulation stores the line-up and the engine plays exactly it: every
    stored starter took the field, nobody outside the stored line-up did, and the named
    reserve started instead of the counterpart."""
    injure(shirt(world.home, 3), world.season)
    named = shirt(world.home, 16)  # a Mauler named for the Wingback place
    lineup_name_reserve(
        fixture=match_day,
        team=world.home,
        place="wingback-1",
        reserve=named,
        actor=world.home_coach,
    )
    with mock.patch("games.services.job_queue.app.send_task"):
        job = simulation_request(fixture=match_day, actor=world.commissioner)
        assert simulation_run(job_id=job.pk, worker="test").state == "succeeded"

    stored = LineupEntry.objects.filter(fixture=match_day)
    took_field = set(
        Appearance.objects.filter(result__fixture=match_day).values_list("player", flat=True)
    )
    assert set(stored.filter(starter=True).values_list("player", flat=True)) <= took_field
    assert took_field <= set(stored.values_list("player", flat=True))
    assert starters(match_day, world.home)["wingback-1"].player == named
    assert shirt(world.home, 3).pk not in took_field


def test_m_p3_a_failed_simulation_forgets_its_line_up_until_the_next_kick_off(world, match_day):
    with mock.patch("games.services.job_queue.app.send_task"):
        job = simulation_request(fixture=match_day, actor=world.commissioner)
        with mock.patch(
            "games.services.job_runner.simulate_match", side_effect=RuntimeError("boom")
        ):
            assert simulation_run(job_id=job.pk, worker="test").state == "failed"
    assert not LineupEntry.objects.filter(fixture=match_day).exists()
    assert Fixture.objects.get(pk=match_day.pk).status == Fixture.Status.READY


def test_m_p3_the_team_sheets_refuse_a_played_fixture(world, match_day):
    nil_nil(match_day, world.home_coach)
    before = list(LineupEntry.objects.filter(fixture=match_day).values_list("pk", flat=True))
    with pytest.raises(GamesError):
        fixture_team_sheets(fixture=Fixture.objects.get(pk=match_day.pk))
    assert (
        list(LineupEntry.objects.filter(fixture=match_day).values_list("pk", flat=True)) == before
    )


def test_m_p3_the_team_sheets_are_the_stored_line_up_read_once(world, match_day):
    """A simulation's kick-off builds its team sheets from the rows it has just stored, in
    their order (starters in place order, then the bench), without reading them back, and
    reads the season's rules with the fixture's lock: the lock, the players, their injuries,
    the named reserves, the delete and insert, and (enhancements allowed) the inspections."""
    fixture = Fixture.objects.get(pk=match_day.pk)  # nothing of its round or season read
    with CaptureQueriesContext(connection) as queries:
        home, away, _ = fixture_team_sheets(fixture=fixture)
    statements = [q["sql"] for q in queries if "SAVEPOINT" not in q["sql"]]
    assert len(statements) <= 7, "\n".join(statements)
    assert sum('FROM "games_lineupentry"' in s for s in statements) == 1, "the delete alone"
    stored = list(LineupEntry.objects.filter(fixture=match_day).order_by("id"))
    for team, sheet in ((world.home, home), (world.away, away)):
        rows = [e for e in stored if e.team_id == team.pk]
        assert [p.key for p in sheet.first_string] == [str(e.player_id) for e in rows if e.starter]
        assert [p.key for p in sheet.second_string] == [
            str(e.player_id) for e in rows if not e.starter
        ]


def _bench_allows(plan) -> bool:
    """A fit second-string Wingback and Halfback on the bench, and the first Wingback and
    Halfback places filled by their first-stringers."""
    positions = {p.position for p in plan.bench}
    short = {place.key for place in plan.short}
    return {Position.WINGBACK, Position.HALFBACK} <= positions and not (
        short & {"wingback-1", "halfback-1"}
    )


def test_m_p3_a_demo_fixture_with_injured_first_stringers_kicks_off_with_eleven():
    """Issue #12: "a demo fixture kicked off with 9 players while fit second-string Wingback
    and Halfback sat on the bench". In the demo league, a first-string Wingback and Halfback
    of two round-3 teams are injured: the simulated fixture and the reported one both kick
    off with 11, the counterparts in; and in every fixture of the round no fit reserve of a
    short place's position is left on the bench."""
    call_command("demo_league", stdout=mock.MagicMock())
    season = Season.objects.get(format=Season.Format.LEAGUE, league__ruleset="magnoball")
    commissioner = season.league.commissioners.get()
    round_ = season.rounds.get(number=3)
    fixtures = list(round_.fixtures.select_related("home_team", "away_team").order_by("id"))
    plans = lineup_plans(pairs=[(f, t) for f in fixtures for t in (f.home_team, f.away_team)])
    chosen = sorted(
        (
            (f, t)
            for f in fixtures
            for t in (f.home_team, f.away_team)
            if _bench_allows(plans[(f.pk, t.pk)])
        ),
        key=lambda pair: len(plans[(pair[0].pk, pair[1].pk)].short),  # full teams first
    )
    # Full teams first, but any will do: in one CI run (random order, CPU hogs beside it)
    # the demo's round 3 had every such team a place short already. The injuries must add
    # no empty place to those it had.
    short_before = {(f.pk, t.pk): len(plans[(f.pk, t.pk)].short) for f, t in chosen}
    # Two teams of different fixtures whose bench allows it (the demo's dice are seeded).
    (simulated, sim_team), (reported, rep_team) = next(
        (a, b) for a in chosen for b in chosen if a[0] != b[0]
    )
    for fixture, team in ((simulated, sim_team), (reported, rep_team)):
        for place in plans[(fixture.pk, team.pk)].places:
            if place.position in (Position.WINGBACK, Position.HALFBACK) and place.number == 1:
                injure(place.starter, season)
    assert round_.status == Round.Status.OPEN  # the demo leaves round 3 open to report
    with mock.patch("games.services.job_queue.app.send_task"):
        job = simulation_request(fixture=simulated, actor=commissioner)
        assert simulation_run(job_id=job.pk, worker="test").state == "succeeded"
    reported.refresh_from_db()
    result_record(fixture=reported, report=ResultReport(0, 0), actor=commissioner)

    for fixture, team in ((simulated, sim_team), (reported, rep_team)):
        fixed = starters(fixture, team)
        # The two injuries leave no place empty: eleven where the team was full.
        assert len(fixed) == 11 - short_before[(fixture.pk, team.pk)], fixture
        assert fixed["wingback-1"].fill == fixed["halfback-1"].fill == "counterpart"
    took_field = set(
        Appearance.objects.filter(result__fixture=simulated, team=sim_team).values_list(
            "player", flat=True
        )
    )
    assert {row.player.pk for row in starters(simulated, sim_team).values()} <= took_field
    for fixture in fixtures:
        fixture.refresh_from_db()
        for side in fixture_lineups(fixture=fixture):
            short = {place.position for place in side.short}
            assert not short & {player.position for player in side.bench}, fixture


def test_m_p3_the_short_handed_to_do_says_how_to_fill_the_place(client, world):
    """Issue #17.6: My teams names the ways to fill a short line-up (M-P3, M-P9, M-I3)."""
    from django.urls import reverse

    from league.services.schedule import season_generate_schedule
    from league.services.seasons import season_transition
    from tests.world import sign_in

    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    fixture = Fixture.objects.get(round__season=world.season, round__number=1)
    team = fixture.home_team
    first, second = shirt(team, 4), shirt(team, 13)  # both Wingbacks of the string's first pair
    injure(first, world.season)
    injure(second, world.season)
    sign_in(client, team.coach)

    def line() -> str:
        page = client.get(reverse("my-teams")).content.decode()
        start = page.index("1 player short (Wingback)")
        return page[start : page.index("</li>", start)]

    full = line()
    assert f"put {first.name} and {second.name} on the injured list to open a spot" in full
    assert f"try force-healing {first.name} and {second.name}" in full
    assert "fit reserves of another position on the match-day page" in full

    player_injured_list_put(player=first, actor=None)
    listed = line()
    assert "call up a Rookie (1 open spot)" in listed
    assert "on the injured list to open a spot" not in listed
