"""A-P1 to A-P3: points, skill levels and casualties after a game, with properties."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules.arenaball import (
    ArenaballSettings,
    Career,
    Casualty,
    CrewState,
    Goal,
    Kill,
    KillHow,
    LeftBecause,
    MatchReport,
    Plate,
    PointsAward,
    Substitution,
    career_after,
    carry_over,
    game_points,
    misses_after,
    skill_level,
)

from .helpers import AWAY, HOME, report


def points(match: MatchReport, settings: ArenaballSettings | None = None) -> dict[str, PointsAward]:
    return game_points(match, home=HOME, away=AWAY, settings=settings)


def test_a_p1_every_goal_gives_its_scorer_a_driver_point() -> None:
    awards = points(report())
    # red-d1: two goals, a win, a ram kill.
    assert awards["red-d1"] == PointsAward("red-d1", "red", driver=4, prestige=2, kills=1, goals=2)
    assert awards["green-d3"] == PointsAward("green-d3", "green", driver=1, goals=1)


def test_a_p1_the_winners_who_took_part_gain_a_skill_and_a_prestige_point() -> None:
    awards = points(report())
    assert awards["red-d3"] == PointsAward("red-d3", "red", driver=1, prestige=1)
    assert awards["red-g"] == PointsAward("red-g", "red", gunner=1, prestige=1)
    assert "red-d4" not in awards  # in the pits all game
    assert awards["green-d4"] == PointsAward("green-d4", "green")  # came on, lost


def test_a_p1_a_kill_gives_a_point_in_the_skill_used_and_prestige() -> None:
    shot = report(kills=(Kill("green", "2", "red", "GK", "red-g", KillHow.WEAPON),))
    assert points(shot)["red-g"] == PointsAward("red-g", "red", gunner=2, prestige=2, kills=1)
    rammed = points(report())["red-d1"]
    assert (rammed.driver, rammed.gunner) == (4, 0)


def test_a_p1_points_per_kill_is_a_setting() -> None:
    awards = points(report(), ArenaballSettings(points_per_kill=3))
    assert awards["red-d1"] == PointsAward("red-d1", "red", driver=6, prestige=4, kills=1, goals=2)


def test_a_p1_a_kill_of_an_own_car_earns_nothing() -> None:
    friendly = report(kills=(Kill("red", "2", "red", "1", "red-d1", KillHow.RAM),))
    award = points(friendly)["red-d1"]
    assert (award.kills, award.driver) == (0, 3)


def test_a_p2_a_skill_level_every_thirty_points() -> None:
    assert [skill_level(p) for p in (0, 29, 30, 59, 60, 95)] == [0, 0, 1, 1, 2, 3]
    assert skill_level(20, ArenaballSettings(points_per_level=10)) == 2
    card = Career(driver=31, gunner=61)
    assert (card.driver_level(), card.gunner_level()) == (1, 2)


def test_a_p2_a_card_adds_up_the_games() -> None:
    card = career_after(Career(driver=29), points(report())["red-d1"])
    assert card == Career(driver=33, prestige=2, kills=1, goals=2, games=1)
    assert card.driver_level() == 1


def test_a_p3_the_dead_leave_and_the_injured_miss_the_next_game() -> None:
    casualties = (
        Casualty("green", "green-d2", CrewState.DEAD),
        Casualty("green", "green-d4", CrewState.INJURED),
        Casualty("red", "red-d1", CrewState.STUNNED),
        Casualty("red", "red-g", CrewState.UNCONSCIOUS),
    )
    after = carry_over(report(casualties=casualties))
    assert after.dead == frozenset({"green-d2"})
    assert after.misses == {"green-d4": 1}
    two = carry_over(report(casualties=casualties), ArenaballSettings(injury_games_missed=2))
    assert two.misses == {"green-d4": 2}
    none = carry_over(report(casualties=casualties), ArenaballSettings(injury_games_missed=0))
    assert none.misses == {}


def test_a_p3_games_missed_count_down_game_by_game() -> None:
    injured = carry_over(report(casualties=(Casualty("red", "red-d1", CrewState.INJURED),)))
    after_first = misses_after({}, injured)
    assert after_first == {"red-d1": 1}
    nothing = carry_over(report())
    assert misses_after(after_first, nothing) == {}
    assert misses_after({"red-d2": 3}, nothing) == {"red-d2": 2}
    dead = carry_over(report(casualties=(Casualty("red", "red-d2", CrewState.DEAD),)))
    assert misses_after({"red-d2": 3}, dead) == {}


_CHARACTERS = [f"{team}-d{n}" for team in ("red", "green") for n in (1, 2, 3, 4)] + [
    "red-g",
    "green-g",
    "nobody",
]
_CARS = ["1", "2", "3", "4", "5", "GK"]


@given(
    goals=st.lists(
        st.builds(
            Goal,
            st.sampled_from(["red", "green"]),
            st.sampled_from(_CHARACTERS),
            st.sampled_from(Plate),
        ),
        max_size=6,
    ),
    kills=st.lists(
        st.builds(
            Kill,
            st.sampled_from(["red", "green"]),
            st.sampled_from(_CARS),
            st.sampled_from(["red", "green", None]),
            st.sampled_from([*_CARS, None]),
            st.sampled_from([*_CHARACTERS, None]),
            st.sampled_from([*KillHow, None]),
        ),
        max_size=6,
    ),
    winner=st.sampled_from(["red", "green", None]),
    subs=st.booleans(),
    per_kill=st.integers(0, 10),
)
def test_a_p1_property_points_are_never_negative(
    goals: list[Goal],
    kills: list[Kill],
    winner: str | None,
    subs: bool,
    per_kill: int,
) -> None:
    """Whatever the report (even an invalid one), every award is zero or more and only
    characters who took part get one."""
    match = report(
        goals=tuple(goals),
        kills=tuple(kills),
        winner=winner,
        substitutions=(Substitution("green", "4", "2", LeftBecause.DRIVEN_OFF),) if subs else (),
    )
    awards = points(match, ArenaballSettings(points_per_kill=per_kill))
    for award in awards.values():
        assert min(award.driver, award.gunner, award.prestige, award.kills, award.goals) >= 0
    assert "nobody" not in awards
    assert "red-d4" not in awards
    assert sum(a.goals for a in awards.values()) <= len(goals)
