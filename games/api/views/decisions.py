"""Decisions between games: inspections awaiting the inspecting coach, and force-healing
an injured player (M-E2, M-I3)."""

from __future__ import annotations

import django_filters
from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from api.base import ApiListView, ApiView
from api.fields import StrictBooleanField, StrictInputSerializer, StrictIntegerField
from api.filters import WholeNumberFilter
from api.idempotency import idempotent
from api.schema import IDEMPOTENCY_KEY, list_errors, write_errors
from games.api import access, selectors
from games.api.serializers import InjurySerializer, InspectionSerializer
from games.models import Inspection
from games.services import inspection_decide
from injuries.models import ForceHealingAttempt, Injury
from injuries.services import injury_force_heal
from rosters.table_dice import MAX_FACES


class InspectionFilter(django_filters.FilterSet):
    fixture = WholeNumberFilter(field_name="fixture_id")
    season = WholeNumberFilter(field_name="fixture__round__season")

    class Meta:
        model = Inspection
        fields = ["fixture", "season", "decision"]


@extend_schema(
    summary="Inspections (filter decision=pending for those awaiting a decision)",
    responses={200: InspectionSerializer, **list_errors()},
)
class InspectionListView(ApiListView[Inspection]):
    OutputSerializer = InspectionSerializer
    serializer_class = OutputSerializer
    queryset = Inspection.objects.none()
    filterset_class = InspectionFilter
    ordering_fields = ["id", "created_at"]

    def get_queryset(self) -> QuerySet[Inspection]:
        return selectors.inspections(user=self.request.user)


class InspectionDecisionView(ApiView):
    """The inspecting coach (or the commissioner) allows a detected enhancement for this
    match or bans it for good (M-E2)."""

    class InputSerializer(StrictInputSerializer):
        allow = StrictBooleanField(help_text="true allows it for this match; false bans it.")

        class Meta:
            ref_name = "InspectionDecisionInput"

    OutputSerializer = InspectionSerializer

    @extend_schema(
        summary="Decide a detected enhancement",
        parameters=[IDEMPOTENCY_KEY],
        request=InputSerializer,
        responses={200: InspectionSerializer, **write_errors(conflict=["already_decided"])},
    )
    def post(self, request: Request, inspection_id: int) -> Response:
        inspection = access.inspection_for_decision(user=request.user, inspection_id=inspection_id)
        return idempotent(request, lambda: self.decide(request, inspection))

    def decide(self, request: Request, inspection: Inspection) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        decided = inspection_decide(
            inspection=inspection, allow=serializer.validated_data["allow"], actor=request.user
        )
        return Response(self.OutputSerializer(decided).data)


class InjuryFilter(django_filters.FilterSet):
    # Ids, not model choices: no query per filter, and no hint of rows the user cannot see.
    player = WholeNumberFilter(field_name="player_id")
    season = WholeNumberFilter(field_name="season_id")
    fixture = WholeNumberFilter(field_name="fixture_id")
    team = WholeNumberFilter(field_name="player__team")

    class Meta:
        model = Injury
        fields = ["player", "team", "season", "fixture", "state"]


@extend_schema(
    summary="Injuries (filter state=out for the players out now)",
    responses={200: InjurySerializer, **list_errors()},
)
class InjuryListView(ApiListView[Injury]):
    OutputSerializer = InjurySerializer
    serializer_class = OutputSerializer
    queryset = Injury.objects.none()
    filterset_class = InjuryFilter
    ordering_fields = ["created_at", "games_out"]

    def get_queryset(self) -> QuerySet[Injury]:
        return selectors.injuries(user=self.request.user)


class InjuryForceHealView(ApiView):
    """The one force-healing attempt of an injury (M-I3): the player's die against a d10."""

    class InputSerializer(StrictInputSerializer):
        faces = serializers.ListField(
            child=StrictIntegerField(),
            required=False,
            max_length=MAX_FACES,
            help_text="Only when the season's coaches roll force-healing at the table "
            "(``rules.coaches_roll_force_healing``): the player's die, then the d10, then "
            "each re-roll's pair after a tie, e.g. [4, 4, 6, 2]. Leave it out otherwise.",
        )

        class Meta:
            ref_name = "ForceHealInput"

    class OutputSerializer(serializers.ModelSerializer[ForceHealingAttempt]):
        injury_state = serializers.CharField(source="injury.state")

        class Meta:
            model = ForceHealingAttempt
            fields = [
                "injury",
                "player_result",
                "healer_result",
                "succeeded",
                "injury_state",
                "created_at",
            ]
            ref_name = "ForceHealingAttempt"

    @extend_schema(
        summary="Try to force-heal an injured player",
        parameters=[IDEMPOTENCY_KEY],
        request=InputSerializer,
        responses={
            201: OutputSerializer,
            **write_errors(
                invalid=["bad_faces", "faces_required", "server_dice"],
                conflict=["rule_off", "already_attempted", "not_injured", "too_late"],
            ),
        },
    )
    def post(self, request: Request, injury_id: int) -> Response:
        injury = access.injury_for_healing(user=request.user, injury_id=injury_id)
        return idempotent(request, lambda: self.heal(request, injury))

    def heal(self, request: Request, injury: Injury) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        attempt = injury_force_heal(
            injury=injury, actor=request.user, faces=serializer.validated_data.get("faces")
        )
        return Response(self.OutputSerializer(attempt).data, status=status.HTTP_201_CREATED)
