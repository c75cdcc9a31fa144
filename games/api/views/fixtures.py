"""MagnoBall's operations on a fixture: its dice ledger, reporting its result with the
players' lines and table rolls, simulating it, and the simulation jobs."""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from api.access import get_visible
from api.base import ApiListView, ApiView, absolute_url
from api.errors import renamed_fields
from api.fields import StrictBooleanField, StrictInputSerializer, StrictIntegerField
from api.filters import MAX_ID, WholeNumberFilter
from api.idempotency import idempotent
from api.schema import IDEMPOTENCY_KEY, list_errors, read_errors, write_errors
from games.access import access_job_status
from games.api import access, selectors
from games.api.serializers import ResultSerializer
from games.models import SimulationJob
from games.selectors import SimulationJobStatus, simulation_job_status
from games.services import (
    MAX_COUNT,
    PlayerLine,
    ResultReport,
    TableRoll,
    result_record,
    simulation_request,
)
from league.models import Fixture
from league.services.result_steps import MAX_SCORE
from rosters.models import DiceRoll

#: Generous bounds on list lengths: two rosters are 36 players.
MAX_LINES = 100


class DiceRollSerializer(serializers.ModelSerializer[DiceRoll]):
    class Meta:
        model = DiceRoll
        fields = [
            "id",
            "created_at",
            "sequence",
            "source",
            "purpose",
            "die",
            "faces",
            "modifier",
            "result",
            "detail",
            "team",
            "player",
            "rolled_by",
            "entered_by",
        ]
        ref_name = "DiceRoll"


class DiceFilter(django_filters.FilterSet):
    player = WholeNumberFilter(field_name="player_id")

    class Meta:
        model = DiceRoll
        fields = ["purpose", "source", "player"]


@extend_schema(
    summary="A fixture's dice ledger", responses={200: DiceRollSerializer, **list_errors()}
)
class FixtureDiceView(ApiListView[DiceRoll]):
    """The dice ledger entries of a fixture (M-D8), in the order they were rolled."""

    OutputSerializer = DiceRollSerializer
    serializer_class = OutputSerializer
    queryset = DiceRoll.objects.none()
    filterset_class = DiceFilter
    ordering_fields: list[str] = []

    def get_queryset(self) -> QuerySet[DiceRoll]:
        if getattr(self, "swagger_fake_view", False):
            return DiceRoll.objects.none()
        fixture = get_visible(
            Fixture.objects.all(),
            league_path="round__season__league",
            user=self.request.user,
            pk=self.kwargs["fixture_id"],
        )
        return selectors.fixture_dice(fixture=fixture)


class StatInputSerializer(StrictInputSerializer):
    attempts = StrictIntegerField(min_value=0, max_value=MAX_COUNT)
    successes = StrictIntegerField(min_value=0, max_value=MAX_COUNT)

    class Meta:
        ref_name = "StatInput"


class PlayerLineInputSerializer(StrictInputSerializer):
    player = StrictIntegerField(min_value=1, max_value=MAX_ID, help_text="Player id.")
    points = StrictIntegerField(min_value=0, max_value=MAX_SCORE)
    stats = serializers.DictField(
        child=StatInputSerializer(),
        required=False,
        help_text="Per action category (scoring, face_offs, passing, blocking_passes, "
        "tackles, stealing, saves): attempts and successes.",
    )

    class Meta:
        ref_name = "PlayerLineInput"


class TableRollInputSerializer(StrictInputSerializer):
    duration = StrictIntegerField(min_value=1, max_value=MAX_SCORE, help_text="M-I1 roll.")
    permanent = StrictIntegerField(
        min_value=1, max_value=MAX_SCORE, required=False, allow_null=True, help_text="M-I2 roll."
    )

    class Meta:
        ref_name = "TableRollInput"


class FixtureResultView(ApiView):
    """Report a played fixture's result through the one result service."""

    class InputSerializer(StrictInputSerializer):
        home_score = StrictIntegerField(min_value=0, max_value=MAX_SCORE)
        away_score = StrictIntegerField(min_value=0, max_value=MAX_SCORE)
        overtime = StrictBooleanField(required=False, default=False)
        lines = serializers.ListField(
            child=PlayerLineInputSerializer(),
            max_length=MAX_LINES,
            help_text="The players with points or stat lines to record, and every substitute "
            "who came on; every starter of the line-up (M-P3) has a line whether named or not.",
        )
        incapacitated = serializers.ListField(
            child=StrictIntegerField(min_value=1, max_value=MAX_ID),
            required=False,
            max_length=MAX_LINES,
            help_text="Ids of the players Incapacitated in the match.",
        )
        table_rolls = serializers.DictField(
            child=TableRollInputSerializer(),
            required=False,
            help_text="By player id: the injury rolls made at the table, when the season "
            "lets coaches roll (``MagnoBallSeasonRules.coaches_roll_injuries``).",
        )

        class Meta:
            ref_name = "ResultInput"

        def validate_table_rolls(self, value: dict[str, Any]) -> dict[str, Any]:
            bad = [key for key in value if not (key.isdigit() and 0 < int(key) <= MAX_ID)]
            if bad or len(value) > MAX_LINES:
                raise serializers.ValidationError("Key the rolls by player id.")
            return value

    OutputSerializer = ResultSerializer

    @extend_schema(
        summary="Report a fixture's result",
        description="A coach of either team or the league's commissioner. The scores must "
        "be the sums of the players' points. The answer's lines are the line-up: every "
        "starter, named or not, and the substitutes named; a line naming anyone else is "
        "refused by name. "
        "Refused as a whole, changing nothing, when anything does not hold.",
        parameters=[IDEMPOTENCY_KEY],
        request=InputSerializer,
        responses={
            201: ResultSerializer,
            **write_errors(
                invalid=["invalid_report"],
                conflict=["already_played", "not_ready", "season_not_running", "other_game"],
            ),
        },
    )
    def post(self, request: Request, fixture_id: int) -> Response:
        fixture = access.fixture_for_report(user=request.user, fixture_id=fixture_id)
        return idempotent(request, lambda: self.record(request, fixture))

    def record(self, request: Request, fixture: Fixture) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        with renamed_fields({".player_id": ".player"}):
            result = result_record(
                fixture=fixture,
                report=report_from_input(serializer.validated_data),
                actor=request.user,
            )
        # The service leaves the lines and injuries it stored on the result: no reads.
        data = self.OutputSerializer(result).data
        location = absolute_url(request, "api:fixture-detail", fixture.pk)
        return Response(data, status=status.HTTP_201_CREATED, headers={"Location": location})


def report_from_input(data: dict[str, Any]) -> ResultReport:
    """The result service's report from a validated body."""
    return ResultReport(
        home_score=data["home_score"],
        away_score=data["away_score"],
        overtime=data["overtime"],
        lines=tuple(
            PlayerLine(
                player_id=line["player"],
                points=line["points"],
                stats={
                    c: (s["attempts"], s["successes"]) for c, s in line.get("stats", {}).items()
                },
            )
            for line in data["lines"]
        ),
        incapacitated=tuple(data.get("incapacitated", ())),
        table_rolls={
            int(player): TableRoll(duration=roll["duration"], permanent=roll.get("permanent"))
            for player, roll in data.get("table_rolls", {}).items()
        },
    )


class JobSerializer(serializers.Serializer[SimulationJobStatus]):
    job_id = serializers.IntegerField()
    fixture_id = serializers.IntegerField()
    state = serializers.ChoiceField(
        choices=SimulationJob.State.choices,
        help_text="waiting (for an earlier fixture of its teams or a decision: see "
        "waiting_reason), queued, running, then succeeded, failed or cancelled.",
    )
    waiting_reason = serializers.CharField(
        allow_blank=True, help_text="What a waiting job waits for, in words; else empty."
    )
    waiting_for = serializers.CharField(
        allow_blank=True,
        help_text="Why the job has not finished yet, in words, while it is live: what a "
        "waiting job waits for; for a queued one, how many jobs are ahead of it, a worker "
        "lost on an earlier attempt, or no worker seen since it was queued; for a running "
        "one, an attempt after a lost worker. Empty once it has finished.",
    )
    queue_note = serializers.CharField(
        allow_blank=True,
        help_text="Set while a queued job has not reached the job queue (it is unreachable); "
        "the job starts once it is back. Else empty.",
    )
    progress = serializers.IntegerField(help_text="Per cent done.")
    attempts = serializers.IntegerField()
    error = serializers.CharField(allow_blank=True)
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    home_score = serializers.IntegerField(allow_null=True, help_text="Once the job succeeded.")
    away_score = serializers.IntegerField(allow_null=True, help_text="Once the job succeeded.")
    url = serializers.SerializerMethodField()
    fixture_url = serializers.SerializerMethodField()

    class Meta:
        ref_name = "SimulationJob"

    def get_url(self, job: Any) -> str:
        """The job's own URL, to poll."""
        return absolute_url(self.context["request"], "api:job-detail", job.job_id)

    def get_fixture_url(self, job: Any) -> str:
        """The fixture's URL: its result once the job has succeeded."""
        return absolute_url(self.context["request"], "api:fixture-detail", job.fixture_id)


class FixtureSimulateView(ApiView):
    """Ask for a simulation of a fixture still to play (a commissioner); poll the job's URL.

    The answer is always 202 with the job once it is stored: *queued* when it can run now,
    *waiting* (with ``waiting_reason``) while an earlier fixture of its teams or an
    inspection decision holds it up. If the job queue is unreachable the job is still
    stored and ``queue_note`` says so; it starts once the queue is back."""

    class InputSerializer(StrictInputSerializer):
        class Meta:
            ref_name = "SimulateInput"

    OutputSerializer = JobSerializer

    @extend_schema(
        summary="Simulate a fixture",
        parameters=[IDEMPOTENCY_KEY],
        request=InputSerializer,
        responses={
            202: JobSerializer,
            **write_errors(
                conflict=["fixture_not_ready", "job_exists", "season_not_running", "other_game"]
            ),
        },
    )
    def post(self, request: Request, fixture_id: int) -> Response:
        fixture = access.fixture_for_simulation(user=request.user, fixture_id=fixture_id)
        return idempotent(request, lambda: self.simulate(request, fixture))

    def simulate(self, request: Request, fixture: Fixture) -> Response:
        self.InputSerializer(data=request.data).is_valid(raise_exception=True)
        job = simulation_request(fixture=fixture, actor=request.user)
        job_state = simulation_job_status(job_id=job.pk)
        data = self.OutputSerializer(job_state, context={"request": request}).data
        return Response(data, status=status.HTTP_202_ACCEPTED, headers={"Location": data["url"]})


class JobDetailView(ApiView):
    OutputSerializer = JobSerializer

    @extend_schema(
        summary="A simulation job's state, progress and, once done, the score",
        responses={200: JobSerializer, **read_errors()},
    )
    def get(self, request: Request, job_id: int) -> Response:
        job = access_job_status(user=request.user, job_id=job_id)
        return Response(self.OutputSerializer(job, context={"request": request}).data)
