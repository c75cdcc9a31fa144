"""Match reports (A-G1 … A-G5): a coach of either team or a commissioner reports a game; the
commissioner corrects or voids it. Each report is checked against the rules with both teams'
line-ups as they took the field (cars, designs, crews and the two cars in the pits, A-G4),
every error beside its field; then the core stores the result and its aftermath recomputes
the standings and (arenaball/services/aftermath.py) every character's points and casualties."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Prefetch

from arenaball.cast import Cast
from arenaball.catalogue import league_parts
from arenaball.errors import ArenaballError, problems_refused
from arenaball.models import (
    Car,
    Character,
    Pits,
    Report,
    ReportCasualty,
    ReportGoal,
    ReportKill,
    ReportSubstitution,
)
from arenaball.report_input import ReportData
from arenaball.selectors import (
    car_design_problems,
    designs_with_fittings,
    lineup_snapshot,
    report_state,
    season_rules,
)
from league.access import Actor, require_coach_or_commissioner
from league.audit import audit_record
from league.models import Fixture, Result, Team
from league.services.result_steps import fixture_lock, result_score_errors
from league.services.results import ResultSeam, Score, result_correct, result_record, result_void
from rules import arenaball as rules
from rules.arenaball import PITS_CARS, TRACK_SLOTS


@dataclass(frozen=True)
class Checked:
    """A report checked against the rules: the rules' report and line-ups, the cast."""

    report: rules.MatchReport
    home: rules.MatchLineup
    away: rules.MatchLineup
    cast: Cast
    lineups: dict[str, Any] = field(default_factory=dict)


# --- line-ups ------------------------------------------------------------------------------------


def rules_lineup(snapshot: Mapping[str, Any], cast: Cast) -> rules.MatchLineup:
    return rules.MatchLineup(
        team=cast.team_key(snapshot["team"]) or "",
        cars=tuple(
            rules.TeamCar(
                slot=car["slot"],
                design=car["design"],
                driver=cast.character_key(car["driver"]),
                gunner=cast.character_key(car["gunner"]),
            )
            for car in snapshot["cars"]
        ),
        pits=frozenset(snapshot["pits"]),
        peds=tuple(cast.character_key(pk) or "" for pk in snapshot.get("peds", ())),
    )


def _snapshot_designs(snapshot: Mapping[str, Any]) -> dict[str, rules.Design]:
    return {
        car["design"]: rules.Design(
            name=car["design"],
            role=rules.CarRole(car["role"]),
            crew=(rules.Seat.DRIVER,) + (rules.Seat.GUNNER,) * car["gunners"],
        )
        for car in snapshot["cars"]
    }


def pits_choose(*, fixture: Fixture, team: Team, actor: Actor, slots: Sequence[str]) -> Pits:
    """A-G4: the two track cars `team` starts `fixture` in the pits (its coach or a
    commissioner, before the result)."""
    require_coach_or_commissioner(user=actor, team=team)
    slots = sorted(set(slots))
    problems = _pits_problems(slots)
    if team.pk not in (fixture.home_team_id, fixture.away_team_id):
        raise ArenaballError(f"{team} does not play {fixture}.", code="not_in_fixture")
    if problems:
        raise ArenaballError(" ".join(problems), code="pits_invalid", field="pits")
    with transaction.atomic():
        locked = fixture_lock(fixture_id=fixture.pk)
        if Result.objects.filter(fixture=locked).exists():
            raise ArenaballError(f"{locked} has been played.", code="already_played")
        pits, _ = Pits.objects.update_or_create(
            fixture=locked,
            team=team,
            defaults={
                "slots": slots,
                "chosen_by": actor if actor and actor.is_authenticated else None,
            },
        )
        audit_record(
            actor=actor,
            action="arenaball.pits",
            obj=pits,
            league=locked.round.season.league,
            message=f"{team} start {locked} with cars {' and '.join(slots)} in the pits",
            after={"slots": slots},
        )
    return pits


def _pits_problems(slots: Sequence[str]) -> list[str]:
    problems = [
        f"Car {slot} is not a track car (1 to 5)." for slot in slots if slot not in TRACK_SLOTS
    ]
    if len(slots) != PITS_CARS:
        problems.append(f"Choose {PITS_CARS} track cars to start in the pits (A-G4).")
    return problems


# --- checking ------------------------------------------------------------------------------------


def report_check(
    *,
    fixture: Fixture,
    data: ReportData,
    lineups: Mapping[str, Any] | None = None,
    settings: rules.ArenaballSettings | None = None,
) -> Checked:
    """Check `data` for `fixture` (A-G1 … A-G5, and each side's line-up: A-T1, A-T2, A-G4,
    A-P3) against `lineups` (a stored report's) or the teams as they are now; raises an
    ArenaballError with every problem beside its field."""
    season = fixture.round.season
    settings = settings or season_rules(season=season)
    home_team, away_team = fixture.home_team, fixture.away_team
    characters = Character.objects.filter(team__in=(home_team, away_team))
    cast = Cast((home_team, away_team), characters)
    fresh = lineups is None
    snapshots = dict(lineups or {})
    for side, team, pits, peds in (
        ("home", home_team, data.home_pits, data.home_peds),
        ("away", away_team, data.away_pits, data.away_peds),
    ):
        if fresh:
            snapshots[side] = lineup_snapshot(fixture=fixture, team=team, pits=pits, peds=peds)
            continue
        if pits is not None:
            snapshots[side] = {**snapshots[side], "pits": sorted(pits)}
        if peds is not None:
            snapshots[side] = {**snapshots[side], "peds": list(peds)}
    home = rules_lineup(snapshots["home"], cast)
    away = rules_lineup(snapshots["away"], cast)
    problems: list[rules.Problem] = []
    for side, lineup in (("home", home), ("away", away)):
        team_id = snapshots[side]["team"]
        roster, former = _roster(cast, team_id)
        for problem in rules.lineup_errors(
            lineup=lineup,
            designs=_snapshot_designs(snapshots[side]),
            roster=roster,
            # A stored line-up is the game as played: who has left since still sat in it.
            former=() if fresh else former,
            unavailable=_unavailable(cast, team_id) if fresh else (),
            settings=settings,
        ):
            problems.append(_prefixed(problem, side))
    if fresh:  # A-T3 to A-T5: a car plays only if its design holds at kick-off
        problems += _design_problems((home_team, away_team), settings)
    report = data.to_rules(cast=cast, home=home_team, away=away_team, settings=settings)
    problems += rules.report_errors(report, home=home, away=away, settings=settings)
    score_errors = result_score_errors(home_score=data.home_score, away_score=data.away_score)
    if score_errors or problems:
        problems += [
            rules.Problem("score_invalid", "A-G5", name, text)
            for name, text in score_errors.items()
        ]
        raise problems_refused(problems, code="invalid_report")
    return Checked(report, home, away, cast, snapshots)


def _design_problems(
    teams: tuple[Team, Team], settings: rules.ArenaballSettings
) -> list[rules.Problem]:
    """Each side's cars whose designs break a limit under the season's settings now."""
    parts = league_parts(league=teams[0].league)
    problems = []
    for side, team in zip(("home", "away"), teams, strict=True):
        designs = Prefetch("design", queryset=designs_with_fittings())
        cars = sorted(
            Car.objects.filter(team=team).prefetch_related(designs),
            key=lambda car: rules.CAR_SLOTS.index(car.slot),
        )
        problems += [
            _prefixed(problem, side)
            for problem in car_design_problems(cars=cars, settings=settings, parts=parts)
        ]
    return problems


def _roster(cast: Cast, team_id: int) -> tuple[set[str], set[str]]:
    """A-T2: the keys of the team's characters on its roster (living, not released), which
    count towards its 12, and of those who have left it (the dead, the released)."""
    roster: set[str] = set()
    former: set[str] = set()
    for pk, character in cast.characters.items():
        if character.team_id == team_id and (key := cast.character_key(pk)):
            (roster if character.state == Character.State.ACTIVE else former).add(key)
    return roster, former


def _unavailable(cast: Cast, team_id: int) -> list[str]:
    """A-P3: the team's characters who may not play: the dead and the injured still missing
    games."""
    return [
        key
        for pk, character in cast.characters.items()
        if character.team_id == team_id
        and (character.state == Character.State.DEAD or character.games_to_miss > 0)
        and (key := cast.character_key(pk))
    ]


def _prefixed(problem: rules.Problem, side: str) -> rules.Problem:
    where = f"{side}.{problem.field}" if problem.field else side
    return rules.Problem(problem.code, problem.rule, where, problem.message)


# --- writing -------------------------------------------------------------------------------------


def report_record(*, fixture: Fixture, data: ReportData, actor: Actor) -> Result:
    """A game's report (a coach of either team or a commissioner): checked, stored with the
    core's result, the fixture played, the aftermath run, audited; all or nothing."""
    return result_record(fixture_id=fixture.pk, report=data, actor=actor, seam=ARENABALL_RESULTS)


def report_correct(*, fixture: Fixture, data: ReportData, actor: Actor) -> Result:
    """A commissioner corrects a played game's report: checked against the line-ups it was
    played with, everything it caused recomputed, audited with before and after."""
    return result_correct(fixture_id=fixture.pk, report=data, actor=actor, seam=ARENABALL_RESULTS)


def report_void(*, fixture: Fixture, actor: Actor) -> Fixture:
    """A commissioner voids a game's result: the fixture is to be played again and all it
    caused (points, deaths, injuries, the table) is recomputed away."""
    return result_void(fixture_id=fixture.pk, actor=actor, seam=ARENABALL_RESULTS)


class ArenaballResults(ResultSeam):
    """Arenaball's part of a result's lifecycle (league/services/results.py): the report
    checked (report_check) against the line-ups as they took the field, or a correction
    against those it was played with; its goals, kills, casualties and substitutions."""

    def check(
        self, *, fixture: Fixture, report: Any, source: str, result: Result | None
    ) -> tuple[ReportData, Checked]:
        stored = None if result is None else Report.objects.filter(result=result).first()
        lineups = stored.lineups if stored else None
        return report, report_check(fixture=fixture, data=report, lineups=lineups)

    def score(self, checked: Any) -> Score:
        data: ReportData = checked[0]
        # A game with no overtime: a correction leaves the result's as it was.
        return Score(data.home_score, data.away_score, overtime=None)

    def store(self, *, fixture: Fixture, result: Result, checked: Any, actor: Actor) -> None:
        _store(result, checked[1])

    def unstore(self, *, fixture: Fixture, result: Result, checked: Any | None) -> None:
        if checked is not None:  # a void deletes the report with its result
            Report.objects.filter(result=result).delete()

    def state(self, *, result: Result) -> dict[str, Any]:
        return report_state(result)


ARENABALL_RESULTS = ArenaballResults()


def _store(result: Result, checked: Checked) -> None:
    report, cast = checked.report, checked.cast
    stored = Report.objects.create(
        result=result,
        time_limit=report.time_limit,
        winner_id=cast.team_id(report.winner),
        lineups=checked.lineups,
    )
    ReportGoal.objects.bulk_create(
        ReportGoal(
            report=stored,
            order=index,
            team_id=cast.team_pk(goal.team),
            scorer_id=cast.character_pk(goal.scorer),
            plate=goal.plate.value,
            ball=goal.ball.value,
        )
        for index, goal in enumerate(report.goals)
    )
    ReportKill.objects.bulk_create(
        ReportKill(
            report=stored,
            order=index,
            victim_team_id=cast.team_pk(kill.victim_team),
            victim_car=kill.victim_car,
            killer_team_id=cast.team_id(kill.killer_team),
            killer_car=kill.killer_car or "",
            killer_id=cast.character_id(kill.killer),
            how=kill.how.value if kill.how else "",
            weapon=kill.weapon,
        )
        for index, kill in enumerate(report.kills)
    )
    ReportCasualty.objects.bulk_create(
        ReportCasualty(
            report=stored,
            order=index,
            team_id=cast.team_pk(casualty.team),
            character_id=cast.character_pk(casualty.character),
            state=casualty.state.value,
        )
        for index, casualty in enumerate(report.casualties)
    )
    ReportSubstitution.objects.bulk_create(
        ReportSubstitution(
            report=stored,
            order=index,
            team_id=cast.team_pk(sub.team),
            on=sub.on,
            off=sub.off,
            because=sub.because.value,
        )
        for index, sub in enumerate(report.substitutions)
    )
