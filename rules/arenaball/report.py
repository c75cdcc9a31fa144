"""A-G1 to A-G5: a game's result report and its validation; A-L1's per-game figures.

:func:`report_errors` returns every error with the field it concerns (``goals.2.scorer``,
``home_score``…), so a result form can show each beside its field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from rules.standings import TableGame

from .problems import Problem
from .settings import KILLS, ArenaballSettings
from .teams import MatchLineup
from .vocabulary import Ball, CrewState, KillHow, LeftBecause, Plate, Seat

__all__ = [
    "Casualty",
    "Goal",
    "Kill",
    "MatchReport",
    "Substitution",
    "game_kills",
    "report_errors",
    "table_game",
    "team_kills",
    "took_part",
    "took_part_seats",
]


@dataclass(frozen=True, slots=True)
class Goal:
    """A-G5: a goal, in the order scored: the scoring team, its scorer (the driver who
    carried the ball, or a ped who threw or rolled the aluminium one in) and the plate hit,
    and which ball (the seed's roller-skater variant: the small ball "counts as much as a
    standard goal")."""

    team: str
    scorer: str
    plate: Plate
    ball: Ball = Ball.STEEL

    @property
    def points(self) -> int:
        return self.plate.points


@dataclass(frozen=True, slots=True)
class Kill:
    """A-G2: the killed car (team and car slot) and, where one exists, the killing car, its
    character and how (weapon or ram; `weapon` may name it)."""

    victim_team: str
    victim_car: str
    killer_team: str | None = None
    killer_car: str | None = None
    killer: str | None = None
    how: KillHow | None = None
    weapon: str = ""


@dataclass(frozen=True, slots=True)
class Casualty:
    """A-G3: how a character ended the game, when not unhurt."""

    team: str
    character: str
    state: CrewState


@dataclass(frozen=True, slots=True)
class Substitution:
    """A-G4: car `on` came from the pits for car `off`, which was killed or driven off."""

    team: str
    on: str
    off: str
    because: LeftBecause


@dataclass(frozen=True, slots=True)
class MatchReport:
    """A-G5: a game's result. `winner` is a team key, or None for a draw (time-limit games
    only, A-G1); `time_limit` says the teams agreed a time limit instead of the target."""

    home: str
    away: str
    home_score: int
    away_score: int
    winner: str | None
    goals: tuple[Goal, ...] = ()
    kills: tuple[Kill, ...] = ()
    casualties: tuple[Casualty, ...] = ()
    substitutions: tuple[Substitution, ...] = ()
    time_limit: bool = False

    def score(self, team: str) -> int:
        return self.home_score if team == self.home else self.away_score


def took_part(lineup: MatchLineup, substitutions: Iterable[Substitution]) -> set[str]:
    """A-G4: the cars of `lineup` that took part: the starters and those that came on."""
    came_on = {sub.on for sub in substitutions if sub.team == lineup.team}
    return set(lineup.starters()) | (came_on & {car.slot for car in lineup.cars})


def took_part_seats(
    lineup: MatchLineup, substitutions: Iterable[Substitution]
) -> list[tuple[Seat, str]]:
    """A-G4: everyone of `lineup` who took part, with his seat: the crews of the cars that
    took part, then the peds (the roller-skater variant)."""
    present = took_part(lineup, substitutions)
    seats = [
        (seat, who)
        for car in lineup.cars
        if car.slot in present
        for seat, who in car.crew().items()
    ]
    return seats + [(Seat.PED, ped) for ped in lineup.peds]


def report_errors(
    report: MatchReport,
    *,
    home: MatchLineup,
    away: MatchLineup,
    settings: ArenaballSettings | None = None,
) -> list[Problem]:
    """A-G1 to A-G5: every error of `report`, given both teams' line-ups for the game."""
    return _Validation(report, home, away, settings or ArenaballSettings()).errors()


def table_game(report: MatchReport) -> TableGame:
    """A-L1: the game as the shared standings table counts it: no overtime, and each side's
    kills for the kills tie-breaker (:data:`rules.arenaball.KILLS`)."""
    kills = game_kills(report)
    return TableGame(
        report.home,
        report.away,
        report.home_score,
        report.away_score,
        False,
        home_counts=((KILLS.key, kills[report.home]),),
        away_counts=((KILLS.key, kills[report.away]),),
    )


def game_kills(report: MatchReport) -> dict[str, int]:
    """A-L1: each team's kills in one game. **Decided**: a kill counts for the killing car's
    team when it killed a car of the other team; kills with no killer and a team's kills of
    its own cars count for nobody."""
    kills = {report.home: 0, report.away: 0}
    for kill in report.kills:
        if kill.killer_team in kills and kill.killer_team != kill.victim_team:
            kills[kill.killer_team] += 1
    return kills


def team_kills(reports: Iterable[MatchReport]) -> dict[str, int]:
    """A-L1: each team's kills over `reports` (every team of a report appears, with 0 if it
    killed nothing), as the kills tie-breaker adds them up."""
    kills: Counter[str] = Counter()
    for report in reports:
        kills.update(game_kills(report))
    return dict(kills)


class _Validation:
    """One report's checks; each method appends to `problems`."""

    def __init__(
        self,
        report: MatchReport,
        home: MatchLineup,
        away: MatchLineup,
        settings: ArenaballSettings,
    ) -> None:
        self.report = report
        self.settings = settings
        self.lineups = {home.team: home, away.team: away}
        self.problems: list[Problem] = []
        self.present = {
            team: took_part(lineup, report.substitutions) for team, lineup in self.lineups.items()
        }

    def add(self, code: str, rule: str, field: str, message: str) -> None:
        self.problems.append(Problem(code, rule, field, message))

    def errors(self) -> list[Problem]:
        report = self.report
        if report.home == report.away:
            self.add("same_team", "A-G5", "away", "A team cannot play itself.")
        if set(self.lineups) != {report.home, report.away}:
            self.add(
                "lineup_mismatch",
                "A-G5",
                "",
                "The line-ups given are not those of the report's two teams.",
            )
            return self.problems
        self._check_scores()
        self._check_goals()
        self._check_winner()
        self._check_kills()
        self._check_casualties()
        self._check_substitutions()
        return self.problems

    # --- helpers -------------------------------------------------------------------------------

    def _team_ok(self, team: str | None, field: str) -> bool:
        if team in self.lineups:
            return True
        self.add("team_not_in_game", "A-G5", field, f"{team!r} is not a team of this game.")
        return False

    def _seat_of(self, team: str, character: str) -> tuple[str, Seat] | None:
        """The car (that took part) and seat `character` had for `team`, if any; a ped's
        "seat" is on his roller skates, in no car ("")."""
        if character in self.lineups[team].peds:
            return "", Seat.PED
        for car in self.lineups[team].cars:
            if car.slot not in self.present[team]:
                continue
            for seat, who in car.crew().items():
                if who == character:
                    return car.slot, seat
        return None

    # --- A-G1, A-G5: the score -----------------------------------------------------------------

    def _check_scores(self) -> None:
        report = self.report
        for side, team in (("home", report.home), ("away", report.away)):
            declared = report.score(team)
            if declared < 0:
                self.add("negative", "A-G5", f"{side}_score", "A score cannot be negative.")
                continue
            scored = sum(goal.points for goal in report.goals if goal.team == team)
            if scored != declared:
                self.add(
                    "score_mismatch",
                    "A-G5",
                    f"{side}_score",
                    f"The goals listed for {team} add up to {scored}, not {declared}.",
                )

    def _check_goals(self) -> None:
        """A-G1, A-G5: each goal by a driver of a car of his team that took part; in a
        first-to-target game, the target is reached once, by the last goal."""
        report = self.report
        target = self.settings.target_points
        running = dict.fromkeys(self.lineups, 0)
        reached_at: int | None = None
        for index, goal in enumerate(report.goals):
            if not self._team_ok(goal.team, f"goals.{index}.team"):
                continue
            self._check_scorer(index, goal)
            running[goal.team] += goal.points
            if report.time_limit:
                continue
            if reached_at is not None:
                self.add(
                    "goal_after_end",
                    "A-G1",
                    f"goals.{index}",
                    f"The game ended when a team reached {target} (goal {reached_at + 1}); "
                    "no goal comes after it.",
                )
            elif running[goal.team] >= target:
                reached_at = index
        if not report.time_limit and reached_at is None:
            self.add(
                "not_finished",
                "A-G1",
                "goals",
                f"The first team to {target} points wins; the goals listed take neither "
                f"team to {target}.",
            )

    def _check_scorer(self, index: int, goal: Goal) -> None:
        """A-G5: the steel ball's scorer drove the car that carried it; the aluminium ball's
        (the roller-skater variant) is a ped of the team, who threw or rolled it in."""
        seat = self._seat_of(goal.team, goal.scorer)
        field = f"goals.{index}.scorer"
        if goal.ball is Ball.ALUMINIUM:
            if not self.settings.roller_skaters:
                self.add(
                    "ball_not_in_play",
                    "A-G5",
                    f"goals.{index}.ball",
                    "This league plays without roller skaters: only the steel ball scores.",
                )
            elif seat is None or seat[1] is not Seat.PED:
                self.add(
                    "scorer_not_ped",
                    "A-G5",
                    field,
                    f"{goal.scorer} was no ped of {goal.team} in this game; the aluminium "
                    "ball is thrown or rolled in by a ped on roller skates.",
                )
        elif seat is None or seat[1] is not Seat.DRIVER:
            self.add(
                "scorer_not_driver",
                "A-G5",
                field,
                f"{goal.scorer} did not drive a car of {goal.team} in this game; the scorer "
                "is the driver who carried the ball"
                + (" (a ped scores with the aluminium ball)." if seat else "."),
            )

    def _check_winner(self) -> None:
        """A-G1: first to the target wins; in a time-limit game the higher score, level a
        draw."""
        report = self.report
        if report.time_limit and not self.settings.time_limit_games:
            self.add(
                "time_limit_not_allowed",
                "A-G1",
                "time_limit",
                "This league plays every game to "
                f"{self.settings.target_points} points, not to a time limit.",
            )
        if report.winner is not None and not self._team_ok(report.winner, "winner"):
            return
        if report.time_limit:
            if report.home_score == report.away_score:
                expected = None
            else:
                expected = report.home if report.home_score > report.away_score else report.away
        else:
            target = self.settings.target_points
            at_target = [t for t in (report.home, report.away) if report.score(t) >= target]
            if len(at_target) != 1:
                self.add(
                    "target_not_once",
                    "A-G1",
                    "home_score",
                    f"Exactly one team reaches {target} points in a finished game; "
                    f"{len(at_target)} do here.",
                )
                return
            expected = at_target[0]
        if report.winner != expected:
            self.add(
                "winner_wrong",
                "A-G1",
                "winner",
                "A draw." if expected is None else f"By the score, {expected} won.",
            )

    # --- A-G2: kills ---------------------------------------------------------------------------

    def _check_kills(self) -> None:
        killed: Counter[tuple[str, str]] = Counter()
        for index, kill in enumerate(self.report.kills):
            field = f"kills.{index}"
            if self._team_ok(kill.victim_team, f"{field}.victim_team"):
                if kill.victim_car not in self.present[kill.victim_team]:
                    self.add(
                        "car_not_in_game",
                        "A-G5",
                        f"{field}.victim_car",
                        f"Car {kill.victim_car} of {kill.victim_team} did not take part.",
                    )
                killed[kill.victim_team, kill.victim_car] += 1
                if killed[kill.victim_team, kill.victim_car] == 2:
                    self.add(
                        "killed_twice",
                        "A-G2",
                        f"{field}.victim_car",
                        f"Car {kill.victim_car} of {kill.victim_team} is killed twice; a killed "
                        "car does not come back.",
                    )
            self._check_killer(kill, field)

    def _check_killer(self, kill: Kill, field: str) -> None:
        """A-G2: the killer's car, character and how come together, or not at all; a ped
        (the roller-skater variant) kills from no car, with a hand weapon."""
        team, car_slot, killer, how = kill.killer_team, kill.killer_car, kill.killer, kill.how
        if team in self.lineups and killer in self.lineups[team].peds:
            if car_slot is not None or how is not KillHow.WEAPON:
                self.add(
                    "ped_kill",
                    "A-G2",
                    f"{field}.how",
                    f"{killer} was a ped on roller skates: he kills from no car, with a hand "
                    "weapon, never a ram.",
                )
            return
        if team is None or car_slot is None or killer is None or how is None:
            if any(part is not None for part in (team, car_slot, killer, how)):
                self.add(
                    "killer_incomplete",
                    "A-G2",
                    f"{field}.killer",
                    "Name the killing team, car, character and how (weapon or ram), or none "
                    "of them when no car made the kill.",
                )
            return
        if not self._team_ok(team, f"{field}.killer_team"):
            return
        if car_slot not in self.present[team]:
            self.add(
                "car_not_in_game",
                "A-G5",
                f"{field}.killer_car",
                f"Car {car_slot} of {team} did not take part.",
            )
            return
        car = self.lineups[team].car(car_slot)
        crew = car.crew() if car else {}
        seat = next((s for s, who in crew.items() if who == killer), None)
        if seat is None:
            self.add(
                "killer_not_in_car",
                "A-G5",
                f"{field}.killer",
                f"{killer} was not in car {car_slot} of {team}.",
            )
        elif how is KillHow.RAM and seat is not Seat.DRIVER:
            self.add(
                "ram_by_gunner",
                "A-G2",
                f"{field}.killer",
                f"{killer} was the gunner; a ram is credited to the car's driver.",
            )

    # --- A-G3, A-G5: casualties ----------------------------------------------------------------

    def _check_casualties(self) -> None:
        named: Counter[str] = Counter()
        for index, casualty in enumerate(self.report.casualties):
            field = f"casualties.{index}"
            named[casualty.character] += 1
            if named[casualty.character] == 2:
                self.add(
                    "casualty_twice",
                    "A-G3",
                    f"{field}.character",
                    f"{casualty.character} is listed twice; give one state for each character.",
                )
            if not self._team_ok(casualty.team, f"{field}.team"):
                continue
            if self._seat_of(casualty.team, casualty.character) is None:
                dead = casualty.state is CrewState.DEAD
                self.add(
                    "casualty_not_present",
                    "A-G5",
                    f"{field}.character",
                    f"{casualty.character} was in no car of {casualty.team} that took part"
                    + ("; only someone in the game can die in it." if dead else "."),
                )

    # --- A-G4: substitutions -------------------------------------------------------------------

    def _check_substitutions(self) -> None:
        report = self.report
        killed = {(kill.victim_team, kill.victim_car) for kill in report.kills}
        on_track = {team: set(lineup.starters()) for team, lineup in self.lineups.items()}
        left: dict[str, set[str]] = {team: set() for team in self.lineups}
        came_on: dict[str, set[str]] = {team: set() for team in self.lineups}
        for index, sub in enumerate(report.substitutions):
            field = f"substitutions.{index}"
            if not self.settings.substitutes:
                self.add(
                    "substitutes_off",
                    "A-G4",
                    field,
                    "This league plays without substitutes.",
                )
                continue
            if not self._team_ok(sub.team, f"{field}.team"):
                continue
            pits = self.lineups[sub.team].pits
            if sub.on in came_on[sub.team] or sub.on in left[sub.team]:
                self.add(
                    "re_entry",
                    "A-G4",
                    f"{field}.on",
                    f"Car {sub.on} has already come on; no re-entry.",
                )
            elif sub.on not in pits:
                self.add(
                    "substitute_not_in_pits",
                    "A-G4",
                    f"{field}.on",
                    f"Car {sub.on} did not start in the pits, so it cannot come on.",
                )
            if sub.off not in on_track[sub.team]:
                self.add(
                    "replaced_car_not_on_track",
                    "A-G4",
                    f"{field}.off",
                    f"Car {sub.off} was not on the track to be replaced"
                    + (" (it had already left)." if sub.off in left[sub.team] else "."),
                )
            if sub.because is LeftBecause.KILLED and (sub.team, sub.off) not in killed:
                self.add(
                    "substitute_without_kill",
                    "A-G4",
                    f"{field}.because",
                    f"Car {sub.off} is not among the kills; a substitute comes on only for a "
                    "car killed or driven off.",
                )
            on_track[sub.team].discard(sub.off)
            left[sub.team].add(sub.off)
            on_track[sub.team].add(sub.on)
            came_on[sub.team].add(sub.on)
