"""The seed's variants as league options (issue #45): grenades allowed; peds on roller skates
(characters of the team in no car, hand weapons only, burst weapons outlawed, a goal with the
aluminium ball counted as a standard goal); no substitutes; track cars of different designs."""

from __future__ import annotations

from dataclasses import replace

from rules.arenaball import (
    TRACK_CAR,
    ArenaballSettings,
    Ball,
    Component,
    ComponentKind,
    Fitting,
    Goal,
    Kill,
    KillHow,
    Plate,
    Seat,
    check_design,
    game_points,
    lineup_errors,
    report_errors,
)

from .helpers import AWAY, DESIGNS, HOME, report, roster

SKATERS = ArenaballSettings(roller_skaters=True)
GRENADE = Component("grenade", "Grenade", ComponentKind.GRENADE, cost=0, weight=1)
ROCKET = Component(
    "burst_rocket", "Burst rocket", ComponentKind.WEAPON, spaces=1, cost=0, weight=1, burst=True
)


def _with(*fittings: Fitting):
    sheet = replace(TRACK_CAR.fittings[0].component, spaces=4)
    return replace(
        TRACK_CAR,
        fittings=(
            replace(TRACK_CAR.fittings[0], component=sheet),
            *TRACK_CAR.fittings[1:],
            *fittings,
        ),
    )


def test_grenades_are_refused_unless_the_league_allows_them() -> None:
    design = _with(Fitting("g", GRENADE, quantity=2))
    assert check_design(design).codes() == {"grenade"}
    allowed = check_design(design, ArenaballSettings(grenades=True))
    assert allowed.ok, allowed.problems
    state = next(limit for limit in allowed.limits if limit.code == "grenades")
    assert (state.label, state.figures) == ("Grenades allowed", "allowed")


def test_burst_weapons_are_outlawed_only_among_roller_skaters() -> None:
    design = _with(Fitting("br", ROCKET))
    assert check_design(design).ok
    [problem] = check_design(design, SKATERS).problems
    assert problem.code == "burst_weapon"
    assert problem.message == (
        "Burst rocket (br) has a burst effect: burst weapons are outlawed while roller skaters "
        "play."
    )


HOME_PEDS = replace(HOME, peds=("red-ped",))


def _ped_report(**changes: object):
    """Red wins 5-1: the centre goal with the steel ball, then red's ped throws the aluminium
    ball at an outer plate twice, and kills green's car 2 with a hand weapon."""
    base = report(
        goals=(
            Goal("red", "red-d1", Plate.CENTRE),
            Goal("green", "green-d3", Plate.OUTER),
            Goal("red", "red-ped", Plate.OUTER, Ball.ALUMINIUM),
            Goal("red", "red-ped", Plate.OUTER, Ball.ALUMINIUM),
        ),
        kills=(Kill("green", "2", "red", None, "red-ped", KillHow.WEAPON, "rifle"),),
        substitutions=(),
    )
    return replace(base, **changes)


def test_a_ped_scores_with_the_aluminium_ball_as_a_standard_goal() -> None:
    assert report_errors(_ped_report(), home=HOME_PEDS, away=AWAY, settings=SKATERS) == []
    points = game_points(_ped_report(), home=HOME_PEDS, away=AWAY, settings=SKATERS)
    ped = points["red-ped"]
    # Decided: a goal gives its scorer a Driver point; the winners' point and the kill's go
    # to a ped's gunnery (his hand weapons).
    assert (ped.driver, ped.gunner, ped.prestige, ped.goals, ped.kills) == (2, 2, 2, 2, 1)
    assert Seat.PED.value == "ped"


def test_without_the_variant_there_are_no_peds_and_no_aluminium_ball() -> None:
    problems = report_errors(_ped_report(), home=HOME_PEDS, away=AWAY)
    assert {p.code for p in problems} >= {"ball_not_in_play"}
    lineup = lineup_errors(lineup=HOME_PEDS, designs=DESIGNS, roster=[*roster("red"), "red-ped"])
    assert [p.code for p in lineup] == ["peds_not_played"]


def test_a_ped_scores_only_the_aluminium_ball_and_kills_only_by_hand() -> None:
    steel = _ped_report(
        goals=(
            *_ped_report().goals[:2],
            Goal("red", "red-ped", Plate.OUTER),
            Goal("red", "red-ped", Plate.OUTER),
        )
    )
    codes = [p.code for p in report_errors(steel, home=HOME_PEDS, away=AWAY, settings=SKATERS)]
    assert codes == ["scorer_not_driver", "scorer_not_driver"]
    by_a_driver = _ped_report(
        goals=(
            *_ped_report().goals[:2],
            Goal("red", "red-d2", Plate.OUTER, Ball.ALUMINIUM),
            Goal("red", "red-ped", Plate.OUTER, Ball.ALUMINIUM),
        )
    )
    assert [
        p.code for p in report_errors(by_a_driver, home=HOME_PEDS, away=AWAY, settings=SKATERS)
    ] == ["scorer_not_ped"]
    rammed = _ped_report(kills=(Kill("green", "2", "red", None, "red-ped", KillHow.RAM),))
    [problem] = report_errors(rammed, home=HOME_PEDS, away=AWAY, settings=SKATERS)
    assert problem.code == "ped_kill"


def test_a_ped_is_a_character_of_the_roster_in_no_car() -> None:
    people = [*roster("red"), "red-ped"]
    assert lineup_errors(lineup=HOME_PEDS, designs=DESIGNS, roster=people, settings=SKATERS) == []
    seated = replace(HOME, peds=("red-d1",))
    codes = [
        p.code
        for p in lineup_errors(lineup=seated, designs=DESIGNS, roster=people, settings=SKATERS)
    ]
    assert codes == ["ped_in_a_car"]
    stranger = replace(HOME, peds=("nobody",))
    codes = [
        p.code
        for p in lineup_errors(lineup=stranger, designs=DESIGNS, roster=people, settings=SKATERS)
    ]
    assert codes == ["crew_not_on_roster"]
    hurt = lineup_errors(
        lineup=HOME_PEDS, designs=DESIGNS, roster=people, unavailable=["red-ped"], settings=SKATERS
    )
    assert [p.code for p in hurt] == ["character_unavailable"]
