"""An Arenaball team's cars, roster and graveyard (A-T1, A-T2, A-P3), setting its six cars
at once, and its characters: signing, renaming, releasing, and each one's career (A-P1,
A-P2)."""

from __future__ import annotations

from dataclasses import dataclass

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from api.base import ApiView, absolute_url
from api.fields import StrictInputSerializer, StrictIntegerField
from api.filters import MAX_ID
from api.idempotency import idempotent
from api.schema import IDEMPOTENCY_KEY, read_errors, write_errors
from api.serializers import TeamRefSerializer
from arenaball import selectors
from arenaball.api.access import arena_character, arena_team, arena_team_for_change
from arenaball.api.serializers import CarSerializer, CharacterSerializer, slot_field
from arenaball.crew_input import CarChoice
from arenaball.models import Car, Character
from arenaball.services import (
    character_release,
    character_rename,
    character_sign,
    team_cars_set,
)
from league.models import Team
from rules.arenaball import skill_level


@dataclass(frozen=True)
class ArenaTeam:
    team: Team
    cars: list[Car]
    roster: list[Character]
    graveyard: list[Character]


def arena_team_of(team: Team) -> ArenaTeam:
    return ArenaTeam(
        team,
        selectors.team_cars(team=team),
        selectors.team_roster(team=team),
        selectors.team_graveyard(team=team),
    )


class ArenaTeamSerializer(serializers.Serializer[ArenaTeam]):
    """A team with its six cars (designs and crews), its roster and its graveyard."""

    team = TeamRefSerializer()
    league = serializers.IntegerField(source="team.league_id")
    coach = serializers.CharField(source="team.coach.username", allow_null=True)
    cars = CarSerializer(many=True)
    roster = CharacterSerializer(many=True, help_text="The characters on the roster.")
    graveyard = CharacterSerializer(many=True, help_text="The team's dead (A-P3).")

    class Meta:
        ref_name = "ArenaballTeam"


class ArenaTeamView(ApiView):
    OutputSerializer = ArenaTeamSerializer

    @extend_schema(
        summary="An Arenaball team: its cars, roster and graveyard",
        responses={200: ArenaTeamSerializer, **read_errors()},
    )
    def get(self, request: Request, team_id: int) -> Response:
        team = arena_team(user=request.user, team_id=team_id)
        return Response(self.OutputSerializer(arena_team_of(team)).data)


class CarChoiceInputSerializer(StrictInputSerializer):
    slot = slot_field()
    design = StrictIntegerField(min_value=1, max_value=MAX_ID, help_text="Design id.")
    driver = StrictIntegerField(
        min_value=1, max_value=MAX_ID, allow_null=True, required=False, help_text="Character id."
    )
    gunner = StrictIntegerField(
        min_value=1, max_value=MAX_ID, allow_null=True, required=False, help_text="Character id."
    )

    class Meta:
        ref_name = "ArenaballCarInput"


class TeamCarsView(ApiView):
    """All six cars at once: each one's design and crew (A-T1, A-T2)."""

    class InputSerializer(StrictInputSerializer):
        cars = serializers.ListField(child=CarChoiceInputSerializer(), max_length=12)

        class Meta:
            ref_name = "ArenaballCarsInput"

    OutputSerializer = ArenaTeamSerializer

    @extend_schema(
        summary="Set an Arenaball team's six cars and crews",
        description="The team's coach or a commissioner. Refused as a whole, with every "
        "broken rule in `problems`, when the team would break one.",
        request=InputSerializer,
        responses={200: ArenaTeamSerializer, **write_errors(invalid=["team_illegal"])},
    )
    def put(self, request: Request, team_id: int) -> Response:
        team = arena_team_for_change(user=request.user, team_id=team_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        choices = [
            CarChoice(
                slot=car["slot"],
                design=car["design"],
                driver=car.get("driver"),
                gunner=car.get("gunner"),
            )
            for car in serializer.validated_data["cars"]
        ]
        team_cars_set(team=team, actor=request.user, cars=choices)
        return Response(self.OutputSerializer(arena_team_of(team)).data)


class NameInputSerializer(StrictInputSerializer):
    name = serializers.CharField(max_length=60, help_text="1 to 60 characters.")

    class Meta:
        ref_name = "ArenaballNameInput"


class TeamCharacterListView(ApiView):
    """Sign a character (A-T2, A-P3) while the roster has fewer than 12."""

    InputSerializer = NameInputSerializer
    OutputSerializer = CharacterSerializer

    @extend_schema(
        summary="Sign a character for an Arenaball team",
        parameters=[IDEMPOTENCY_KEY],
        request=NameInputSerializer,
        responses={
            201: CharacterSerializer,
            **write_errors(invalid=["name_taken"], conflict=["roster_full"]),
        },
    )
    def post(self, request: Request, team_id: int) -> Response:
        team = arena_team_for_change(user=request.user, team_id=team_id)
        return idempotent(request, lambda: self.sign(request, team))

    def sign(self, request: Request, team: Team) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        character = character_sign(
            team=team, actor=request.user, name=serializer.validated_data["name"]
        )
        location = absolute_url(request, "api:arenaball-character", character.pk)
        return Response(
            self.OutputSerializer(character).data,
            status=status.HTTP_201_CREATED,
            headers={"Location": location},
        )


@dataclass(frozen=True)
class CharacterCareer:
    character: Character
    levels: dict[str, int]
    history: list[selectors.CareerPoint]


class CareerPointSerializer(serializers.Serializer[selectors.CareerPoint]):
    fixture = serializers.IntegerField(source="game.fixture_id")
    season = serializers.IntegerField(source="game.fixture.round.season_id")
    round = serializers.IntegerField(source="game.fixture.round.number")
    team = serializers.IntegerField(source="game.team_id")
    car = serializers.CharField(source="game.car")
    seat = serializers.CharField(source="game.seat")
    state = serializers.CharField(source="game.state")
    earned = serializers.SerializerMethodField()
    driver = serializers.IntegerField(help_text="Driver points after the game.")
    gunner = serializers.IntegerField(help_text="Gunner points after the game.")
    prestige = serializers.IntegerField(help_text="Prestige after the game.")

    class Meta:
        ref_name = "ArenaballCareerPoint"

    def get_earned(self, point: selectors.CareerPoint) -> dict[str, int]:
        """What he earned in the game: driver, gunner, prestige, kills, goals."""
        game = point.game
        names = ("driver", "gunner", "prestige", "kills", "goals")
        return {name: int(getattr(game, name)) for name in names}


class CharacterView(ApiView):
    """A character's career (A-P1, A-P2); his coach or a commissioner renames him."""

    class OutputSerializer(serializers.Serializer[CharacterCareer]):
        character = CharacterSerializer()
        levels = serializers.DictField(
            child=serializers.IntegerField(),
            help_text="Skill levels (A-P2): driver and gunner, by the team's season's "
            "points per level.",
        )
        history = CareerPointSerializer(many=True)

        class Meta:
            ref_name = "ArenaballCharacterCareer"

    InputSerializer = NameInputSerializer

    @extend_schema(
        summary="An Arenaball character and his career",
        responses={200: OutputSerializer, **read_errors()},
    )
    def get(self, request: Request, character_id: int) -> Response:
        character = arena_character(user=request.user, character_id=character_id)
        return Response(self.OutputSerializer(career_of(character)).data)

    @extend_schema(
        summary="Rename an Arenaball character",
        request=NameInputSerializer,
        responses={200: OutputSerializer, **write_errors(invalid=["name_taken"])},
    )
    def patch(self, request: Request, character_id: int) -> Response:
        character = arena_character(user=request.user, character_id=character_id, change=True)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        character_rename(
            character=character, actor=request.user, name=serializer.validated_data["name"]
        )
        return Response(self.OutputSerializer(career_of(character)).data)


def career_of(character: Character) -> CharacterCareer:
    settings = selectors.team_settings(team=character.team)
    levels = {
        "driver": skill_level(character.driver_points, settings),
        "gunner": skill_level(character.gunner_points, settings),
    }
    return CharacterCareer(character, levels, selectors.character_history(character=character))


class CharacterReleaseView(ApiView):
    """Release a character who crews no car; his career stays on record."""

    class InputSerializer(StrictInputSerializer):
        class Meta:
            ref_name = "ArenaballReleaseInput"

    OutputSerializer = CharacterSerializer

    @extend_schema(
        summary="Release an Arenaball character",
        parameters=[IDEMPOTENCY_KEY],
        request=InputSerializer,
        responses={
            200: CharacterSerializer,
            **write_errors(conflict=["character_seated", "not_on_roster"]),
        },
    )
    def post(self, request: Request, character_id: int) -> Response:
        character = arena_character(user=request.user, character_id=character_id, change=True)
        return idempotent(request, lambda: self.release(request, character))

    def release(self, request: Request, character: Character) -> Response:
        self.InputSerializer(data=request.data).is_valid(raise_exception=True)
        character_release(character=character, actor=request.user)
        return Response(self.OutputSerializer(character).data)
