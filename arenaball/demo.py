"""Arenaball's demo league (`./dev run`): six teams set up by the ruleset (the seed's designs,
eight characters, six crewed cars), a single round robin started, and its first rounds
reported through arenaball.services with goals, kills by weapon and ram, substitutions after
kills, casualties, and a death whose replacement is signed and seated. Everything random
comes from `random.Random(seed)`, so a seed gives the same league on any database; building
it twice changes nothing."""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.db import transaction

from arenaball.crew_input import CarChoice
from arenaball.models import Car, Character
from arenaball.report_input import CasualtyData, GoalData, KillData, ReportData, SubstitutionData
from arenaball.selectors import season_rules, team_cars
from arenaball.services import character_sign, report_record, team_cars_set
from league.demo import DemoSummary, demo_people
from league.models import Fixture, League, Season, Team
from league.services.leagues import league_create
from league.services.rounds import round_open
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_create, season_transition
from league.services.teams import team_create
from rules.arenaball import PITS_CARS, TRACK_SLOTS, CrewState, Plate

LEAGUE_NAME = "Arenaball Demo League"
SEASON_NAME = "2026 Season"
#: The MagnoBall demo's convention (games/demo.py), so one password opens every demo login.
PLAYED_ROUNDS = 3

# (name, short name, colour, coach username)
TEAMS = (
    ("Amarillo Armadillos", "AMA", "#b9770e", "rosa"),
    ("Barstow Blasters", "BAR", "#922b21", "hank"),
    ("Cheyenne Chargers", "CHY", "#1f618d", "wren"),
    ("Dayton Demolishers", "DAY", "#6c3483", "otis"),
    ("Elko Enforcers", "ELK", "#117a65", "june"),
    ("Flagstaff Furies", "FLG", "#cb4335", "dex"),
)
#: The demo's casualties, in the order its kills happen: the first killed car's driver dies,
#: the second's is injured (he misses his team's next game), then the dice decide.
CASUALTY_PLAN = (CrewState.DEAD, CrewState.INJURED)
LATER_CASUALTIES = (None, None, CrewState.STUNNED, CrewState.INJURED, CrewState.UNCONSCIOUS)


def demo_league_build(*, seed: int = 2026) -> DemoSummary:
    commissioner, coaches, logins = demo_people(
        league_name=LEAGUE_NAME, teams=[(name, username) for name, *_, username in TEAMS]
    )
    existing = League.objects.filter(name=LEAGUE_NAME).first()
    if existing is not None:
        season = existing.seasons.get(name=SEASON_NAME)
        return DemoSummary(existing, season, created=False, logins=logins)

    rng = random.Random(seed)
    with transaction.atomic():
        league = league_create(
            name=LEAGUE_NAME,
            actor=commissioner,
            ruleset="arenaball",
            commissioners=[commissioner],
            description="Six teams of the desert circuit: armoured cars, a steel ball and "
            "first to five points. A single round robin, then the top four play off.",
        )
        season = season_create(
            league=league,
            name=SEASON_NAME,
            actor=commissioner,
            starts_on=datetime.date(2026, 11, 14),
            double_round_robin=False,
            playoff_teams=4,
        )
        for name, short_name, colour, username in TEAMS:
            team_create(
                season=season,
                name=name,
                short_name=short_name,
                colour=colour,
                coach=coaches[username],
                actor=commissioner,
            )
        season_generate_schedule(season=season, actor=commissioner, seed=seed)
        season = season_transition(season=season, to=Season.Status.ACTIVE, actor=commissioner)
        table = _Table(
            rng=rng, actor=commissioner, target=season_rules(season=season).target_points
        )
        for round_ in season.rounds.filter(number__lte=PLAYED_ROUNDS).order_by("number"):
            round_open(round_=round_, actor=None)
            for fixture in round_.fixtures.select_related("home_team", "away_team").order_by("id"):
                table.play(fixture)
        # The next round is open: its games wait for the coaches' pits and reports.
        following = season.rounds.get(number=PLAYED_ROUNDS + 1)
        round_open(round_=following, actor=None)
    return DemoSummary(league, season, created=True, logins=logins)


@dataclass
class _Side:
    """One team's line-up for a game as the demo plays it."""

    team: Team
    cars: dict[str, Car]
    pits: list[str]
    came_on: list[str] = field(default_factory=list)

    def starters(self) -> list[str]:
        return [slot for slot in TRACK_SLOTS if slot not in self.pits]


@dataclass
class _Table:
    """The demo's table-top: plays each game from the dice and reports it."""

    rng: random.Random
    actor: User
    target: int
    kills_so_far: int = 0

    def play(self, fixture: Fixture) -> None:
        home = self._side(fixture.home_team)
        away = self._side(fixture.away_team)
        winner, loser = (home, away) if self.rng.random() < 0.5 else (away, home)
        kills, casualties, substitutions = self._mayhem(winner, loser)
        goals = self._goals(winner, loser)
        scores = {side.team.pk: 0 for side in (home, away)}
        for goal in goals:
            scores[goal.team] += Plate(goal.plate).points
        data = ReportData(
            home_score=scores[home.team.pk],
            away_score=scores[away.team.pk],
            goals=tuple(goals),
            kills=tuple(kills),
            casualties=tuple(casualties),
            substitutions=tuple(substitutions),
            home_pits=tuple(home.pits),
            away_pits=tuple(away.pits),
        )
        report_record(fixture=fixture, data=data, actor=self.actor)

    def _side(self, team: Team) -> _Side:
        """`team` ready to play: anyone dead or still injured replaced in his seat (a
        replacement signed when the bench is empty), two track cars to the pits."""
        _crew_available(team, actor=self.actor)
        cars = {car.slot: car for car in team_cars(team=team)}
        return _Side(team, cars, sorted(self.rng.sample(TRACK_SLOTS, PITS_CARS)))

    def _goals(self, winner: _Side, loser: _Side) -> list[GoalData]:
        """A-G1: the loser's goals short of the target, the winner's up to it, the winner's
        last goal ending the game."""
        loser_goals = self._plates(self.rng.randint(0, self.target - 1), exactly=True)
        winner_goals = self._plates(self.target)
        final = winner_goals.pop()
        lines = [(winner, plate) for plate in winner_goals] + [(loser, p) for p in loser_goals]
        self.rng.shuffle(lines)
        lines.append((winner, final))
        return [GoalData(side.team.pk, self._scorer(side).pk, plate.value) for side, plate in lines]

    def _plates(self, points: int, *, exactly: bool = False) -> list[Plate]:
        """Plates adding up to `points` (`exactly`), or to at least `points` with the last
        one reaching it; none for 0."""
        plates: list[Plate] = []
        total = 0
        while total < points:
            centre = self.rng.random() < 0.35 and not (exactly and total + 3 > points)
            plates.append(Plate.CENTRE if centre else Plate.OUTER)
            total += plates[-1].points
        return plates

    def _scorer(self, side: _Side) -> Character:
        slot = self.rng.choice(side.starters())
        driver = side.cars[slot].driver
        assert driver is not None  # every car is crewed (A-T2)
        return driver

    def _mayhem(
        self, winner: _Side, loser: _Side
    ) -> tuple[list[KillData], list[CasualtyData], list[SubstitutionData]]:
        """A-G2 … A-G4: up to two kills, each by a car of the other side (ram by its driver,
        weapon by its driver or the goalkeeper's gunner), the victim's driver maybe hurt,
        a car from the pits on for it."""
        kills: list[KillData] = []
        casualties: list[CasualtyData] = []
        substitutions: list[SubstitutionData] = []
        for _ in range(self.rng.choice((0, 1, 1, 2))):
            killer, victim = (winner, loser) if self.rng.random() < 0.6 else (loser, winner)
            killed = {k.victim_car for k in kills if k.victim_team == victim.team.pk}
            alive = [slot for slot in victim.starters() if slot not in killed]
            if not alive:
                continue
            victim_slot = self.rng.choice(alive)
            kills.append(self._kill(killer, victim, victim_slot))
            state = self._casualty()
            victim_driver = victim.cars[victim_slot].driver
            if state is not None and victim_driver is not None:
                casualties.append(CasualtyData(victim.team.pk, victim_driver.pk, state.value))
            waiting = [slot for slot in victim.pits if slot not in victim.came_on]
            if waiting and self.rng.random() < 0.8:
                on = self.rng.choice(waiting)
                victim.came_on.append(on)
                substitutions.append(SubstitutionData(victim.team.pk, on, victim_slot, "killed"))
        return kills, casualties, substitutions

    def _kill(self, killer: _Side, victim: _Side, victim_slot: str) -> KillData:
        keeper = killer.cars["GK"]
        character: Character | None
        if self.rng.random() < 0.3 and keeper.gunner is not None:
            car, character, how, weapon = keeper, keeper.gunner, "weapon", "Machine gun"
        else:
            car = killer.cars[self.rng.choice(killer.starters())]
            character = car.driver
            how, weapon = ("ram", "") if self.rng.random() < 0.5 else ("weapon", "Rocket launcher")
        assert character is not None
        return KillData(
            victim_team=victim.team.pk,
            victim_car=victim_slot,
            killer_team=killer.team.pk,
            killer_car=car.slot,
            killer=character.pk,
            how=how,
            weapon=weapon,
        )

    def _casualty(self) -> CrewState | None:
        index = self.kills_so_far
        self.kills_so_far += 1
        if index < len(CASUALTY_PLAN):
            return CASUALTY_PLAN[index]
        return self.rng.choice(LATER_CASUALTIES)


def _crew_available(team: Team, *, actor: User) -> None:
    """A-P3: a replacement signed for every driver's seat a death left empty, and a bench
    character (or a replacement, when the bench is empty) wherever an injured one sits; one
    team_cars_set for the team."""
    cars = team_cars(team=team)
    out = set(
        Character.objects.filter(team=team)
        .exclude(state=Character.State.ACTIVE, games_to_miss=0)
        .values_list("pk", flat=True)
    )
    seated = {pk for car in cars for pk in (car.driver_id, car.gunner_id) if pk}
    if not seated & out and all(car.driver_id for car in cars):
        return
    roster = Character.objects.filter(team=team, state=Character.State.ACTIVE).order_by("name")
    bench = [c.pk for c in roster if c.pk not in seated and c.pk not in out]

    def seat(pk: int | None, *, required: bool) -> int | None:
        if (pk is not None and pk not in out) or (pk is None and not required):
            return pk
        if bench and pk is not None:  # the injured sit out for the bench
            return bench.pop(0)
        # The dead's seat (emptied by the aftermath) goes to a replacement signed now.
        return character_sign(team=team, actor=actor, name=_replacement_name(team)).pk

    choices = [
        CarChoice(
            car.slot,
            car.design_id,
            seat(car.driver_id, required=True),
            seat(car.gunner_id, required=False),
        )
        for car in cars
    ]
    team_cars_set(team=team, actor=actor, cars=choices)


def _replacement_name(team: Team) -> str:
    """The next rookie's name: reproducible, and unique on the team's roster."""
    taken = set(Character.objects.filter(team=team).values_list("name", flat=True))
    number = 1
    while f"Rookie {team.short_name} {number}" in taken:
        number += 1
    return f"Rookie {team.short_name} {number}"
