"""Issue #45, "Done when": a whole Arenaball season and its playoffs through the services, then
a second season with every one of the seed's variants on.

Season one, four teams, single round robin and a final: the commissioner lowers the budget to
$19,500 before the start, which makes the seed's $20,000 Track Car illegal; the coaches'
first designs from parts are refused for an unpriced part; a price list prices them; a price
taken away mid-season stops the cars again. Every game kills the loser's car 3 and its
driver; the loser releases a reserve and signs up to a full roster, so the roster counts
only who is on it. Every legitimate report is accepted, every illegal one refused with its
reason; the table and one character's points are worked by hand below.

Season two plays the seed's variants: no substitutes, grenades, track cars of different
designs, peds on roller skates with their aluminium ball."""

from __future__ import annotations

import dataclasses

import pytest

from arenaball.design_input import FittingData, design_data_of
from arenaball.errors import ArenaballError
from arenaball.models import Car, Character, CharacterGame, Design, Part, ReportGoal
from arenaball.parts import part_create, part_update
from arenaball.price_list import price_list_import
from arenaball.report_input import (
    CasualtyData,
    GoalData,
    KillData,
    ReportData,
    SubstitutionData,
)
from arenaball.ruleset import ARENABALL
from arenaball.season_settings import season_settings_change
from arenaball.selectors import stored_design_check, teams_off_the_track
from arenaball.services import character_release, character_sign, design_save, report_record
from league.models import Fixture, Round, Season, StandingRow, Team
from league.services.playoffs import playoffs_advance, playoffs_start
from league.services.rounds import round_open
from league.services.schedule import season_generate_schedule
from league.services.season_end import season_close, season_rollover
from league.services.seasons import season_transition
from tests.arenaball.world import ArenaWorld, arena_world, cars_set, driver, round_fixtures

pytestmark = pytest.mark.django_db

PRICES = (
    b"key,cost,weight,spaces\n"
    b"mid_sized_body,5000,1500,13\n"
    b"extra_heavy_chassis,1000,500,\n"
    b"engine_200_cid,3000,500,3\n"
    b"turbocharger,1000,50,0\n"
    b"heavy_suspension,500,100,\n"
    b"pr_tyre,500,60,\n"
    b"armour_plastic,30,6,\n"
    b"ramplate_airdam_electromagnet,,,0\n"
    b"flamethrower,500,45,\n"
)
#: The Budget Racer by the price list: $5,000 + 1,000 + 3,000 + 1,000 + 500 + 4 x 500 +
#: 500 + 500 and 100 points of plastic armour at $30: $16,500.
RACER_COST = 16_500

# Season one's results, worked by hand (first to 5; win 2, loss 0):
#   AUS 5-1 BOS, AUS 5-3 CHI, DEN 5-0 AUS, BOS 5-0 CHI, BOS 5-4 DEN, CHI 5-2 DEN.
# AUS and BOS have 4 points: AUS beat BOS (head-to-head). CHI and DEN have 2: CHI beat DEN.
RESULTS = {
    frozenset({"AUS", "BOS"}): ("AUS", 5, 1),
    frozenset({"AUS", "CHI"}): ("AUS", 5, 3),
    frozenset({"AUS", "DEN"}): ("DEN", 5, 0),
    frozenset({"BOS", "CHI"}): ("BOS", 5, 0),
    frozenset({"BOS", "DEN"}): ("BOS", 5, 4),
    frozenset({"CHI", "DEN"}): ("CHI", 5, 2),
}
#: (team, played, won, lost, for, against, points, kills): every winner kills one car.
TABLE = [
    ("AUS", 3, 2, 1, 10, 9, 4, 2),
    ("BOS", 3, 2, 1, 11, 9, 4, 2),
    ("CHI", 3, 1, 2, 8, 12, 2, 1),
    ("DEN", 3, 1, 2, 11, 10, 2, 1),
]
#: A-G1: each score as goals (plates), in the order scored.
PLATES = {
    5: ("centre", "outer", "outer"),
    4: ("centre", "outer"),
    3: ("centre",),
    2: ("outer", "outer"),
    1: ("outer",),
    0: (),
}


def _short(team: Team) -> str:
    return team.short_name


def _goals(team: Team, score: int, *, first_scorer: Character) -> list[GoalData]:
    """`score` as goals: the centre goal by `first_scorer`, the rest by car 2's driver."""
    scorers = [first_scorer, driver(team, "2"), driver(team, "2")]
    return [
        GoalData(team.pk, scorer.pk, plate)
        for scorer, plate in zip(scorers, PLATES[score], strict=False)
    ]


def _report(fixture: Fixture, winner_key: str, win: int, lose: int) -> ReportData:
    """The game as RESULTS has it: the loser's goals first, then the winner's (its last goal
    reaches 5); the winner's car 1 rams the loser's car 3 to death."""
    home, away = fixture.home_team, fixture.away_team
    winner, loser = (home, away) if _short(home) == winner_key else (away, home)
    rammer, victim = driver(winner, "1"), driver(loser, "3")
    goals = [
        *_goals(loser, lose, first_scorer=driver(loser, "1")),
        *_goals(winner, win, first_scorer=rammer),
    ]
    scores = (win, lose) if winner == home else (lose, win)
    return ReportData(
        home_score=scores[0],
        away_score=scores[1],
        goals=tuple(goals),
        kills=(KillData(loser.pk, "3", winner.pk, "1", rammer.pk, "ram"),),
        casualties=(CasualtyData(loser.pk, victim.pk, "dead"),),
        home_pits=("4", "5"),
        away_pits=("4", "5"),
    )


def _replace_the_dead(team: Team, number: int) -> None:
    """After a loss: release a reserve (the roster counts him no more), sign up to a full
    roster of 12, and seat the first signing in car 3, whose driver died."""
    seated = {pk for car in Car.objects.filter(team=team) for pk in (car.driver_id, car.gunner_id)}
    reserve = Character.objects.filter(team=team, state="active").exclude(pk__in=seated).first()
    if reserve is not None:
        character_release(character=reserve, actor=team.coach)
    signed: list[Character] = []
    while Character.objects.filter(team=team, state="active").count() < 12:
        signed.append(
            character_sign(
                team=team, actor=team.coach, name=f"{team.short_name} {number}-{len(signed)}"
            )
        )
    cars_set(team, drivers={"3": signed[0]})


def _budget_racer(world: ArenaWorld) -> dict[int, Design]:
    """Every coach builds the Budget Racer from parts, first refused for its unpriced parts;
    the commissioner imports the price list; then it saves and goes on the five track cars."""
    template = Design.objects.get(team=world.teams[0], name="Track Car")
    data = design_data_of(template)
    hull = (
        FittingData("body", "mid_sized_body"),
        FittingData("chassis", "extra_heavy_chassis"),
        FittingData("engine", "engine_200_cid"),
        FittingData("turbo", "turbocharger"),
        FittingData("susp", "heavy_suspension"),
        FittingData("tyres", "pr_tyre", quantity=4),
        FittingData("ball", "ramplate_airdam_electromagnet", mounting="front"),
        FittingData("ft", "flamethrower", mounting="right"),
    )
    racer = dataclasses.replace(
        data,
        name="Budget Racer",
        fittings=hull,
        armour=dict.fromkeys(data.armour, (0, "plastic"))
        | {"front": (60, "plastic"), "back": (40, "plastic")},
    )
    team = world.teams[0]
    with pytest.raises(ArenaballError) as refused:
        design_save(team=team, actor=team.coach, data=racer)
    assert (
        "Mid-sized body has no price, weight or spaces in this league's catalogue: ask the "
        "commissioner." in refused.value.message
    )
    price_list_import(league=world.league, data=PRICES, actor=world.commissioner)
    designs = {}
    for team in world.teams:
        design = design_save(team=team, actor=team.coach, data=racer)
        designs[team.pk] = design
        cars_set(team, designs=dict.fromkeys(("1", "2", "3", "4", "5"), design))
    return designs


def _play_round(world: ArenaWorld, number: int, played: list[str]) -> None:
    for fixture in round_fixtures(world.season, number):
        key = frozenset({_short(fixture.home_team), _short(fixture.away_team)})
        winner, win, lose = RESULTS[key]
        report_record(
            fixture=fixture, data=_report(fixture, winner, win, lose), actor=fixture.home_team.coach
        )
        played.append("-".join(sorted(key)))
        loser = fixture.away_team if _short(fixture.home_team) == winner else fixture.home_team
        _replace_the_dead(loser, number)


def test_a_whole_season_its_playoffs_and_a_season_of_every_variant() -> None:
    world = arena_world(teams=4, playoff_teams=2, start=False)
    season = world.season
    ann = driver(world.teams[0], "1")  # AUS car 1: followed game by game below

    # A settings change in the draft makes the seed's Track Car illegal ($20,000 > $19,500).
    season_settings_change(season=season, actor=world.commissioner, values={"budget": 19_500})
    season_generate_schedule(season=season, actor=None, shuffle=False)
    lines = ARENABALL.season_start_lines(season=season)
    assert lines[0].startswith("4 designs of its teams break its limits")
    assert all("Track Car, used by cars 1, 2, 3, 4, 5" in line for line in lines[1:])
    season_transition(season=season, to=Season.Status.ACTIVE, actor=world.commissioner)
    round_open(round_=season.rounds.get(number=1), actor=world.commissioner)

    first = round_fixtures(season, 1)[0]
    with pytest.raises(ArenaballError) as refused:
        report_record(
            fixture=first,
            data=_report(first, _short(first.home_team), 5, 0),
            actor=world.commissioner,
        )
    assert (
        "Cars 1, 2, 3, 4, 5 may not take the track: their design Track Car breaks a limit "
        "(A-T3): The design costs $20,000, $500 over the $19,500 budget."
    ) in refused.value.message
    assert len(teams_off_the_track(season=season)) == 4

    designs = _budget_racer(world)
    assert teams_off_the_track(season=season) == []
    check = stored_design_check(Design.objects.get(pk=designs[world.teams[0].pk].pk))
    assert (check.ok, check.totals.cost, check.totals.spaces, check.totals.room) == (
        True,
        RACER_COST,
        5,
        13,
    )

    # An aluminium goal in a league without roller skaters is refused with its reason.
    home = first.home_team
    bad = dataclasses.replace(
        _report(first, _short(home), 5, 0),
        goals=(
            GoalData(home.pk, driver(home, "1").pk, "centre", "aluminium"),
            *_goals(home, 2, first_scorer=driver(home, "2")),
        ),
    )
    with pytest.raises(ArenaballError, match="only the steel ball scores"):
        report_record(fixture=first, data=bad, actor=world.commissioner)

    played: list[str] = []
    _play_round(world, 1, played)

    # A price taken away mid-season: the Budget Racers cannot take the track until restored.
    turbo = Part.objects.get(league=world.league, key="turbocharger")
    part_update(part=turbo, actor=world.commissioner, changes={"cost": None})
    round_open(round_=season.rounds.get(number=2), actor=world.commissioner)
    second = round_fixtures(season, 2)[0]
    key = frozenset({_short(second.home_team), _short(second.away_team)})
    with pytest.raises(ArenaballError) as refused:
        report_record(
            fixture=second,
            data=_report(second, RESULTS[key][0], *RESULTS[key][1:]),
            actor=world.commissioner,
        )
    assert (
        "Cars 1, 2, 3, 4, 5 may not take the track: their design Budget Racer breaks a limit "
        "(A-T5): Turbocharger has no price in this league's catalogue: ask the commissioner."
    ) in refused.value.message
    part_update(part=turbo, actor=world.commissioner, changes={"cost": 1_000})
    _play_round(world, 2, played)
    round_open(round_=season.rounds.get(number=3), actor=world.commissioner)
    _play_round(world, 3, played)
    assert len(played) == 6

    rows = list(
        StandingRow.objects.filter(season=season).select_related("team").order_by("position")
    )
    counts = {row.team.short_name: row for row in rows}
    kills = {short: kills for short, *_, kills in TABLE}
    assert [
        (
            r.team.short_name,
            r.played,
            r.won,
            r.lost,
            r.score_for,
            r.score_against,
            r.points,
            kills[r.team.short_name],
        )
        for r in rows
    ] == TABLE
    assert "ahead on head-to-head points 2–0" in counts["AUS"].explanation
    assert dict(ARENABALL.table_counts(season=season)) != {}
    # The dead are in the graveyard; every loser kept reporting with 12 on its roster.
    for short, *_ in TABLE:
        team = Team.objects.get(league=world.league, short_name=short)
        assert Character.objects.filter(team=team, state="active").count() <= 12
    assert Character.objects.filter(team__league=world.league, state="dead").count() == 6
    assert Character.objects.filter(team__league=world.league, state="released").count() >= 4

    # The playoffs: AUS (first) v BOS (second) in the final; AUS win 5-3.
    playoffs_start(season=season, actor=world.commissioner)
    final = season.rounds.get(stage=Round.Stage.PLAYOFF)
    round_open(round_=final, actor=world.commissioner)
    game = final.fixtures.select_related("home_team", "away_team", "round__season").get()
    assert {_short(game.home_team), _short(game.away_team)} == {"AUS", "BOS"}
    report_record(fixture=game, data=_report(game, "AUS", 5, 3), actor=world.commissioner)
    champion = playoffs_advance(season=season, actor=world.commissioner)
    assert isinstance(champion, Team)
    assert champion.short_name == "AUS"

    # Ann (AUS car 1): each AUS win a centre goal (1 Driver), the win (1 Driver, 1 Prestige)
    # and the ram (1 Driver, 1 Prestige): three wins; the loss to DEN earns nothing.
    ann.refresh_from_db()
    assert (
        ann.driver_points,
        ann.gunner_points,
        ann.prestige,
        ann.goals,
        ann.kills,
        ann.games,
    ) == (9, 0, 6, 3, 3, 4)
    assert CharacterGame.objects.filter(character=ann).count() == 4

    # --- season two: every variant on ---------------------------------------------------
    closed = season_close(season=season, actor=world.commissioner)
    following = season_rollover(season=closed, name="Arena 2027", actor=world.commissioner)
    assert ARENABALL.season_overview(season=following)[1]["variants"] == ()  # off by default
    season_settings_change(
        season=following,
        actor=world.commissioner,
        values={
            "substitutes": False,
            "grenades": True,
            "one_track_design": False,
            "roller_skaters": True,
        },
    )
    variants = ARENABALL.season_overview(season=following)[1]["variants"]
    assert variants == (
        "No substitutes (A-G4)",
        "Grenades allowed (A-T4)",
        "Track cars of different designs (A-T1)",
        "Peds on roller skates with their aluminium ball (A-G5)",
    )
    _variants_season(world, following)


def _variants_season(world: ArenaWorld, season: Season) -> None:
    aus = Team.objects.get(league=world.league, short_name="AUS")
    racer = Design.objects.get(team=aus, name="Budget Racer")
    data = design_data_of(racer)
    grenade = part_create(
        league=world.league,
        actor=world.commissioner,
        values={"key": "grenade", "name": "Grenade", "kind": "grenade", "cost": 50, "weight": 1},
    )
    bomber = dataclasses.replace(
        data,
        name="Bomber",
        fittings=(*data.fittings, FittingData("g", grenade.key, mounting="carried", quantity=4)),
    )
    bomber_design = design_save(team=aus, actor=aus.coach, data=bomber)  # grenades allowed now
    # Track cars of different designs: car 5 is a Bomber, the others Budget Racers.
    cars_set(aus, designs={"5": bomber_design})
    # A burst weapon is outlawed among roller skaters.
    rocket = Part.objects.get(league=world.league, key="heavy_rocket")
    part_update(
        part=rocket, actor=world.commissioner, changes={"cost": 100, "weight": 20, "burst": True}
    )
    with pytest.raises(
        ArenaballError, match="burst weapons are outlawed while roller skaters play"
    ):
        design_save(
            team=aus,
            actor=aus.coach,
            data=dataclasses.replace(
                data, name="Rocketeer", fittings=(*data.fittings, FittingData("hr", "heavy_rocket"))
            ),
        )

    season_generate_schedule(season=season, actor=None, shuffle=False)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=world.commissioner)
    round_open(round_=season.rounds.get(number=1), actor=world.commissioner)
    fixture = next(
        f for f in round_fixtures(season, 1) if aus.pk in (f.home_team_id, f.away_team_id)
    )
    other = fixture.away_team if fixture.home_team_id == aus.pk else fixture.home_team
    seated = {pk for car in Car.objects.filter(team=aus) for pk in (car.driver_id, car.gunner_id)}
    ped = Character.objects.filter(team=aus, state="active").exclude(pk__in=seated).first()
    assert ped is not None
    peds = {"home_peds" if fixture.home_team_id == aus.pk else "away_peds": (ped.pk,)}
    scores = (
        {"home_score": 5, "away_score": 0}
        if fixture.home_team_id == aus.pk
        else {"home_score": 0, "away_score": 5}
    )
    report = ReportData(
        goals=(
            GoalData(aus.pk, driver(aus, "1").pk, "centre"),
            GoalData(aus.pk, ped.pk, "outer", "aluminium"),
            GoalData(aus.pk, ped.pk, "outer", "aluminium"),
        ),
        kills=(KillData(other.pk, "2", aus.pk, None, ped.pk, "weapon", "grenade"),),
        substitutions=(SubstitutionData(other.pk, "4", "2", "killed"),),
        home_pits=("3", "4"),
        away_pits=("3", "4"),
        **scores,
        **peds,
    )
    with pytest.raises(ArenaballError, match=r"This league plays without substitutes\."):
        report_record(fixture=fixture, data=report, actor=aus.coach)
    report_record(
        fixture=fixture, data=dataclasses.replace(report, substitutions=()), actor=aus.coach
    )
    assert list(
        ReportGoal.objects.filter(report__result__fixture=fixture).values_list("ball", flat=True)
    ) == ["steel", "aluminium", "aluminium"]
    ped.refresh_from_db()
    # The ped: two goals (2 Driver), the win and his kill (2 Gunner), 2 Prestige.
    assert (ped.driver_points, ped.gunner_points, ped.prestige, ped.goals, ped.kills) == (
        2,
        2,
        2,
        2,
        1,
    )
    game = CharacterGame.objects.get(character=ped, fixture=fixture)
    assert (game.seat, game.car) == ("ped", "")
    row = StandingRow.objects.get(season=season, team=aus)
    assert (row.played, row.won, row.points, row.score_for) == (1, 1, 2, 5)
