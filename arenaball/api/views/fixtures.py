"""An Arenaball fixture: each team's pits (A-G4), the fixture with both line-ups and its
report, and its result: reported by either coach or a commissioner (A-G5, with
Idempotency-Key), corrected or voided by a commissioner. There is no simulation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from api.base import ApiView, absolute_url
from api.fields import StrictInputSerializer, StrictIntegerField, read_body
from api.filters import MAX_ID
from api.idempotency import idempotent
from api.schema import IDEMPOTENCY_KEY, read_errors, write_errors
from api.views.fixtures import FixtureSerializer
from arenaball.api.access import arena_fixture, arena_fixtures, team_for_pits
from arenaball.api.serializers import (
    LineupSerializer,
    PitsSerializer,
    ReportInputSerializer,
    ReportSerializer,
    slot_field,
)
from arenaball.models import Pits, Report
from arenaball.report_input import report_data_parse
from arenaball.selectors import fixture_pits, fixture_report, lineup_snapshot
from arenaball.services import pits_choose, report_correct, report_record, report_void
from league.access import require_commissioner, require_result_reporter
from league.models import Fixture


@dataclass(frozen=True)
class ArenaFixture:
    fixture: Fixture
    lineups: dict[str, Any]
    pits: list[Pits]
    report: Report | None


def arena_fixture_of(fixture_id: int) -> ArenaFixture:
    """The fixture (read afresh), its line-ups as they took the field once played (else as
    they stand now), the coaches' pits and the report."""
    fixture = arena_fixtures().select_related("result").get(pk=fixture_id)
    report = fixture_report(fixture=fixture)
    if report is not None and report.lineups:
        lineups = dict(report.lineups)
    else:
        lineups = {
            side: lineup_snapshot(fixture=fixture, team=team, pits=None)
            for side, team in (("home", fixture.home_team), ("away", fixture.away_team))
        }
    return ArenaFixture(fixture, lineups, fixture_pits(fixture=fixture), report)


class LineupsSerializer(serializers.Serializer[Any]):
    home = LineupSerializer()
    away = LineupSerializer()

    class Meta:
        ref_name = "ArenaballLineups"


class ArenaFixtureSerializer(serializers.Serializer[ArenaFixture]):
    fixture = FixtureSerializer()
    lineups = LineupsSerializer()
    pits = PitsSerializer(many=True, help_text="The pits each coach chose before the game.")
    report = ReportSerializer(allow_null=True, help_text="Once played.")

    class Meta:
        ref_name = "ArenaballFixture"


FIXTURE_URL = "api:arenaball-fixture"


class ArenaFixtureView(ApiView):
    OutputSerializer = ArenaFixtureSerializer

    @extend_schema(
        summary="An Arenaball fixture with both line-ups, the pits and its report",
        responses={200: ArenaFixtureSerializer, **read_errors()},
    )
    def get(self, request: Request, fixture_id: int) -> Response:
        fixture = arena_fixture(user=request.user, fixture_id=fixture_id)
        return Response(self.OutputSerializer(arena_fixture_of(fixture.pk)).data)


class FixturePitsView(ApiView):
    """A-G4: the two track cars a team starts in the pits, chosen before the game."""

    class InputSerializer(StrictInputSerializer):
        team = StrictIntegerField(min_value=1, max_value=MAX_ID, help_text="Team id.")
        slots = serializers.ListField(
            child=slot_field(),
            max_length=6,
            help_text='Two track cars, e.g. ["4", "5"].',
        )

        class Meta:
            ref_name = "ArenaballPitsInput"

    OutputSerializer = PitsSerializer

    @extend_schema(
        summary="Choose a team's pits for an Arenaball fixture",
        description="The team's coach or a commissioner, until the result.",
        request=InputSerializer,
        responses={
            200: PitsSerializer,
            **write_errors(invalid=["pits_invalid"], conflict=["already_played"]),
        },
    )
    def put(self, request: Request, fixture_id: int) -> Response:
        fixture = arena_fixture(user=request.user, fixture_id=fixture_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        team = team_for_pits(user=request.user, fixture=fixture, team_id=data["team"])
        pits = pits_choose(fixture=fixture, team=team, actor=request.user, slots=data["slots"])
        return Response(self.OutputSerializer(pits).data)


REPORT_REFUSALS = {"invalid": ["invalid_report"]}


class ArenaResultView(ApiView):
    """A-G5: a game's report. Either coach or a commissioner reports it; a commissioner
    corrects (PUT) or voids (DELETE) it, everything it caused recomputed."""

    InputSerializer = ReportInputSerializer
    OutputSerializer = ArenaFixtureSerializer

    @extend_schema(
        summary="Report an Arenaball fixture's result",
        description="A coach of either team or the league's commissioner. Checked against "
        "both line-ups as they take the field (cars, crews, the pits) and every rule of the "
        "report (A-G1 … A-G5); refused as a whole with each broken rule in `problems`, "
        "beside its field in `fields` (`goals.0.scorer`, `home.pits`).",
        parameters=[IDEMPOTENCY_KEY],
        request=ReportInputSerializer,
        responses={
            201: ArenaFixtureSerializer,
            **write_errors(
                **REPORT_REFUSALS, conflict=["already_played", "not_ready", "season_not_running"]
            ),
        },
    )
    def post(self, request: Request, fixture_id: int) -> Response:
        fixture = arena_fixture(user=request.user, fixture_id=fixture_id)
        require_result_reporter(user=request.user, fixture=fixture)
        return idempotent(request, lambda: self.record(request, fixture))

    def record(self, request: Request, fixture: Fixture) -> Response:
        data = read_body(request, report_data_parse, self.InputSerializer)
        report_record(fixture=fixture, data=data, actor=request.user)
        location = absolute_url(request, FIXTURE_URL, fixture.pk)
        body = self.OutputSerializer(arena_fixture_of(fixture.pk)).data
        return Response(body, status=201, headers={"Location": location})

    @extend_schema(
        summary="Correct an Arenaball fixture's result (a commissioner)",
        description="Checked against the line-ups the game was played with; the table and "
        "every character's points recomputed. Audited with before and after.",
        request=ReportInputSerializer,
        responses={
            200: ArenaFixtureSerializer,
            **write_errors(**REPORT_REFUSALS, conflict=["not_played", "season_closed"]),
        },
    )
    def put(self, request: Request, fixture_id: int) -> Response:
        fixture = arena_fixture(user=request.user, fixture_id=fixture_id)
        require_commissioner(user=request.user, league=fixture.round.season.league)
        data = read_body(request, report_data_parse, self.InputSerializer)
        report_correct(fixture=fixture, data=data, actor=request.user)
        return Response(self.OutputSerializer(arena_fixture_of(fixture.pk)).data)

    @extend_schema(
        summary="Void an Arenaball fixture's result (a commissioner)",
        description="The fixture is to be played again; all it caused (points, deaths, "
        "injuries, the table) is recomputed away.",
        request=None,
        responses={
            200: ArenaFixtureSerializer,
            **write_errors(conflict=["not_played", "season_closed"]),
        },
    )
    def delete(self, request: Request, fixture_id: int) -> Response:
        fixture = arena_fixture(user=request.user, fixture_id=fixture_id)
        require_commissioner(user=request.user, league=fixture.round.season.league)
        report_void(fixture=fixture, actor=request.user)
        return Response(self.OutputSerializer(arena_fixture_of(fixture.pk)).data)
