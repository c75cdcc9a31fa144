"""Export and import jobs through the API (docs/data.md, "Export and import jobs";
docs/api.md). Exports are jobs a worker builds (202, then poll the job); imports answer at
once, a dry run with every problem by row and column and nothing written."""

from __future__ import annotations

import json
from typing import Any, BinaryIO

from django.conf import settings
from django.http import FileResponse, Http404
from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from api.base import ApiView, absolute_url
from api.errors import error_body
from api.fields import StrictBooleanField, StrictInputSerializer
from api.idempotency import HEADER, idempotent
from api.parsers import JSONParser, MultiPartParser
from api.schema import (
    IDEMPOTENCY_KEY,
    ErrorSerializer,
    conflict_errors,
    read_errors,
    write_errors,
)
from league.errors import DomainError
from league.exchange.problems import ImportRefused
from league.exchange_jobs.formats import export_formats
from league.exchange_jobs.models import ExchangeJob
from league.exchange_jobs.selectors import exchange_job_for_league
from league.exchange_jobs.services import (
    CSV_IMPORTS,
    LeagueImported,
    can_export,
    can_see_job,
    exchange_export_request,
    exchange_import_run,
    league_document_import_run,
    require_export,
)
from league.models import League, Season
from league.selectors.leagues import league_for_user


def _league(request: Request, slug: str) -> League:
    try:
        return league_for_user(user=request.user, slug=slug)
    except League.DoesNotExist:
        raise Http404 from None


def _season(league: League, slug: str | None) -> Season | None:
    if not slug:
        return None
    season = league.seasons.filter(slug=slug).first()
    if season is None:
        raise serializers.ValidationError({"season": [f"{league} has no season “{slug}”."]})
    return season


class ExchangeJobSerializer(serializers.ModelSerializer[ExchangeJob]):
    id = serializers.IntegerField(read_only=True)
    kind = serializers.ChoiceField(choices=ExchangeJob.Kind.choices, help_text="export or import.")
    format = serializers.CharField(help_text="The format's key, e.g. csv-standings.")
    season: serializers.SlugRelatedField[Season] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True, allow_null=True, help_text="The season's slug."
    )
    status = serializers.ChoiceField(
        choices=ExchangeJob.Status.choices,
        help_text="queued, running, then done (the file can be downloaded until expires_at) "
        "or failed (see reason).",
    )
    reason = serializers.CharField(help_text="Why the job failed; else empty.")
    progress_done = serializers.IntegerField(help_text="Steps done of progress_total.")
    progress_total = serializers.IntegerField(help_text="Steps in all; 0 until it starts.")
    expires_at = serializers.DateTimeField(
        allow_null=True, help_text="When the file is deleted (a day after it was built)."
    )
    url = serializers.SerializerMethodField(help_text="This job's own URL, to poll.")
    download_url = serializers.SerializerMethodField(
        help_text="Once done and until expires_at: the file. Else null."
    )

    class Meta:
        model = ExchangeJob
        ref_name = "ExchangeJob"
        fields = [
            "id",
            "kind",
            "format",
            "season",
            "status",
            "reason",
            "progress_done",
            "progress_total",
            "created_at",
            "started_at",
            "finished_at",
            "expires_at",
            "url",
            "download_url",
        ]

    def get_url(self, job: ExchangeJob) -> str:
        path = reverse("api:league-export-detail", args=[job.league.slug, job.pk])
        return self.context["request"].build_absolute_uri(path)  # type: ignore[no-any-return]

    def get_download_url(self, job: ExchangeJob) -> str | None:
        if not job.downloadable:
            return None
        path = reverse("api:league-export-download", args=[job.league.slug, job.pk])
        return self.context["request"].build_absolute_uri(path)  # type: ignore[no-any-return]


class ExportCreateView(ApiView):
    """Ask for an export of a league's data (a commissioner of the league, or a coach in
    it; the whole league's JSON document for its commissioners only): the answer is 202
    with the job, whose URL is also in ``Location``. Poll it until ``status`` is done, then
    fetch ``download_url``; the file is kept for a day, and commissioners subscribed to
    ``export.ready`` hear of it by webhook."""

    class InputSerializer(StrictInputSerializer):
        format = serializers.ChoiceField(
            choices=[],
            help_text="csv-standings, csv-fixtures or csv-players: a season's table "
            "(docs/data.md lists each table's columns); json-document: the whole league as "
            "one JSON document, for the league's commissioners only (it holds people's "
            "e-mails and the audit log).",
        )
        season = serializers.SlugField(
            required=False,
            help_text="The season's slug; the CSV formats need one, json-document takes none.",
        )

        class Meta:
            ref_name = "ExportInput"

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.fields["format"].choices = [f.key for f in export_formats()]  # type: ignore[attr-defined]

    @extend_schema(
        summary="Export a league's data (a job)",
        parameters=[IDEMPOTENCY_KEY],
        request=InputSerializer,
        responses={
            202: ExchangeJobSerializer,
            **write_errors(
                invalid=["season_required"], conflict=["no_players_table", "too_many_jobs"]
            ),
        },
    )
    def post(self, request: Request, league_slug: str) -> Response:
        league = _league(request, league_slug)
        return idempotent(request, lambda: self.export(request, league))

    def export(self, request: Request, league: League) -> Response:
        require_export(user=request.user, league=league)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        season = _season(league, serializer.validated_data.get("season"))
        job = exchange_export_request(
            league=league,
            season=season,
            format_key=serializer.validated_data["format"],
            actor=request.user,
        )
        data = ExchangeJobSerializer(job, context={"request": request}).data
        return Response(data, status=status.HTTP_202_ACCEPTED, headers={"Location": data["url"]})


class ExportDetailView(ApiView):
    """An export job of the league (its commissioners and coaches): poll it every second or
    two; ``download_url`` appears once it is done and stays until ``expires_at``."""

    @extend_schema(
        summary="An export job: its status, progress and, once done, its download URL",
        responses={200: ExchangeJobSerializer, **read_errors()},
    )
    def get(self, request: Request, league_slug: str, job_id: int) -> Response:
        job = _job(request, league_slug, job_id)
        return Response(ExchangeJobSerializer(job, context={"request": request}).data)


def _job(request: Request, league_slug: str, job_id: int) -> ExchangeJob:
    league = _league(request, league_slug)
    if not can_export(user=request.user, league=league):
        raise Http404  # a job is its requester's league's business
    try:
        job = exchange_job_for_league(league=league, job_id=job_id)
    except ExchangeJob.DoesNotExist:
        raise Http404 from None
    if not can_see_job(user=request.user, job=job):
        raise Http404  # the league's document is its commissioners' alone
    return job


class ExportDownloadView(ApiView):
    """The file an export job built, as an attachment (CSV in UTF-8 with a byte-order mark,
    so spreadsheets read accented names; the league's document as JSON); kept for a day
    after it was built."""

    @extend_schema(
        summary="Download an export job's file (until it expires)",
        responses={
            200: OpenApiResponse(
                description="The file, as an attachment: text/csv for a CSV table, "
                "application/json for json-document."
            ),
            **read_errors(),
            **conflict_errors("export_not_ready"),
            410: OpenApiResponse(
                description="`file_expired`: the file was deleted after a "
                "day; ask for a new export."
            ),
        },
    )
    def get(self, request: Request, league_slug: str, job_id: int) -> Any:
        job = _job(request, league_slug, job_id)
        if job.status != ExchangeJob.Status.DONE:
            body = error_body("export_not_ready", f"The export is {job.status}: poll its URL.")
            return Response(body, status=status.HTTP_409_CONFLICT)
        if not job.file:
            body = error_body("file_expired", "The file has expired: ask for a new export.")
            return Response(body, status=status.HTTP_410_GONE)
        return FileResponse(
            job.file.open("rb"),
            as_attachment=True,
            filename=job.filename,
            content_type=job.content_type,
        )


class ImportProblemSerializer(serializers.Serializer[dict[str, str]]):
    where = serializers.CharField(help_text="“row 7” (the header is row 1) or “file”.")
    field = serializers.CharField(help_text="The column; empty for the row or file as a whole.")
    message = serializers.CharField()


class ImportResultSerializer(serializers.Serializer[dict[str, Any]]):
    ok = serializers.BooleanField(
        help_text="Whether the file holds (and, no dry run, was written)."
    )
    dry_run = serializers.BooleanField()
    rows = serializers.IntegerField(help_text="Data rows read.")
    created = serializers.ListField(
        child=serializers.CharField(), help_text="What the import made (or would make)."
    )
    problems = ImportProblemSerializer(many=True, help_text="Every problem; empty when ok.")

    class Meta:
        ref_name = "ImportResult"


class ImportCreateView(ApiView):
    """Import a CSV file into a season (a commissioner of the league): ``csv-teams`` into a
    season that has not started, ``csv-results`` into a running one (docs/data.md, "CSV").
    Send it as multipart (``file``) or JSON (``csv``, the file's text). With ``dry_run``
    nothing is written and the answer (200) lists every problem; without it the file is
    written all or nothing: 201 when written, 422 with every problem and nothing changed."""

    parser_classes = [MultiPartParser, JSONParser]

    class InputSerializer(StrictInputSerializer):
        format = serializers.ChoiceField(
            choices=sorted(CSV_IMPORTS), help_text="csv-teams or csv-results."
        )
        season = serializers.SlugField(help_text="The season's slug.")
        dry_run = StrictBooleanField(default=False, help_text="Check only; write nothing.")
        file = serializers.FileField(required=False, help_text="The CSV file (multipart).")
        csv = serializers.CharField(
            required=False, trim_whitespace=False, help_text="The CSV text (a JSON body)."
        )

        class Meta:
            ref_name = "ImportInput"

    @extend_schema(
        summary="Import a CSV file into a season",
        parameters=[IDEMPOTENCY_KEY],
        request={"multipart/form-data": InputSerializer, "application/json": InputSerializer},
        responses={
            200: ImportResultSerializer,
            201: ImportResultSerializer,
            **write_errors(conflict=["refused"]),
            422: OpenApiResponse(
                ErrorSerializer,
                description="`invalid_import`: nothing was imported; `problems` lists each "
                "(`where`: “row 7” or “file”, `field`: the column, `message`) and `fields` "
                "names them as “row 7.home”. `idempotency_key_reused`: use a new key.",
            ),
        },
    )
    def post(self, request: Request, league_slug: str) -> Response:
        league = _league(request, league_slug)
        if request.headers.get(HEADER) is not None and hasattr(request.data, "dict"):
            raise DomainError(
                f"An {HEADER} is kept for a JSON body only: send the file's text as csv.",
                code="invalid",
                field=HEADER,
            )
        return idempotent(request, lambda: self.run(request, league))

    def run(self, request: Request, league: League) -> Response:
        data = _import_input(request)
        serializer = self.InputSerializer(data=data)
        serializer.is_valid(raise_exception=True)
        values = serializer.validated_data
        season = _season(league, values["season"])
        assert season is not None
        upload = values.get("file")
        content: bytes | BinaryIO
        if upload is not None:
            content = upload  # read as a stream, refused once past a limit (csv_read)
        elif "csv" in values:
            content = values["csv"].encode("utf-8")
        else:
            raise serializers.ValidationError({"file": ["Send the file (or its text as csv)."]})
        outcome = exchange_import_run(
            season=season,
            format_key=values["format"],
            data=content,
            actor=request.user,
            dry_run=values["dry_run"],
        )
        if outcome.refused is not None and not values["dry_run"]:
            return Response(_refusal_body(outcome.refused), status=422)
        return Response(
            _import_body(outcome.report, outcome.refused, dry_run=values["dry_run"]),
            status=status.HTTP_200_OK if values["dry_run"] else status.HTTP_201_CREATED,
        )


def _import_input(request: Request) -> dict[str, Any]:
    if hasattr(request.data, "dict"):  # multipart: its one value per field, and the file
        data: dict[str, Any] = request.data.dict()
        if "dry_run" in data:
            data["dry_run"] = {"true": True, "false": False}.get(
                str(data["dry_run"]).lower(), data["dry_run"]
            )
        return data
    return request.data if isinstance(request.data, dict) else {}


def _import_body(report: Any, refused: ImportRefused | None, *, dry_run: bool) -> dict[str, Any]:
    return {
        "ok": refused is None,
        "dry_run": dry_run,
        "rows": report.rows if report else 0,
        "created": report.created if report else [],
        "problems": [p.as_dict() for p in refused.problems] if refused else [],
    }


def _refusal_body(refused: ImportRefused) -> dict[str, Any]:
    """The error shape (docs/api.md "Errors"), each problem with its place."""
    fields: dict[str, list[str]] = {}
    for problem in refused.problems:
        name = f"{problem.where}.{problem.field}" if problem.field else problem.where
        fields.setdefault(name, []).append(problem.message)
    problems = [
        {"code": refused.code, "rule": "", **problem.as_dict()} for problem in refused.problems
    ]
    return error_body(refused.code, refused.message, fields, problems)


# --- a whole league's JSON document in ------------------------------------------------------


class LeagueImportLeagueSerializer(serializers.Serializer[dict[str, Any]]):
    name = serializers.CharField(help_text="The league's name, from the file.")
    slug = serializers.CharField(help_text="The league's slug (its address), from the file.")
    api_url = serializers.CharField(
        allow_null=True, help_text="The new league's API URL; null for a dry run."
    )

    class Meta:
        ref_name = "LeagueImportLeague"


class LeagueImportResultSerializer(serializers.Serializer[dict[str, Any]]):
    ok = serializers.BooleanField(
        help_text="Whether the file holds (and, no dry run, was written). A dry run answers "
        "200 either way; a refused import is a 422."
    )
    dry_run = serializers.BooleanField()
    league = LeagueImportLeagueSerializer(
        allow_null=True, help_text="The league made (or that would be); null when not ok."
    )
    rows = serializers.IntegerField(help_text="Rows written (or that would be), in all.")
    counts = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="Rows by the document's table key, such as teams: 8, fixtures: 56.",
    )
    problems = ImportProblemSerializer(
        many=True,
        help_text="Every problem, each with its place in the file (where: “fixtures[12]”, "
        "field: “away_team”); empty when ok.",
    )

    class Meta:
        ref_name = "LeagueImportResult"


class LeagueImportView(ApiView):
    """Import a whole league from its JSON document (docs/data.md, "The JSON document") as
    a new league with new ids, beside the leagues already here: for superusers and for
    commissioners who may create leagues. Send the file as multipart ``file`` (a big
    league's document, tens of MB, must go this way) or, for a small one, a JSON body
    ``{"document": {…}}``. With ``dry_run`` nothing is written and the answer (200) says
    what would be made or lists every problem (check ``ok``); without it the file is
    written all or nothing: 201 with the new league's API URL in ``Location``, or 422 with
    every problem and nothing changed. People the installation lacks are created inactive,
    without a password."""

    parser_classes = [MultiPartParser, JSONParser]

    class InputSerializer(StrictInputSerializer):
        dry_run = StrictBooleanField(default=False, help_text="Check only; write nothing.")
        file = serializers.FileField(
            required=False, help_text="The document as a file (multipart), up to 30 MB."
        )
        document = serializers.DictField(
            required=False, help_text="The document itself (a JSON body), for a small league."
        )

        class Meta:
            ref_name = "LeagueImportInput"

    @extend_schema(
        summary="Import a league from its JSON document",
        tags=["leagues"],
        parameters=[IDEMPOTENCY_KEY],
        request={"multipart/form-data": InputSerializer, "application/json": InputSerializer},
        responses={
            200: LeagueImportResultSerializer,
            201: LeagueImportResultSerializer,
            **write_errors(),
            422: OpenApiResponse(
                ErrorSerializer,
                description="`invalid_import`: nothing was imported; `problems` lists each "
                "(`where`: a place in the file such as “fixtures[12]”, `field`: its key, "
                "`message`) and `fields` names them as “fixtures[12].away_team”. "
                "`idempotency_key_reused`: use a new key.",
            ),
        },
    )
    def post(self, request: Request) -> Response:
        if request.headers.get(HEADER) is not None and hasattr(request.data, "dict"):
            raise DomainError(
                f"An {HEADER} is kept for a JSON body only: send the document as document.",
                code="invalid",
                field=HEADER,
            )
        return idempotent(request, lambda: self.run(request))

    def run(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=_import_input(request))
        serializer.is_valid(raise_exception=True)
        values = serializer.validated_data
        dry_run = values["dry_run"]
        upload = values.get("file")
        if upload is not None:
            # Read no further than the limit: a larger file is refused by its size alone.
            content = upload.read(settings.LEAGUE_IMPORT_MAX_BYTES + 1)
        elif "document" in values:
            content = json.dumps(values["document"]).encode("utf-8")
        else:
            raise serializers.ValidationError({"file": ["Send the file (or the document)."]})
        try:
            imported = league_document_import_run(data=content, actor=request.user, dry_run=dry_run)
        except ImportRefused as refused:
            if not dry_run:
                return Response(_refusal_body(refused), status=422)
            return Response(_league_import_body(refused=refused), status=status.HTTP_200_OK)
        outcome = imported.outcome
        api_url = None
        if outcome.league_id is not None:
            api_url = absolute_url(request, "api:league-detail", outcome.league_id)
        body = _league_import_body(imported=imported, api_url=api_url, dry_run=dry_run)
        if api_url is None:
            return Response(body, status=status.HTTP_200_OK)
        return Response(body, status=status.HTTP_201_CREATED, headers={"Location": api_url})


def _league_import_body(
    *,
    imported: LeagueImported | None = None,
    refused: ImportRefused | None = None,
    api_url: str | None = None,
    dry_run: bool = True,
) -> dict[str, Any]:
    """LeagueImportResultSerializer's shape: what was made, or a dry run's problems."""
    if imported is None:
        assert refused is not None
        problems = [p.as_dict() for p in refused.problems]
        return {
            "ok": False,
            "dry_run": True,
            "league": None,
            "rows": 0,
            "counts": {},
            "problems": problems,
        }
    outcome = imported.outcome
    return {
        "ok": True,
        "dry_run": dry_run,
        "league": {"name": imported.name, "slug": outcome.slug, "api_url": api_url},
        "rows": sum(outcome.counts.values()),
        "counts": outcome.counts,
        "problems": [],
    }
