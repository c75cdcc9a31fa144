"""Arenaball's output shapes shared by its views (designs and their checks, cars, characters,
line-ups and reports), and the request bodies the game's parsers read, for the schema.

The designs' and reports' bodies are read by the game's own parsers
(``arenaball.design_input.design_data_parse``, ``arenaball.report_input.report_data_parse``)
so the web form and the API read them the same way; their serializers here describe them."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.schema import NamedChoiceField, ProblemSerializer
from arenaball.models import (
    Car,
    Character,
    Design,
    Fitting,
    Part,
    Pits,
    Report,
    ReportCasualty,
    ReportGoal,
    ReportKill,
    ReportSubstitution,
)
from league.choices import enum_choices
from rules.arenaball import (
    ArmourMaterial,
    Ball,
    CarRole,
    ComponentKind,
    CrewState,
    KillHow,
    LeftBecause,
    Mounting,
    Plate,
    Side,
    WeaponClass,
)

SLOTS = ["1", "2", "3", "4", "5", "GK"]


def slot_field(*, blank: bool = False, **kwargs: Any) -> NamedChoiceField:
    """A car slot, 1 to 5 or GK (blank too: "no car")."""
    if blank:
        return NamedChoiceField(
            choices=["", *SLOTS], enum_name="ArenaballSlotOrNone", allow_blank=True, **kwargs
        )
    return NamedChoiceField(choices=SLOTS, enum_name="ArenaballSlot", **kwargs)


def choice_field(choices: Any, name: str, **kwargs: Any) -> NamedChoiceField:
    return NamedChoiceField(choices=choices, enum_name=f"Arenaball{name}", **kwargs)


# --- the catalogue -------------------------------------------------------------------------------


class PartSerializer(serializers.ModelSerializer[Part]):
    kind = choice_field(enum_choices(ComponentKind), "PartKind")
    weapon_class = choice_field(
        ["", *(c.value for c in WeaponClass)], "WeaponClass", allow_blank=True
    )
    armour_material = choice_field(
        ["", *(m.value for m in ArmourMaterial)], "PartMaterial", allow_blank=True
    )

    class Meta:
        model = Part
        fields = [
            "key",
            "name",
            "kind",
            "spaces",
            "weight",
            "cost",
            "weapon_class",
            "armour_material",
            "offensive",
            "burst",
            "includes",
            "shipped",
        ]
        ref_name = "ArenaballPart"
        extra_kwargs = {
            "includes": {
                "help_text": "A published sheet's contents, which its figures cover: "
                '{"parts": [[key, count]], "armour": [[side, points, material]]}; {} otherwise.'
            }
        }


# --- designs -------------------------------------------------------------------------------------


class LimitSerializer(serializers.Serializer[Any]):
    """One limit's state (rules.arenaball.LimitState): `value` against `limit`."""

    class Meta:
        ref_name = "ArenaballLimit"

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        # Declared here: class attributes named `label` would hide Field.label.
        return {
            "code": serializers.CharField(),
            "rule": serializers.CharField(),
            "label": serializers.CharField(),
            "ok": serializers.BooleanField(),
            "value": serializers.IntegerField(),
            "limit": serializers.IntegerField(allow_null=True),
            "figures": serializers.CharField(),
        }


class TotalsSerializer(serializers.Serializer[Any]):
    """A-T3, A-T5: the design's totals, computed from the league's catalogue."""

    cost = serializers.IntegerField(help_text="In dollars (at least this while a part has none).")
    weight = serializers.IntegerField(help_text="In lbs.")
    spaces = serializers.IntegerField(help_text="The body's spaces its parts take.")
    room = serializers.IntegerField(
        allow_null=True,
        help_text="The body's spaces (a published sheet's spare room); null with no figure.",
    )
    priced = serializers.BooleanField(help_text="Whether every part has the figures it needs.")
    included = serializers.ListField(
        child=serializers.CharField(),
        help_text="The fittings (by ref) a published sheet's figures cover.",
    )

    class Meta:
        ref_name = "ArenaballTotals"


class DesignCheckSerializer(serializers.Serializer[Any]):
    """rules.arenaball.DesignCheck: every limit's state, the broken ones as problems."""

    ok = serializers.BooleanField()
    problems = ProblemSerializer(many=True)
    limits = LimitSerializer(many=True)
    totals = TotalsSerializer()

    class Meta:
        ref_name = "ArenaballDesignCheck"


class FittingSerializer(serializers.ModelSerializer[Fitting]):
    part = serializers.CharField(source="part.key", help_text="The catalogue part's key.")
    mounting = choice_field(["", *(m.value for m in Mounting)], "Mounting", allow_blank=True)
    links = serializers.ListField(child=serializers.CharField())

    class Meta:
        model = Fitting
        fields = ["ref", "part", "mounting", "quantity", "links", "ammo", "protects"]
        ref_name = "ArenaballFitting"


class ArmourSideSerializer(serializers.Serializer[Any]):
    points = serializers.IntegerField(min_value=0, max_value=999)
    material = choice_field(enum_choices(ArmourMaterial), "ArmourMaterial", required=False)

    class Meta:
        ref_name = "ArenaballArmourSide"


class DesignSerializer(serializers.ModelSerializer[Design]):
    """A design with its fittings and its check against the team's season now."""

    role = choice_field(enum_choices(CarRole), "CarRole")
    armour = serializers.SerializerMethodField()
    fittings = FittingSerializer(many=True)
    check = serializers.SerializerMethodField()

    class Meta:
        model = Design
        fields = [
            "id",
            "team",
            "name",
            "role",
            "gunners",
            "body",
            "chassis",
            "power_plant",
            "suspension",
            "tyres",
            "performance",
            "armour",
            "fittings",
            "check",
            "created_at",
            "updated_at",
        ]
        ref_name = "ArenaballDesign"

    @extend_schema_field(serializers.DictField(child=ArmourSideSerializer()))
    def get_armour(self, design: Design) -> dict[str, dict[str, Any]]:
        """By side (front, back, left, right, top, under): points and material."""
        return {
            side.value: {
                "points": getattr(design, f"armour_{side}"),
                "material": getattr(design, f"material_{side}"),
            }
            for side in Side
        }

    @extend_schema_field(DesignCheckSerializer)
    def get_check(self, design: Design) -> Any:
        checks = self.context.get("checks", {})
        return DesignCheckSerializer(checks[design.pk]).data if design.pk in checks else None


class FittingInputSerializer(serializers.Serializer[Any]):
    ref = serializers.CharField(
        max_length=30, required=False, help_text="Unique in the design; others link to it."
    )
    part = serializers.CharField(max_length=60, help_text="A key of the league's catalogue.")
    mounting = choice_field(
        ["", *(m.value for m in Mounting)], "Mounting", required=False, allow_blank=True
    )
    quantity = serializers.IntegerField(min_value=0, max_value=99, required=False, default=1)
    links = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="Refs of linked fittings."
    )
    ammo = serializers.CharField(max_length=60, required=False, allow_blank=True)
    protects = serializers.CharField(max_length=120, required=False, allow_blank=True)

    class Meta:
        ref_name = "ArenaballFittingInput"


class DesignInputSerializer(serializers.Serializer[Any]):
    """A design sheet (A-T4), as arenaball.design_input.design_data_parse reads it: no cost,
    weight or spaces, which the league's catalogue gives (A-T5): the car itself is parts too
    (a published sheet, or a body, chassis, power plant, suspension and tyres)."""

    name = serializers.CharField(max_length=60)
    role = choice_field(enum_choices(CarRole), "CarRole")
    gunners = serializers.IntegerField(min_value=0, max_value=3, required=False)
    body = serializers.CharField(max_length=100, required=False, allow_blank=True)
    chassis = serializers.CharField(max_length=100, required=False, allow_blank=True)
    power_plant = serializers.CharField(max_length=100, required=False, allow_blank=True)
    suspension = serializers.CharField(max_length=100, required=False, allow_blank=True)
    tyres = serializers.CharField(max_length=100, required=False, allow_blank=True)
    performance = serializers.CharField(max_length=100, required=False, allow_blank=True)
    armour = serializers.DictField(
        child=ArmourSideSerializer(),
        required=False,
        help_text="By side: front, back, left, right, top, under.",
    )
    fittings = FittingInputSerializer(many=True, required=False)

    class Meta:
        ref_name = "ArenaballDesignInput"


# --- characters and cars -------------------------------------------------------------------------


class CharacterRefSerializer(serializers.ModelSerializer[Character]):
    class Meta:
        model = Character
        fields = ["id", "name"]
        ref_name = "ArenaballCharacterRef"


class CharacterSerializer(serializers.ModelSerializer[Character]):
    state = choice_field(Character.State.choices, "CharacterState")

    class Meta:
        model = Character
        fields = [
            "id",
            "team",
            "name",
            "state",
            "driver_points",
            "gunner_points",
            "prestige",
            "kills",
            "goals",
            "games",
            "games_to_miss",
            "died_in",
            "joined_at",
            "left_at",
        ]
        ref_name = "ArenaballCharacter"


class DesignRefSerializer(serializers.ModelSerializer[Design]):
    role = choice_field(enum_choices(CarRole), "CarRole")

    class Meta:
        model = Design
        fields = ["id", "name", "role", "gunners"]
        ref_name = "ArenaballDesignRef"


class CarSerializer(serializers.ModelSerializer[Car]):
    slot = slot_field()
    design = DesignRefSerializer()
    driver = CharacterRefSerializer(allow_null=True)
    gunner = CharacterRefSerializer(allow_null=True)

    class Meta:
        model = Car
        fields = ["slot", "design", "driver", "gunner"]
        ref_name = "ArenaballCar"


# --- matches -------------------------------------------------------------------------------------


class PitsSerializer(serializers.ModelSerializer[Pits]):
    slots = serializers.ListField(child=slot_field())
    chosen_by = serializers.CharField(source="chosen_by.username", allow_null=True)

    class Meta:
        model = Pits
        fields = ["team", "slots", "chosen_by", "updated_at"]
        ref_name = "ArenaballPits"


class LineupCarSerializer(serializers.Serializer[Any]):
    slot = slot_field()
    design = serializers.CharField(help_text="The design's name as it took the field.")
    role = choice_field(enum_choices(CarRole), "CarRole")
    gunners = serializers.IntegerField()
    driver = serializers.IntegerField(allow_null=True, help_text="Character id.")
    gunner = serializers.IntegerField(allow_null=True, help_text="Character id.")

    class Meta:
        ref_name = "ArenaballLineupCar"


class LineupSerializer(serializers.Serializer[Any]):
    """A team's line-up: as it took the field (a played game), else as it stands now."""

    team = serializers.IntegerField()
    pits = serializers.ListField(child=slot_field())
    cars = LineupCarSerializer(many=True)
    peds = serializers.ListField(
        child=serializers.IntegerField(),
        default=list,
        help_text="The roller-skater variant: the characters the team fielded on roller "
        "skates (ids); empty without it.",
    )

    class Meta:
        ref_name = "ArenaballLineup"


class GoalSerializer(serializers.ModelSerializer[ReportGoal]):
    plate = choice_field(enum_choices(Plate), "Plate")
    ball = choice_field(enum_choices(Ball), "Ball")

    class Meta:
        model = ReportGoal
        fields = ["team", "scorer", "plate", "ball"]
        ref_name = "ArenaballGoal"


class KillSerializer(serializers.ModelSerializer[ReportKill]):
    victim_car = slot_field()
    killer_car = slot_field(blank=True)
    how = choice_field(["", *(h.value for h in KillHow)], "KillHow", allow_blank=True)

    class Meta:
        model = ReportKill
        fields = [
            "victim_team",
            "victim_car",
            "killer_team",
            "killer_car",
            "killer",
            "how",
            "weapon",
        ]
        ref_name = "ArenaballKill"


class CasualtySerializer(serializers.ModelSerializer[ReportCasualty]):
    state = choice_field(enum_choices(CrewState), "CrewState")

    class Meta:
        model = ReportCasualty
        fields = ["team", "character", "state"]
        ref_name = "ArenaballCasualty"


class SubstitutionSerializer(serializers.ModelSerializer[ReportSubstitution]):
    on = slot_field()
    off = slot_field()
    because = choice_field(enum_choices(LeftBecause), "LeftBecause")

    class Meta:
        model = ReportSubstitution
        fields = ["team", "on", "off", "because"]
        ref_name = "ArenaballSubstitution"


class ReportSerializer(serializers.ModelSerializer[Report]):
    result = serializers.IntegerField(source="result_id")
    home_score = serializers.IntegerField(source="result.home_score")
    away_score = serializers.IntegerField(source="result.away_score")
    reported_by = serializers.CharField(source="result.reported_by.username", allow_null=True)
    goals = GoalSerializer(many=True)
    kills = KillSerializer(many=True)
    casualties = CasualtySerializer(many=True)
    substitutions = SubstitutionSerializer(many=True)

    class Meta:
        model = Report
        fields = [
            "result",
            "home_score",
            "away_score",
            "reported_by",
            "time_limit",
            "winner",
            "goals",
            "kills",
            "casualties",
            "substitutions",
        ]
        ref_name = "ArenaballReport"


class GoalInputSerializer(serializers.Serializer[Any]):
    team = serializers.IntegerField(help_text="The scoring team's id.")
    scorer = serializers.IntegerField(
        help_text="The driver's character id (a ped's, for the aluminium ball)."
    )
    plate = choice_field(enum_choices(Plate), "Plate")
    ball = choice_field(
        enum_choices(Ball),
        "Ball",
        required=False,
        help_text="steel (the default), or the peds' aluminium ball where the season plays "
        "the roller-skater variant: it counts as a standard goal.",
    )

    class Meta:
        ref_name = "ArenaballGoalInput"


class KillInputSerializer(serializers.Serializer[Any]):
    victim_team = serializers.IntegerField()
    victim_car = slot_field()
    killer_team = serializers.IntegerField(required=False, allow_null=True)
    killer_car = slot_field(blank=True, required=False)
    killer = serializers.IntegerField(required=False, allow_null=True, help_text="Character id.")
    how = choice_field(
        ["", *(h.value for h in KillHow)], "KillHow", required=False, allow_blank=True
    )
    weapon = serializers.CharField(max_length=60, required=False, allow_blank=True)

    class Meta:
        ref_name = "ArenaballKillInput"


class CasualtyInputSerializer(serializers.Serializer[Any]):
    team = serializers.IntegerField()
    character = serializers.IntegerField()
    state = choice_field(enum_choices(CrewState), "CrewState")

    class Meta:
        ref_name = "ArenaballCasualtyInput"


class SubstitutionInputSerializer(serializers.Serializer[Any]):
    team = serializers.IntegerField()
    on = slot_field(help_text="The car from the pits.")
    off = slot_field(help_text="The car it replaced.")
    because = choice_field(enum_choices(LeftBecause), "LeftBecause")

    class Meta:
        ref_name = "ArenaballSubstitutionInput"


class ReportInputSerializer(serializers.Serializer[Any]):
    """A game's report (A-G5), as arenaball.report_input.report_data_parse reads it."""

    home_score = serializers.IntegerField(min_value=0, max_value=99)
    away_score = serializers.IntegerField(min_value=0, max_value=99)
    goals = GoalInputSerializer(many=True, required=False)
    kills = KillInputSerializer(many=True, required=False)
    casualties = CasualtyInputSerializer(many=True, required=False)
    substitutions = SubstitutionInputSerializer(many=True, required=False)
    time_limit = serializers.BooleanField(required=False, default=False)
    winner = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="A team id, or null for a draw; leave it out to go by the score (A-G1).",
    )
    home_pits = serializers.ListField(
        child=slot_field(),
        required=False,
        allow_null=True,
        help_text="The two track cars the home team started in the pits; leave it out for "
        "those its coach chose before the game (A-G4).",
    )
    away_pits = serializers.ListField(child=slot_field(), required=False, allow_null=True)
    home_peds = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        allow_null=True,
        help_text="The roller-skater variant: the home team's characters on roller skates "
        "(in no car); a ped's kill names no killer_car and is by weapon.",
    )
    away_peds = serializers.ListField(
        child=serializers.IntegerField(), required=False, allow_null=True
    )

    class Meta:
        ref_name = "ArenaballReportInput"
