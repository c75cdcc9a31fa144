"""What an Arenaball league keeps: each season's settings (A-T1 … A-L1), the league's parts
catalogue (A-T5), each team's designs with their fittings (A-T3, A-T4), its six cars and its
roster of characters (A-T1, A-T2), each game's report (A-G1 … A-G5) and what each character
earned in it (A-P1 … A-P3). Results themselves are the core's `league.Result`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.db import models

from league.choices import enum_choices
from league.models import Fixture, League, Result, Season, Team
from rules import arenaball as rules
from rules.arenaball import (
    GOALKEEPER_SLOT,
    TRACK_SLOTS,
    ArmourMaterial,
    Ball,
    CarRole,
    ComponentKind,
    CrewState,
    KillHow,
    LeftBecause,
    Mounting,
    Plate,
    Seat,
    WeaponClass,
)

SLOT_CHOICES = [(slot, f"Car {slot}") for slot in TRACK_SLOTS] + [(GOALKEEPER_SLOT, "Goalkeeper")]


def _default_tie_breakers() -> list[str]:
    return [str(breaker) for breaker in rules.ArenaballSettings().tie_breakers]


_DEFAULTS = rules.ArenaballSettings()


class SeasonSettings(models.Model):
    """An Arenaball season's rule settings; field names mirror `rules.ArenaballSettings` one
    to one (a test checks it). Frozen once the season leaves draft."""

    season = models.OneToOneField(
        Season, on_delete=models.CASCADE, primary_key=True, related_name="arenaball_settings"
    )
    one_track_design = models.BooleanField(default=_DEFAULTS.one_track_design)
    budget = models.PositiveIntegerField(default=_DEFAULTS.budget)
    target_points = models.PositiveSmallIntegerField(default=_DEFAULTS.target_points)
    time_limit_games = models.BooleanField(default=_DEFAULTS.time_limit_games)
    substitutes = models.BooleanField(default=_DEFAULTS.substitutes)
    grenades = models.BooleanField(default=_DEFAULTS.grenades)
    roller_skaters = models.BooleanField(default=_DEFAULTS.roller_skaters)
    points_per_kill = models.PositiveSmallIntegerField(default=_DEFAULTS.points_per_kill)
    points_per_level = models.PositiveSmallIntegerField(default=_DEFAULTS.points_per_level)
    injury_games_missed = models.PositiveSmallIntegerField(default=_DEFAULTS.injury_games_missed)
    points_win = models.PositiveSmallIntegerField(default=_DEFAULTS.points_win)
    points_draw = models.PositiveSmallIntegerField(default=_DEFAULTS.points_draw)
    points_loss = models.PositiveSmallIntegerField(default=_DEFAULTS.points_loss)
    tie_breakers = models.JSONField(default=_default_tie_breakers)

    class Meta:
        verbose_name = "Arenaball settings"
        verbose_name_plural = "Arenaball settings"

    def __str__(self) -> str:
        return f"Arenaball settings of {self.season}"

    def to_rules(self) -> rules.ArenaballSettings:
        names = rules.ArenaballSettings.__dataclass_fields__
        return rules.ArenaballSettings.from_mapping({name: getattr(self, name) for name in names})


class Part(models.Model):
    """A part of the league's catalogue (A-T4, A-T5): the seed's parts are copied in when the
    league's first Arenaball season is created (`shipped`); the commissioner enters the costs,
    weights and spaces the seed does not give, and adds parts of his own. A design's totals
    are computed from these figures (rules/arenaball/pricing.py)."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="arenaball_parts")
    key = models.SlugField(max_length=60, help_text="A stable handle, e.g. machine_gun.")
    name = models.CharField(max_length=80)
    kind = models.CharField(max_length=20, choices=enum_choices(ComponentKind))
    spaces = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="The spaces it takes in the body (a body: the room it gives; a published "
        "sheet: its spare room).",
    )
    weight = models.PositiveIntegerField(
        null=True, blank=True, help_text="In lbs (armour: a point)."
    )
    cost = models.PositiveIntegerField(
        null=True, blank=True, help_text="In dollars (armour: a point)."
    )
    weapon_class = models.CharField(max_length=10, choices=enum_choices(WeaponClass), blank=True)
    armour_material = models.CharField(
        max_length=20, choices=enum_choices(ArmourMaterial), blank=True
    )
    offensive = models.BooleanField(
        default=True, help_text="For dropped weapons: smoke and paint are not offensive (A-T4)."
    )
    burst = models.BooleanField(
        default=False,
        help_text="A weapon with a burst effect: outlawed while roller skaters play (the "
        "seed's variant).",
    )
    # A published sheet's contents (rules.arenaball.SheetContents): {"parts": [[key, n]],
    # "armour": [[side, points, material]]}; shipped with the seed's sheets only.
    includes = models.JSONField(default=dict, blank=True, editable=False)
    shipped = models.BooleanField(default=False, editable=False)

    class Meta:
        ordering = ["kind", "name"]
        constraints = [
            models.UniqueConstraint(fields=["league", "key"], name="arenaball_part_key_unique")
        ]

    def __str__(self) -> str:
        return self.name

    def to_rules(self) -> rules.Component:
        return rules.Component(
            key=self.key,
            name=self.name,
            kind=ComponentKind(self.kind),
            spaces=self.spaces,
            weight=self.weight,
            cost=self.cost,
            weapon_class=WeaponClass(self.weapon_class) if self.weapon_class else None,
            armour_material=(
                ArmourMaterial(self.armour_material) if self.armour_material else None
            ),
            offensive=self.offensive,
            includes=sheet_contents(self.includes),
            burst=self.burst,
        )


def sheet_contents(value: Mapping[str, Any]) -> rules.SheetContents | None:
    """A part's stored `includes` as the rules read them (None: not a published sheet)."""
    if not value:
        return None
    return rules.SheetContents(
        parts=tuple((str(key), int(count)) for key, count in value.get("parts", ())),
        armour=tuple(
            (rules.Side(side), int(points), ArmourMaterial(material))
            for side, points, material in value.get("armour", ())
        ),
    )


def sheet_contents_json(contents: rules.SheetContents | None) -> dict[str, Any]:
    """:func:`sheet_contents`'s inverse, for storing a shipped sheet."""
    if contents is None:
        return {}
    return {
        "parts": [[key, count] for key, count in contents.parts],
        "armour": [
            [side.value, points, material.value] for side, points, material in contents.armour
        ],
    }


_MATERIALS = enum_choices(ArmourMaterial)
_PLASTIC = ArmourMaterial.PLASTIC.value


class Design(models.Model):
    """A-T4: a team's car design: its catalogue parts (the car itself among them), the armour
    by side, the crew's seats, and the sheet's words describing it. Its cost, weight and
    spaces are computed from the league's catalogue (A-T3, A-T5), never stored."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="arenaball_designs")
    name = models.CharField(max_length=60)
    role = models.CharField(max_length=12, choices=enum_choices(CarRole))
    body = models.CharField(max_length=60, blank=True)
    chassis = models.CharField(max_length=60, blank=True)
    power_plant = models.CharField(max_length=100, blank=True)
    suspension = models.CharField(max_length=60, blank=True)
    tyres = models.CharField(max_length=60, blank=True)
    gunners = models.PositiveSmallIntegerField(
        default=0, help_text="Gunner seats beside the driver's (A-T2)."
    )
    performance = models.CharField(max_length=100, blank=True)
    # A-T4: armour points and material by side, as on the sheet.
    armour_front = models.PositiveSmallIntegerField(default=0)
    armour_back = models.PositiveSmallIntegerField(default=0)
    armour_left = models.PositiveSmallIntegerField(default=0)
    armour_right = models.PositiveSmallIntegerField(default=0)
    armour_top = models.PositiveSmallIntegerField(default=0)
    armour_under = models.PositiveSmallIntegerField(default=0)
    material_front = models.CharField(max_length=20, choices=_MATERIALS, default=_PLASTIC)
    material_back = models.CharField(max_length=20, choices=_MATERIALS, default=_PLASTIC)
    material_left = models.CharField(max_length=20, choices=_MATERIALS, default=_PLASTIC)
    material_right = models.CharField(max_length=20, choices=_MATERIALS, default=_PLASTIC)
    material_top = models.CharField(max_length=20, choices=_MATERIALS, default=_PLASTIC)
    material_under = models.CharField(max_length=20, choices=_MATERIALS, default=_PLASTIC)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["team", "role", "name"]
        constraints = [
            models.UniqueConstraint(fields=["team", "name"], name="arenaball_design_name_unique")
        ]

    def __str__(self) -> str:
        return self.name


class Fitting(models.Model):
    """A catalogue part on a design (A-T4); `links` are the refs of the fittings it is linked
    to."""

    design = models.ForeignKey(Design, on_delete=models.CASCADE, related_name="fittings")
    order = models.PositiveSmallIntegerField(default=0)
    ref = models.SlugField(max_length=30)
    part = models.ForeignKey(Part, on_delete=models.PROTECT, related_name="fittings")
    mounting = models.CharField(max_length=10, choices=enum_choices(Mounting), blank=True)
    quantity = models.PositiveSmallIntegerField(default=1)
    links = models.JSONField(default=list, blank=True)
    ammo = models.CharField(max_length=60, blank=True)
    protects = models.CharField(max_length=120, blank=True)

    class Meta:
        ordering = ["design", "order", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["design", "ref"], name="arenaball_fitting_ref_unique")
        ]

    def __str__(self) -> str:
        return f"{self.part} ({self.ref})"


class Character(models.Model):
    """A-T2: a driver, gunner (or, the roller-skater variant, ped) of a team's roster, with
    his career (A-P1, A-P2: added up from his games) and what a casualty left (A-P3)."""

    class State(models.TextChoices):
        ACTIVE = "active", "On the roster"
        DEAD = "dead", "Dead"
        RELEASED = "released", "Released"

    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="arenaball_characters")
    name = models.CharField(max_length=60)
    state = models.CharField(max_length=10, choices=State.choices, default=State.ACTIVE)
    driver_points = models.PositiveIntegerField(default=0)
    gunner_points = models.PositiveIntegerField(default=0)
    prestige = models.PositiveIntegerField(default=0)
    kills = models.PositiveIntegerField(default=0)
    goals = models.PositiveIntegerField(default=0)
    games = models.PositiveIntegerField(default=0)
    games_to_miss = models.PositiveSmallIntegerField(
        default=0, help_text="Team games he still misses through injury (A-P3)."
    )
    died_in = models.ForeignKey(
        Fixture, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    joined_at = models.DateTimeField(auto_now_add=True)
    left_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["team", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["team", "name"],
                condition=models.Q(state="active"),
                name="arenaball_character_name_unique_on_roster",
            )
        ]

    def __str__(self) -> str:
        return self.name

    def career(self) -> rules.Career:
        return rules.Career(
            driver=self.driver_points,
            gunner=self.gunner_points,
            prestige=self.prestige,
            kills=self.kills,
            goals=self.goals,
            games=self.games,
        )


class Car(models.Model):
    """A-T1: one of a team's six cars, its design and (A-T2) its crew."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="arenaball_cars")
    slot = models.CharField(max_length=2, choices=SLOT_CHOICES)
    design = models.ForeignKey(Design, on_delete=models.PROTECT, related_name="cars")
    driver = models.ForeignKey(
        Character, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    gunner = models.ForeignKey(
        Character, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["team", "slot"]
        constraints = [
            models.UniqueConstraint(fields=["team", "slot"], name="arenaball_car_slot_unique")
        ]

    def __str__(self) -> str:
        return f"{self.team} car {self.slot}"


class Pits(models.Model):
    """A-G4: the two track cars a team starts in the pits for one match, chosen by its
    coach before the game (or on the report)."""

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="arenaball_pits")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    slots = models.JSONField(default=list)
    chosen_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "pits"
        constraints = [
            models.UniqueConstraint(fields=["fixture", "team"], name="arenaball_pits_unique")
        ]

    def __str__(self) -> str:
        return f"{self.team}'s pits for fixture {self.fixture_id}: {', '.join(self.slots)}"


class Report(models.Model):
    """A-G5: a game's report beside the core's result: whether a time limit was agreed, the
    winner (None: a draw), and both line-ups as they were (cars, designs, crews, pits), so a
    correction weeks later is checked against the game as it was played."""

    result = models.OneToOneField(
        Result, on_delete=models.CASCADE, primary_key=True, related_name="arenaball_report"
    )
    time_limit = models.BooleanField(default=False)
    winner = models.ForeignKey(Team, on_delete=models.PROTECT, null=True, blank=True)
    lineups = models.JSONField(default=dict)

    def __str__(self) -> str:
        return f"Report of {self.result}"


class ReportGoal(models.Model):
    """A-G1, A-G5: a goal, in the order scored, and the ball that scored it (the aluminium
    one a ped throws or rolls in: the seed's roller-skater variant)."""

    report = models.ForeignKey(Report, on_delete=models.CASCADE, related_name="goals")
    order = models.PositiveSmallIntegerField()
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    scorer = models.ForeignKey(Character, on_delete=models.PROTECT, related_name="+")
    plate = models.CharField(max_length=10, choices=enum_choices(Plate))
    ball = models.CharField(max_length=10, choices=enum_choices(Ball), default=Ball.STEEL.value)

    class Meta:
        ordering = ["report", "order"]

    def __str__(self) -> str:
        return f"Goal {self.order + 1}: {self.scorer} ({self.plate} plate)"


class ReportKill(models.Model):
    """A-G2: a killed car and, where one exists, the killing car, character and how."""

    report = models.ForeignKey(Report, on_delete=models.CASCADE, related_name="kills")
    order = models.PositiveSmallIntegerField()
    victim_team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    victim_car = models.CharField(max_length=2, choices=SLOT_CHOICES)
    killer_team = models.ForeignKey(
        Team, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    killer_car = models.CharField(max_length=2, choices=SLOT_CHOICES, blank=True)
    killer = models.ForeignKey(
        Character, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    how = models.CharField(max_length=10, choices=enum_choices(KillHow), blank=True)
    weapon = models.CharField(max_length=60, blank=True)

    class Meta:
        ordering = ["report", "order"]

    def __str__(self) -> str:
        return f"Kill {self.order + 1}: {self.victim_team} car {self.victim_car}"


class ReportCasualty(models.Model):
    """A-G3: how a character ended the game, when not unhurt."""

    report = models.ForeignKey(Report, on_delete=models.CASCADE, related_name="casualties")
    order = models.PositiveSmallIntegerField()
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    character = models.ForeignKey(Character, on_delete=models.PROTECT, related_name="+")
    state = models.CharField(max_length=12, choices=enum_choices(CrewState))

    class Meta:
        ordering = ["report", "order"]
        verbose_name_plural = "report casualties"

    def __str__(self) -> str:
        return f"{self.character}: {self.get_state_display()}"


class ReportSubstitution(models.Model):
    """A-G4: a car from the pits came on for a car killed or driven off."""

    report = models.ForeignKey(Report, on_delete=models.CASCADE, related_name="substitutions")
    order = models.PositiveSmallIntegerField()
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    on = models.CharField(max_length=2, choices=SLOT_CHOICES)
    off = models.CharField(max_length=2, choices=SLOT_CHOICES)
    because = models.CharField(max_length=12, choices=enum_choices(LeftBecause))

    class Meta:
        ordering = ["report", "order"]

    def __str__(self) -> str:
        return f"{self.team}: car {self.on} on for car {self.off}"


class CharacterGame(models.Model):
    """A-P1: what one character earned in one game, rewritten whenever the game's result is
    recorded, corrected or voided; a character's career is the sum of these."""

    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="game_log")
    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="+")
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    car = models.CharField(max_length=2, choices=SLOT_CHOICES)
    seat = models.CharField(max_length=10, choices=enum_choices(Seat))
    driver = models.PositiveSmallIntegerField(default=0)
    gunner = models.PositiveSmallIntegerField(default=0)
    prestige = models.PositiveSmallIntegerField(default=0)
    kills = models.PositiveSmallIntegerField(default=0)
    goals = models.PositiveSmallIntegerField(default=0)
    state = models.CharField(
        max_length=12, choices=enum_choices(CrewState), default=CrewState.UNHURT
    )

    class Meta:
        ordering = ["character", "fixture__round__season", "fixture__round__number"]
        constraints = [
            models.UniqueConstraint(
                fields=["character", "fixture"], name="arenaball_character_game_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.character} in fixture {self.fixture_id}"
