"""Arranging a match (league/arranging): a fixture's kick-off proposals, a side's new one,
the other side's acceptance (the fixture's kick-off, published as ``fixture.scheduled``)
and a withdrawal. Every game's fixtures alike."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from api.access import get_visible
from api.base import ApiView
from api.fields import StrictInputSerializer, StrictIntegerField
from api.filters import MAX_ID
from api.idempotency import idempotent
from api.schema import IDEMPOTENCY_KEY, read_errors, write_errors
from api.serializers import TeamRefSerializer
from league.arranging.models import MAX_TIMES, Proposal, ProposedTime
from league.arranging.selectors import proposals_of
from league.arranging.services import proposal_accept, proposal_create, proposal_withdraw
from league.errors import DomainError
from league.models import Fixture


class ProposedTimeSerializer(serializers.ModelSerializer[ProposedTime]):
    class Meta:
        model = ProposedTime
        fields = ["id", "kickoff", "accepted"]
        extra_kwargs = {"accepted": {"help_text": "The time the other side accepted."}}
        ref_name = "ProposedTime"


class ProposalSerializer(serializers.ModelSerializer[Proposal]):
    team = TeamRefSerializer(help_text="The side proposing.")
    proposed_by = serializers.SerializerMethodField(
        help_text="The username of who proposed it (null: the server, or a deleted account)."
    )
    times = ProposedTimeSerializer(many=True)
    fixture_kickoff = serializers.DateTimeField(
        source="fixture.kickoff",
        allow_null=True,
        help_text="The fixture's agreed kick-off now (null until one is agreed).",
    )

    class Meta:
        model = Proposal
        fields = [
            "id",
            "fixture",
            "team",
            "proposed_by",
            "state",
            "created_at",
            "closed_at",
            "times",
            "fixture_kickoff",
        ]
        extra_kwargs = {
            "state": {
                "help_text": "open (awaiting the other side), accepted, withdrawn, or "
                "superseded (by a newer proposal of its side, or another one accepted)."
            },
            "closed_at": {"help_text": "When it was accepted, withdrawn or superseded."},
        }
        ref_name = "Proposal"

    def get_proposed_by(self, proposal: Proposal) -> str | None:
        return proposal.proposed_by.username if proposal.proposed_by else None


def _fixture(request: Request, fixture_id: int) -> Fixture:
    queryset = Fixture.objects.select_related("round__season__league", "home_team", "away_team")
    return get_visible(
        queryset, league_path="round__season__league", user=request.user, pk=fixture_id
    )


def _proposal(request: Request, fixture_id: int, proposal_id: int) -> Proposal:
    fixture = _fixture(request, fixture_id)
    return get_object_or_404(Proposal, pk=proposal_id, fixture=fixture)


def _shown(proposal_id: int) -> Proposal:
    queryset: QuerySet[Proposal] = Proposal.objects.select_related(
        "fixture", "team", "proposed_by"
    ).prefetch_related("times")
    return queryset.get(pk=proposal_id)


CONFLICTS = ["already_played", "season_closed", "proposal_closed"]


class ProposalListView(ApiView):
    """A fixture's kick-off proposals, the newest first."""

    class InputSerializer(StrictInputSerializer):
        team = StrictIntegerField(
            min_value=1, max_value=MAX_ID, help_text="The side proposing (team id)."
        )
        times = serializers.ListField(
            child=serializers.DateTimeField(),
            max_length=10,
            help_text=f"One to {MAX_TIMES} kick-off times, ISO 8601 with an offset "
            "(2026-12-09T18:00:00+00:00); each in the future, none twice. One without an "
            "offset is in the league's time zone.",
        )

        class Meta:
            ref_name = "ProposalInput"

    OutputSerializer = ProposalSerializer

    @extend_schema(
        summary="A fixture's kick-off proposals",
        responses={200: ProposalSerializer(many=True), **read_errors()},
    )
    def get(self, request: Request, fixture_id: int) -> Response:
        fixture = _fixture(request, fixture_id)
        proposals = proposals_of(fixture=fixture)
        for proposal in proposals:
            proposal.fixture = fixture
        return Response(self.OutputSerializer(proposals, many=True).data)

    @extend_schema(
        summary="Propose kick-off times for a fixture",
        description="A side's coach (or a commissioner, on its behalf) proposes one to three "
        "times; the other side accepts one. It replaces that side's open proposal. An agreed "
        "kick-off stays until the other side accepts a new proposal.",
        parameters=[IDEMPOTENCY_KEY],
        request=InputSerializer,
        responses={
            201: ProposalSerializer,
            **write_errors(invalid=["not_in_fixture"], conflict=CONFLICTS),
        },
    )
    def post(self, request: Request, fixture_id: int) -> Response:
        return idempotent(request, lambda: self._create(request, fixture_id))

    def _create(self, request: Request, fixture_id: int) -> Response:
        fixture = _fixture(request, fixture_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data: dict[str, Any] = serializer.validated_data
        team = next(
            (t for t in (fixture.home_team, fixture.away_team) if t.pk == data["team"]), None
        )
        if team is None:
            raise DomainError(
                f"That team does not play in {fixture}.", code="not_in_fixture", field="team"
            )
        proposal = proposal_create(
            fixture=fixture, team=team, times=data["times"], actor=request.user
        )
        return Response(
            self.OutputSerializer(_shown(proposal.pk)).data, status=status.HTTP_201_CREATED
        )


class ProposalAcceptView(ApiView):
    class InputSerializer(StrictInputSerializer):
        time = StrictIntegerField(
            min_value=1, max_value=MAX_ID, help_text="The id of one of the proposal's times."
        )

        class Meta:
            ref_name = "ProposalAcceptInput"

    OutputSerializer = ProposalSerializer

    @extend_schema(
        summary="Accept one of a proposal's times",
        description="The other side's coach (or a commissioner) accepts: the time becomes the "
        "fixture's kick-off (its calendar event updated), every other open proposal of the "
        "fixture is superseded and `fixture.scheduled` is sent to the webhooks.",
        parameters=[IDEMPOTENCY_KEY],
        request=InputSerializer,
        responses={200: ProposalSerializer, **write_errors(conflict=CONFLICTS)},
    )
    def post(self, request: Request, fixture_id: int, proposal_id: int) -> Response:
        return idempotent(request, lambda: self._accept(request, fixture_id, proposal_id))

    def _accept(self, request: Request, fixture_id: int, proposal_id: int) -> Response:
        proposal = _proposal(request, fixture_id, proposal_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        proposal_accept(
            proposal=proposal, time_id=serializer.validated_data["time"], actor=request.user
        )
        return Response(self.OutputSerializer(_shown(proposal.pk)).data)


class ProposalWithdrawView(ApiView):
    OutputSerializer = ProposalSerializer

    @extend_schema(
        summary="Withdraw a proposal",
        description="Its side's coach (or a commissioner), while it is open.",
        parameters=[IDEMPOTENCY_KEY],
        request=None,
        responses={200: ProposalSerializer, **write_errors(conflict=CONFLICTS)},
    )
    def post(self, request: Request, fixture_id: int, proposal_id: int) -> Response:
        return idempotent(request, lambda: self._withdraw(request, fixture_id, proposal_id))

    def _withdraw(self, request: Request, fixture_id: int, proposal_id: int) -> Response:
        proposal = _proposal(request, fixture_id, proposal_id)
        proposal_withdraw(proposal=proposal, actor=request.user)
        return Response(self.OutputSerializer(_shown(proposal.pk)).data)
