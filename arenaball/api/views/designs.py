"""Arenaball designs (A-T3, A-T4): a team's designs with their fittings and checks, creating,
replacing and removing one, and checking a design without saving it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from api.base import ApiView, absolute_url
from api.fields import read_body
from api.idempotency import idempotent
from api.schema import IDEMPOTENCY_KEY, read_errors, write_errors
from arenaball.api.access import arena_design, arena_team, arena_team_for_change
from arenaball.api.serializers import (
    DesignCheckSerializer,
    DesignInputSerializer,
    DesignSerializer,
)
from arenaball.design_input import design_data_parse
from arenaball.models import Design
from arenaball.selectors import design_check, stored_design_check, team_designs
from arenaball.services import design_delete, design_save
from league.models import Team
from rules import arenaball as rules

DESIGN_REFUSALS = write_errors(invalid=["design_illegal", "name_taken"], conflict=["refused"])


def designs_data(designs: Iterable[Design]) -> Any:
    """The designs, each with its check against its team's season now."""
    designs = list(designs)
    checks = {design.pk: stored_design_check(design) for design in designs}
    return DesignSerializer(designs, many=True, context={"checks": checks}).data


def design_fresh(design: Design) -> Design:
    return team_designs(team=design.team).get(pk=design.pk)


class TeamDesignListView(ApiView):
    """A team's designs; its coach or a commissioner adds one."""

    InputSerializer = DesignInputSerializer
    OutputSerializer = DesignSerializer

    @extend_schema(
        summary="An Arenaball team's designs, each with its fittings and check",
        responses={200: DesignSerializer(many=True), **read_errors()},
    )
    def get(self, request: Request, team_id: int) -> Response:
        team = arena_team(user=request.user, team_id=team_id)
        return Response(designs_data(team_designs(team=team)))

    @extend_schema(
        summary="Add a design to an Arenaball team",
        description="The team's coach or a commissioner. Checked against every limit of the "
        "team's season (A-T1 … A-T5); an illegal design is refused with each broken rule in "
        "`problems`, beside its field in `fields`.",
        parameters=[IDEMPOTENCY_KEY],
        request=DesignInputSerializer,
        responses={201: DesignSerializer, **DESIGN_REFUSALS},
    )
    def post(self, request: Request, team_id: int) -> Response:
        team = arena_team_for_change(user=request.user, team_id=team_id)
        return idempotent(request, lambda: self.create(request, team))

    def create(self, request: Request, team: Team) -> Response:
        data = read_body(request, design_data_parse, self.InputSerializer)
        design = design_save(team=team, actor=request.user, data=data)
        body = designs_data([design_fresh(design)])[0]
        location = absolute_url(request, "api:arenaball-design", design.pk)
        return Response(body, status=status.HTTP_201_CREATED, headers={"Location": location})


class TeamDesignCheckView(ApiView):
    """Check a design sheet without saving it: 200 with the check, legal or not."""

    InputSerializer = DesignInputSerializer
    OutputSerializer = DesignCheckSerializer

    @extend_schema(
        summary="Check an Arenaball design without saving it",
        description="The team's coach or a commissioner. Answers 200 with every limit's "
        "state and the broken rules in `problems` (`ok` false), however illegal the design; "
        "only a malformed sheet is a 400. Nothing is stored.",
        parameters=[IDEMPOTENCY_KEY],
        request=DesignInputSerializer,
        responses={200: DesignCheckSerializer, **write_errors(conflict=["refused"])},
    )
    def post(self, request: Request, team_id: int) -> Response:
        team = arena_team_for_change(user=request.user, team_id=team_id)
        return idempotent(request, lambda: self.check(request, team))

    def check(self, request: Request, team: Team) -> Response:
        data = read_body(request, design_data_parse, self.InputSerializer)
        check: rules.DesignCheck = design_check(team=team, data=data)
        return Response(self.OutputSerializer(check).data)


class DesignDetailView(ApiView):
    """One design: read it; its team's coach or a commissioner replaces or removes it."""

    InputSerializer = DesignInputSerializer
    OutputSerializer = DesignSerializer

    @extend_schema(
        summary="An Arenaball design with its fittings and check",
        responses={200: DesignSerializer, **read_errors()},
    )
    def get(self, request: Request, design_id: int) -> Response:
        design = arena_design(user=request.user, design_id=design_id)
        return Response(designs_data([design_fresh(design)])[0])

    @extend_schema(
        summary="Replace an Arenaball design's sheet and parts",
        description="The team's coach or a commissioner: the whole sheet, as for a new "
        "design. A design the team's cars use keeps its role.",
        request=DesignInputSerializer,
        responses={200: DesignSerializer, **DESIGN_REFUSALS},
    )
    def put(self, request: Request, design_id: int) -> Response:
        design = arena_design(user=request.user, design_id=design_id, change=True)
        data = read_body(request, design_data_parse, self.InputSerializer)
        design_save(team=design.team, actor=request.user, data=data, design=design)
        return Response(designs_data([design_fresh(design)])[0])

    @extend_schema(
        summary="Remove an Arenaball design no car uses",
        responses={204: None, **write_errors(conflict=["design_in_use"])},
    )
    def delete(self, request: Request, design_id: int) -> Response:
        design = arena_design(user=request.user, design_id=design_id, change=True)
        design_delete(design=design, actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
