"""A Magic Number Eleven fixture: its match day as the user may see it (the page's own view
builder, mn11.selectors.match_day_view: sealed line-ups stay sealed), the match-day choices
(E-S1 the Away set, E-S3 the GK picks and line-ups), and its result: reported by either coach
or a commissioner (E-R1, with Idempotency-Key), corrected or voided by a commissioner. Also
the season's discipline (E-D3)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from api.access import ApiUser
from api.base import ApiView, absolute_url
from api.fields import StrictInputSerializer, StrictIntegerField, read_body
from api.filters import MAX_ID
from api.idempotency import idempotent
from api.schema import IDEMPOTENCY_KEY, read_errors, write_errors
from api.views.fixtures import FixtureSerializer
from league.access import require_commissioner, require_result_reporter
from league.errors import DomainError
from league.models import Fixture
from mn11.api.access import mn11_fixture, mn11_fixtures, mn11_season, side_given
from mn11.api.serializers import (
    DisciplineRowSerializer,
    MatchDaySerializer,
    ReportInputSerializer,
    ReportSerializer,
    away_set_field,
    card_key,
    gk_field,
    side_field,
)
from mn11.models import Report
from mn11.report_input import report_data_parse
from mn11.selectors import MatchDayView, match_day_view, season_discipline
from mn11.services import (
    away_set_choose,
    gk_pick_choose,
    lineup_submit,
    report_correct,
    report_record,
    report_void,
)
from rules.mn11 import AwaySet, GkCard


@dataclass(frozen=True)
class Mn11Fixture:
    fixture: Fixture
    match_day: MatchDayView
    report: Report | None


def mn11_fixture_of(fixture_id: int, user: ApiUser) -> Mn11Fixture:
    """The fixture (read afresh), its match day as `user` may see it, and its report."""
    fixture = mn11_fixtures().select_related("result").get(pk=fixture_id)
    report = (
        Report.objects.filter(result__fixture=fixture)
        .select_related("result__reported_by")
        .prefetch_related("events", "kicks")
        .first()
    )
    return Mn11Fixture(fixture, match_day_view(user=user, fixture=fixture), report)


class Mn11FixtureSerializer(serializers.Serializer[Mn11Fixture]):
    fixture = FixtureSerializer()
    match_day = MatchDaySerializer(
        help_text="As the user may see it: a line-up sealed until both are in (E-S3)."
    )
    report = ReportSerializer(allow_null=True, help_text="Once played.")

    class Meta:
        ref_name = "Mn11Fixture"


FIXTURE_URL = "api:mn11-fixture"
#: "The message (E-D3)" parts of a refused report's field, each one broken rule.
_RULE_PART = re.compile(r"\s*(.+?) \((E-[A-Z]+\d+)\)")


def problems_of(error: DomainError) -> list[dict[str, str]]:
    """A refused report's faults as the API's `problems`: each with its rule id and field
    (mn11.errors.report_refused puts "message (rule)" beside each field)."""
    problems = []
    for field, text in error.fields.items():
        for message, rule in _RULE_PART.findall(text):
            problems.append({"code": error.code, "rule": rule, "field": field, "message": message})
    return problems


@dataclass(frozen=True)
class _Problem:
    code: str
    rule: str
    field: str
    message: str


@contextmanager
def report_problems() -> Iterator[None]:
    """Let a refused report list its broken rules in `problems` (api.errors reads them)."""
    try:
        yield
    except DomainError as error:
        if error.code == "invalid_report":
            error.problems = [_Problem(**p) for p in problems_of(error)]  # type: ignore[attr-defined]
        raise


def fixture_response(fixture: Fixture, request: Request, status: int = 200) -> Response:
    body = Mn11FixtureSerializer(mn11_fixture_of(fixture.pk, request.user)).data
    return Response(body, status=status)


class Mn11FixtureView(ApiView):
    OutputSerializer = Mn11FixtureSerializer

    @extend_schema(
        summary="A Magic Number Eleven fixture with its match day and its report",
        description="The match day as the user may see it: the Away set and GK picks are "
        "open; a line-up is shown to its own coach (and a commissioner), and to everyone "
        "once both are in (E-S3).",
        responses={200: Mn11FixtureSerializer, **read_errors()},
    )
    def get(self, request: Request, fixture_id: int) -> Response:
        fixture = mn11_fixture(user=request.user, fixture_id=fixture_id)
        return fixture_response(fixture, request)


MATCH_DAY_CONFLICTS = ["already_played"]


class SideInput(StrictInputSerializer):
    """Which side a match-day write is for: `side`, or the team's id as `team` (the line-up
    endpoint's older name, still taken; both GK and line-up endpoints take either)."""

    side = side_field(
        required=False, help_text="home or away. Give this or `team` (both: they must agree)."
    )
    team = StrictIntegerField(
        required=False,
        min_value=1,
        max_value=MAX_ID,
        help_text="The team's id: the older way to name the side, still taken.",
    )

    class Meta:
        ref_name = "Mn11SideInput"


class AwaySetView(ApiView):
    """E-S1: the Away coach chooses the Away card set."""

    class InputSerializer(StrictInputSerializer):
        away_set = away_set_field()

        class Meta:
            ref_name = "Mn11AwaySetInput"

    @extend_schema(
        summary="Choose the Away set of a Magic Number Eleven fixture",
        description="The Away team's coach or a commissioner, until the result (E-S1). Final "
        "once either line-up is in (`away_set_final`): then only a commissioner changes it, "
        "and an Away line-up holding cards of the set replaced is withdrawn.",
        request=InputSerializer,
        responses={
            200: Mn11FixtureSerializer,
            **write_errors(conflict=[*MATCH_DAY_CONFLICTS, "away_set_final"]),
        },
    )
    def put(self, request: Request, fixture_id: int) -> Response:
        fixture = mn11_fixture(user=request.user, fixture_id=fixture_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        chosen = AwaySet(serializer.validated_data["away_set"])
        away_set_choose(fixture=fixture, actor=request.user, away_set=chosen)
        return fixture_response(fixture, request)


class GkPickView(ApiView):
    """E-S3: Home picks one of the three GK cards, then Away one of the two left."""

    class InputSerializer(SideInput):
        card = gk_field()

        class Meta:
            ref_name = "Mn11GkPickInput"

    @extend_schema(
        summary="Pick a side's GK card for a Magic Number Eleven fixture",
        description="That side's coach or a commissioner, until the result: Home first, "
        "then Away one of the two Home left (E-S3). The side is `side` (or the team's id as "
        "`team`, as the line-up endpoint takes it). A refused pick is beside `card`.",
        request=InputSerializer,
        responses={
            200: Mn11FixtureSerializer,
            **write_errors(invalid=["gk_pick_refused"], conflict=MATCH_DAY_CONFLICTS),
        },
    )
    def put(self, request: Request, fixture_id: int) -> Response:
        fixture = mn11_fixture(user=request.user, fixture_id=fixture_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        side = side_given(fixture=fixture, side=data.get("side"), team_id=data.get("team"))
        gk_pick_choose(fixture=fixture, actor=request.user, side=side, card=GkCard(data["card"]))
        return fixture_response(fixture, request)


class LineupView(ApiView):
    """E-S3: a team's starting line-up of 11 card keys, sealed until both are in."""

    class InputSerializer(SideInput):
        cards = serializers.ListField(
            child=card_key(trim_whitespace=False),
            max_length=30,
            help_text='11 card keys, e.g. ["home-1", …, "base-01"] (the GK card\'s among '
            "them with GK cards on), each exactly as the squad names it (`home-01` is no card).",
        )

        class Meta:
            ref_name = "Mn11LineupInput"

    @extend_schema(
        summary="Submit a team's line-up for a Magic Number Eleven fixture",
        description="The team's coach or a commissioner (not the other team's coach), until "
        "the result; the Away team chooses its set first. The side is `side` (or the team's "
        "id as `team`, the older name, still taken). Checked by the rules (E-S3, the "
        "suspension setting E-D3) against the cards the side may field (`squad` in the "
        "fixture), every fault beside `cards`. Sealed until both are in, then final "
        "(`lineup_final`): only a commissioner changes one, audited and shown in `changes`.",
        request=InputSerializer,
        responses={
            200: Mn11FixtureSerializer,
            **write_errors(
                invalid=["lineup_invalid"], conflict=[*MATCH_DAY_CONFLICTS, "lineup_final"]
            ),
        },
    )
    def put(self, request: Request, fixture_id: int) -> Response:
        fixture = mn11_fixture(user=request.user, fixture_id=fixture_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        side = side_given(fixture=fixture, side=data.get("side"), team_id=data.get("team"))
        lineup_submit(fixture=fixture, actor=request.user, side=side, cards=data["cards"])
        return fixture_response(fixture, request)


REPORT_REFUSALS = {"invalid": ["invalid_report"]}


class Mn11ResultView(ApiView):
    """E-R1: a match's report. Either coach or a commissioner reports it; a commissioner
    corrects (PUT) or voids (DELETE) it, the table recomputed."""

    InputSerializer = ReportInputSerializer
    OutputSerializer = Mn11FixtureSerializer

    @extend_schema(
        summary="Report a Magic Number Eleven fixture's result",
        description="A coach of either team or the league's commissioner. The Away set and "
        "GK picks default to the match day's. Checked against every rule of the report "
        "(E-S1, E-S3, E-D1 … E-D5, E-R1); refused as a whole with each broken rule in "
        "`problems`, beside its field in `fields` (`events.3.card`, `shootout`). A level "
        "score's shootout winner takes the overtime win in the table (E-L1).",
        parameters=[IDEMPOTENCY_KEY],
        request=ReportInputSerializer,
        responses={
            201: Mn11FixtureSerializer,
            **write_errors(
                **REPORT_REFUSALS, conflict=["already_played", "not_ready", "season_not_running"]
            ),
        },
    )
    def post(self, request: Request, fixture_id: int) -> Response:
        fixture = mn11_fixture(user=request.user, fixture_id=fixture_id)
        require_result_reporter(user=request.user, fixture=fixture)
        return idempotent(request, lambda: self.record(request, fixture))

    def record(self, request: Request, fixture: Fixture) -> Response:
        data = read_body(request, report_data_parse, self.InputSerializer)
        with report_problems():
            report_record(fixture=fixture, data=data, actor=request.user)
        response = fixture_response(fixture, request, status=201)
        response["Location"] = absolute_url(request, FIXTURE_URL, fixture.pk)
        return response

    @extend_schema(
        summary="Correct a Magic Number Eleven fixture's result (a commissioner)",
        description="The Away set and GK picks default to those it was played with; the "
        "table recomputed. Audited with before and after.",
        request=ReportInputSerializer,
        responses={
            200: Mn11FixtureSerializer,
            **write_errors(**REPORT_REFUSALS, conflict=["not_played", "season_closed"]),
        },
    )
    def put(self, request: Request, fixture_id: int) -> Response:
        fixture = mn11_fixture(user=request.user, fixture_id=fixture_id)
        require_commissioner(user=request.user, league=fixture.round.season.league)
        data = read_body(request, report_data_parse, self.InputSerializer)
        with report_problems():
            report_correct(fixture=fixture, data=data, actor=request.user)
        return fixture_response(fixture, request)

    @extend_schema(
        summary="Void a Magic Number Eleven fixture's result (a commissioner)",
        description="The fixture is to be played again; the table recomputed without it.",
        request=None,
        responses={
            200: Mn11FixtureSerializer,
            **write_errors(conflict=["not_played", "season_closed"]),
        },
    )
    def delete(self, request: Request, fixture_id: int) -> Response:
        fixture = mn11_fixture(user=request.user, fixture_id=fixture_id)
        require_commissioner(user=request.user, league=fixture.round.season.league)
        report_void(fixture=fixture, actor=request.user)
        return fixture_response(fixture, request)


class SeasonDisciplineView(ApiView):
    @extend_schema(
        summary="A Magic Number Eleven season's discipline",
        description="E-D3: each team's warnings, yellow cards, red cards (each Player Card "
        "sent off is one) and the cards sent off, most reds first.",
        responses={200: DisciplineRowSerializer(many=True), **read_errors()},
    )
    def get(self, request: Request, season_id: int) -> Response:
        season = mn11_season(user=request.user, season_id=season_id)
        rows = season_discipline(season=season)
        # many=True takes a list; the stubs type one instance
        return Response(DisciplineRowSerializer(rows, many=True).data)  # type: ignore[arg-type]
