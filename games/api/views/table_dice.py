"""Table dice (docs/api.md, "Table dice"): the inspection rolls a season's coaches make at the
table (M-E2), listed while they are due and entered one roll at a time."""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from api.base import ApiListView, ApiView
from api.fields import StrictInputSerializer, StrictIntegerField
from api.filters import WholeNumberFilter
from api.idempotency import idempotent
from api.schema import IDEMPOTENCY_KEY, list_errors, write_errors
from games.api import access, selectors
from games.models import TableInspection
from games.services import table_inspection_enter
from rosters.table_dice import MAX_FACES


class TableInspectionSerializer(serializers.ModelSerializer[TableInspection]):
    team = serializers.IntegerField(source="player.team_id", help_text="The player's team.")
    owner_entered = serializers.SerializerMethodField(help_text="The owner's coach's d10 is in.")
    inspector_entered = serializers.SerializerMethodField(
        help_text="The opposing coach's d10 is in."
    )
    owner_roll = serializers.SerializerMethodField(help_text="Shown once both rolls are in.")
    inspector_roll = serializers.SerializerMethodField(help_text="Shown once both rolls are in.")

    class Meta:
        model = TableInspection
        fields = [
            "id",
            "fixture",
            "player",
            "team",
            "owner_entered",
            "inspector_entered",
            "owner_roll",
            "inspector_roll",
            "resolved_at",
        ]
        ref_name = "TableInspection"

    def get_owner_entered(self, obj: TableInspection) -> bool:
        return obj.owner_roll is not None

    def get_inspector_entered(self, obj: TableInspection) -> bool:
        return obj.inspector_roll is not None

    # Neither coach sees the other's face before entering his own.
    def get_owner_roll(self, obj: TableInspection) -> int | None:
        return obj.owner_roll if obj.resolved_at else None

    def get_inspector_roll(self, obj: TableInspection) -> int | None:
        return obj.inspector_roll if obj.resolved_at else None


class TableInspectionFilter(django_filters.FilterSet):
    fixture = WholeNumberFilter(field_name="fixture_id")
    season = WholeNumberFilter(field_name="fixture__round__season")
    pending = django_filters.BooleanFilter(
        field_name="resolved_at", lookup_expr="isnull", help_text="true: rolls still due."
    )

    class Meta:
        model = TableInspection
        fields = ["fixture", "season", "pending"]


@extend_schema(
    summary="Inspections rolled at the table (filter pending=true for rolls still due)",
    responses={200: TableInspectionSerializer, **list_errors()},
)
class TableInspectionListView(ApiListView[TableInspection]):
    OutputSerializer = TableInspectionSerializer
    serializer_class = OutputSerializer
    queryset = TableInspection.objects.none()
    filterset_class = TableInspectionFilter
    ordering_fields = ["id", "created_at"]

    def get_queryset(self) -> QuerySet[TableInspection]:
        return selectors.table_inspections(user=self.request.user)


class TableInspectionRollView(ApiView):
    """One coach's d10 for a player's inspection (M-E2): ``owner`` is the player's coach,
    ``inspector`` the opposing coach; a commissioner may enter either for him."""

    class InputSerializer(StrictInputSerializer):
        side = serializers.ChoiceField(
            choices=TableInspection.Side.choices, help_text="Whose roll: owner or inspector."
        )
        faces = serializers.ListField(
            child=StrictIntegerField(),
            max_length=MAX_FACES,
            help_text="The face rolled, as a list of one: [7]. 1 to 10.",
        )

        class Meta:
            ref_name = "TableInspectionRollInput"

    OutputSerializer = TableInspectionSerializer

    @extend_schema(
        summary="Enter a coach's inspection roll made at the table",
        parameters=[IDEMPOTENCY_KEY],
        request=InputSerializer,
        responses={
            200: TableInspectionSerializer,
            **write_errors(invalid=["bad_faces", "bad_side"], conflict=["already_entered"]),
        },
    )
    def post(self, request: Request, table_inspection_id: int) -> Response:
        table_inspection = access.table_inspection_for_roll(
            user=request.user, table_inspection_id=table_inspection_id
        )
        return idempotent(request, lambda: self.enter(request, table_inspection))

    def enter(self, request: Request, table_inspection: TableInspection) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data: dict[str, Any] = serializer.validated_data
        entered = table_inspection_enter(
            table_inspection=table_inspection,
            side=data["side"],
            faces=data["faces"],
            actor=request.user,
        )
        return Response(self.OutputSerializer(entered).data)
