"""A-T1, A-T2 and the match line-up (A-G4's pits, A-P3's unavailable characters)."""

from __future__ import annotations

from dataclasses import replace

from rules.arenaball import (
    GOALKEEPER,
    TRACK_CAR,
    ArenaballSettings,
    MatchLineup,
    Problem,
    TeamCar,
    lineup_errors,
    team_errors,
)

from .helpers import DESIGNS, cars, lineup, roster

OTHER_TRACK = replace(TRACK_CAR, name="Track Car B")
DESIGNS_TWO_TRACKS = {**DESIGNS, "track-b": OTHER_TRACK}


def errors(
    team_cars: tuple[TeamCar, ...],
    *,
    people: list[str] | None = None,
    settings: ArenaballSettings | None = None,
) -> list[Problem]:
    return team_errors(
        cars=team_cars,
        designs=DESIGNS_TWO_TRACKS,
        roster=roster("red") if people is None else people,
        settings=settings,
    )


def codes(problems: list[Problem]) -> list[str]:
    return [problem.code for problem in problems]


def test_a_t1_five_track_cars_and_a_goalkeeper_pass() -> None:
    assert errors(cars("red")) == []


def test_a_t1_each_car_once() -> None:
    team = cars("red")
    problems = errors((*team[:4], team[0], team[5]))
    assert codes(problems) == ["car_repeated", "car_missing", "crew_in_two_seats"]
    assert {p.rule for p in problems[:2]} == {"A-T1"}
    assert "car 5 is missing" in problems[1].message
    unknown = errors(
        (*team, TeamCar("6", "track", driver="red-d6")), people=[*roster("red"), "red-d6"]
    )
    assert codes(unknown) == ["car_slot_unknown"]


def test_a_t1_each_car_has_a_design_of_its_role() -> None:
    team = cars("red")
    swapped = (replace(team[0], design="gk"), *team[1:5], replace(team[5], design="track"))
    problems = errors(swapped)
    assert codes(problems) == ["design_role", "design_role", "gunner_without_seat"]
    assert problems[0].field == "cars.0.design"
    assert codes(errors((replace(team[0], design="nope"), *team[1:]))) == ["design_unknown"]


def test_a_t1_one_track_design_is_a_setting() -> None:
    team = cars("red")
    mixed = (replace(team[0], design="track-b"), *team[1:])
    [problem] = errors(mixed)
    assert (problem.code, problem.rule) == ("track_designs_differ", "A-T1")
    assert errors(mixed, settings=ArenaballSettings(one_track_design=False)) == []


def test_a_t2_every_car_has_a_driver_and_a_gunner_only_where_a_seat_is() -> None:
    team = cars("red")
    problems = errors((replace(team[0], driver=None), *team[1:]))
    assert [(p.code, p.rule, p.field) for p in problems] == [
        ("driver_missing", "A-T2", "cars.0.driver")
    ]
    gunner = errors(
        (replace(team[0], gunner="red-d1x"), *team[1:]), people=[*roster("red"), "red-d1x"]
    )
    assert [(p.code, p.field) for p in gunner] == [("gunner_without_seat", "cars.0.gunner")]
    # Decided: the goalkeeper's gunner seat may stay empty.
    assert errors((*team[:5], replace(team[5], gunner=None))) == []


def test_a_t2_crews_come_from_the_roster_one_seat_each() -> None:
    team = cars("red")
    problems = errors((replace(team[0], driver="stranger"), *team[1:]))
    assert [(p.code, p.field) for p in problems] == [("crew_not_on_roster", "cars.0.driver")]
    twice = errors((replace(team[1], slot="1"), *team[1:]))
    assert "crew_in_two_seats" in codes(twice)


def test_a_t2_a_roster_holds_twelve_characters() -> None:
    people = [*roster("red"), *(f"reserve-{n}" for n in range(5))]
    assert errors(cars("red"), people=people) == []
    [problem] = errors(cars("red"), people=[*people, "one-too-many"])
    assert (problem.code, problem.rule, problem.field) == ("roster_too_large", "A-T2", "roster")


def test_a_g4_two_track_cars_start_in_the_pits() -> None:
    def check(pits: set[str]) -> list[str]:
        return codes(
            lineup_errors(
                lineup=MatchLineup("red", cars("red"), frozenset(pits)),
                designs=DESIGNS,
                roster=roster("red"),
            )
        )

    assert check({"4", "5"}) == []
    assert check({"5"}) == ["pits_count"]
    assert check({"GK", "5"}) == ["pits_not_track_car"]
    assert check({"1", "2", "3"}) == ["pits_count"]


def test_a_p3_unavailable_characters_may_not_crew() -> None:
    problems = lineup_errors(
        lineup=lineup("red"), designs=DESIGNS, roster=roster("red"), unavailable={"red-g"}
    )
    assert [(p.code, p.rule, p.field) for p in problems] == [
        ("character_unavailable", "A-P3", "cars.5.gunner")
    ]


def test_a_t1_lineup_helpers() -> None:
    red = lineup("red")
    assert red.starters() == ("1", "2", "3", "GK")
    assert red.car("GK") is not None
    assert red.car("9") is None
    assert GOALKEEPER.gunners == 1


def test_a_t2_the_dead_and_released_do_not_count_yet_a_played_line_up_may_seat_them() -> None:
    """Decided: the roster is the living, unreleased characters; a stored line-up (a game
    corrected later) may seat one who has left since (`former`), who does not count."""
    full = [*roster("red"), *(f"red-reserve-{n}" for n in range(12 - len(roster("red"))))]
    team = cars("red")
    gone = "red-d1"
    full.remove(gone)
    full.append("red-reserve-extra")
    assert len(full) == 12
    assert codes(team_errors(cars=team, designs=DESIGNS, roster=full, former=[gone])) == []
    assert codes(team_errors(cars=team, designs=DESIGNS, roster=full)) == ["crew_not_on_roster"]
    too_many = [*full, "red-reserve-13"]
    assert codes(team_errors(cars=team, designs=DESIGNS, roster=too_many, former=[gone])) == [
        "roster_too_large"
    ]
