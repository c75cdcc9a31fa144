"""A team's cars and crews (A-T1, A-T2): set up when the core creates the team, then the coach
signs, renames and releases characters and seats them, every change checked against the
rules (rules.arenaball.team_errors) and audited."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from django.db import transaction
from django.utils import timezone

from arenaball.catalogue import league_catalogue_ensure
from arenaball.crew_input import CarChoice
from arenaball.errors import ArenaballError, problems_refused
from arenaball.models import Car, Character, Design
from arenaball.selectors import character_release_refusal, team_designs, team_settings
from arenaball.services.designs import design_from_rules
from league.access import Actor, require_coach_or_commissioner
from league.audit import audit_record
from league.models import Team
from rules import arenaball as rules
from rules.arenaball import GOALKEEPER, GOALKEEPER_SLOT, ROSTER_SIZE, TRACK_CAR, TRACK_SLOTS
from rules.names import player_names

SLOTS = (*TRACK_SLOTS, GOALKEEPER_SLOT)
#: A new team's roster: a driver for each of the six cars, the goalkeeper's gunner, a reserve.
STARTING_ROSTER = len(SLOTS) + 2


def team_setup(*, team: Team, actor: Actor) -> None:
    """A new team's start (the core has just created it): the league's catalogue, the seed's
    Track Car and Goalkeeper as its designs (A-T5), a roster of eight characters with
    reproducible names, and its six cars crewed (A-T1, A-T2). The coach changes any of it."""
    league_catalogue_ensure(league=team.league)
    track = design_from_rules(team=team, design=TRACK_CAR, actor=None)
    keeper = design_from_rules(team=team, design=GOALKEEPER, actor=None)
    names = player_names(STARTING_ROSTER, rng=random.Random(f"arenaball-team-{team.pk}"))
    crew = Character.objects.bulk_create(Character(team=team, name=name) for name in names)
    Car.objects.bulk_create(
        Car(
            team=team,
            slot=slot,
            design=keeper if slot == GOALKEEPER_SLOT else track,
            driver=crew[index],
            gunner=crew[len(SLOTS)] if slot == GOALKEEPER_SLOT else None,
        )
        for index, slot in enumerate(SLOTS)
    )


def team_cars_set(*, team: Team, actor: Actor, cars: Sequence[CarChoice]) -> list[Car]:
    """Give `team`'s six cars their designs and crews at once (its coach or a commissioner);
    refused with every problem named (A-T1, A-T2) when the team would break a rule."""
    require_coach_or_commissioner(user=actor, team=team)
    with transaction.atomic():
        _lock(team)
        designs = {design.pk: design for design in team_designs(team=team)}
        roster = {c.pk: c for c in Character.objects.filter(team=team, state="active")}
        # The rules name characters and designs by key: their names, unique in a team.
        problems = rules.team_errors(
            cars=[_team_car(choice, roster, designs) for choice in cars],
            designs={design.name: design_of(design) for design in designs.values()},
            roster={character.name for character in roster.values()},
            settings=team_settings(team=team),
        )
        if problems:
            raise problems_refused(problems, code="team_illegal")
        stored = {car.slot: car for car in Car.objects.filter(team=team)}
        before = {slot: _car_state(car) for slot, car in stored.items()}
        for choice in cars:
            car = stored.get(choice.slot) or Car(team=team, slot=choice.slot)
            car.design = designs[choice.design]
            car.driver = roster.get(choice.driver) if choice.driver else None
            car.gunner = roster.get(choice.gunner) if choice.gunner else None
            car.save()
            stored[choice.slot] = car
        audit_record(
            actor=actor,
            action="arenaball.cars.set",
            obj=team,
            league=team.league,
            message=f"{team}: cars and crews",
            before=before,
            after={slot: _car_state(car) for slot, car in stored.items()},
        )
    return [stored[slot] for slot in SLOTS if slot in stored]


def character_sign(*, team: Team, actor: Actor, name: str) -> Character:
    """A-T2, A-P3: sign a new character (a replacement for the dead, or a reserve) while the
    roster has fewer than 12."""
    require_coach_or_commissioner(user=actor, team=team)
    name = " ".join(name.split())
    if not name or len(name) > 60:
        raise ArenaballError("Give the character a name of 1 to 60 characters.", field="name")
    with transaction.atomic():
        _lock(team)
        roster = Character.objects.filter(team=team, state=Character.State.ACTIVE)
        if roster.count() >= ROSTER_SIZE:
            raise ArenaballError(
                f"{team}'s roster is full ({ROSTER_SIZE} characters, A-T2): release one first.",
                code="roster_full",
            )
        if roster.filter(name=name).exists():
            raise ArenaballError(f"{team} already has {name}.", code="name_taken", field="name")
        character = Character.objects.create(team=team, name=name)
        audit_record(
            actor=actor,
            action="arenaball.character.sign",
            obj=character,
            league=team.league,
            message=f"{team} signed {name}",
        )
    return character


def character_rename(*, character: Character, actor: Actor, name: str) -> Character:
    team = character.team
    require_coach_or_commissioner(user=actor, team=team)
    name = " ".join(name.split())
    if not name or len(name) > 60:
        raise ArenaballError("Give the character a name of 1 to 60 characters.", field="name")
    with transaction.atomic():
        _lock(team)
        if (
            Character.objects.filter(team=team, state=Character.State.ACTIVE, name=name)
            .exclude(pk=character.pk)
            .exists()
        ):
            raise ArenaballError(f"{team} already has {name}.", code="name_taken", field="name")
        before = character.name
        character.name = name
        character.save(update_fields=["name"])
        audit_record(
            actor=actor,
            action="arenaball.character.rename",
            obj=character,
            league=team.league,
            message=f"{before} is now {name}",
            before={"name": before},
            after={"name": name},
        )
    return character


def character_release(*, character: Character, actor: Actor) -> Character:
    """Release a character who crews no car; his career stays on record."""
    team = character.team
    require_coach_or_commissioner(user=actor, team=team)
    with transaction.atomic():
        _lock(team)
        character.refresh_from_db()
        if (refusal := character_release_refusal(character)) is not None:
            raise refusal
        character.state = Character.State.RELEASED
        character.left_at = timezone.now()
        character.save(update_fields=["state", "left_at"])
        audit_record(
            actor=actor,
            action="arenaball.character.release",
            obj=character,
            league=team.league,
            message=f"{team} released {character}",
        )
    return character


def design_of(design: Design) -> rules.Design:
    """A stored design as the team checks read it (role and seats are what they need)."""
    return rules.Design(
        name=design.name,
        role=rules.CarRole(design.role),
        crew=(rules.Seat.DRIVER,) + (rules.Seat.GUNNER,) * design.gunners,
    )


def _team_car(
    choice: CarChoice, roster: Mapping[int, Character], designs: Mapping[int, Design]
) -> rules.TeamCar:
    def who(pk: int | None) -> str | None:
        if pk is None:
            return None
        return roster[pk].name if pk in roster else f"Character {pk}"

    design = designs.get(choice.design)
    return rules.TeamCar(
        slot=choice.slot,
        design=design.name if design else f"design {choice.design}",
        driver=who(choice.driver),
        gunner=who(choice.gunner),
    )


def _lock(team: Team) -> None:
    # Locks the team: its roster, designs and cars change one request at a time.
    Team.objects.select_for_update().filter(pk=team.pk).first()


def _car_state(car: Car) -> dict[str, int | None]:
    return {"design": car.design_id, "driver": car.driver_id, "gunner": car.gunner_id}
