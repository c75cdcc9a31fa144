"""The commissioner's side of export and import in the admin (docs/data.md, "Export and
import jobs"): the job list with downloads, a season's tables as CSV at one click, and the
CSV import page (upload → dry run with every problem → import)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core import signing
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.http.response import HttpResponseBase
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.crypto import get_random_string
from django.utils.html import format_html

from league.admin.base import ReadOnlyAdmin
from league.admin.display import admin_url, changelist_url
from league.admin.scoping import LeagueListFilter, scope_to_leagues
from league.capabilities import capability
from league.capabilities.csv import Csv
from league.errors import DomainError
from league.exchange.csv_export import CSV_TABLES, csv_table_export
from league.exchange.csv_files import max_upload_bytes
from league.exchange.csv_import import RESULT_COLUMNS, RESULT_OPTIONAL, TEAM_COLUMNS, TEAM_OPTIONAL
from league.exchange_jobs.models import ExchangeJob
from league.exchange_jobs.services import PENDING_DIR, exchange_import_run
from league.models import Season
from league.rulesets import ruleset_for

_SALT = "league.exchange_jobs.pending-import"


class ImportForm(forms.Form):
    format = forms.ChoiceField(
        choices=[
            ("csv-teams", "Teams and rosters (into a season that has not started)"),
            ("csv-results", "Past results (into a running season)"),
        ],
        widget=forms.RadioSelect,
        label="What the file holds",
    )
    file = forms.FileField(
        label="CSV file",
        help_text="UTF-8 (“CSV UTF-8” in a spreadsheet), separated by commas, semicolons or "
        "tabs, with a header row. It is checked first: nothing is written until you import.",
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > max_upload_bytes():
            raise forms.ValidationError(
                f"The file is {upload.size:,} bytes; the limit is {max_upload_bytes():,}."
            )
        return upload


@admin.register(ExchangeJob)
class ExchangeJobAdmin(ReadOnlyAdmin[ExchangeJob]):
    read_only_reason = (
        "Export and import jobs are made by asking for an export (the season's page, the "
        "API) or importing a file; they cannot be added or changed by hand."
    )
    list_display = (
        "created_at",
        "kind",
        "format",
        "league",
        "season",
        "status",
        "progress",
        "requested_by",
        "download",
        "expires_at",
    )
    list_filter = ("kind", "status", "format", ("league", LeagueListFilter))
    list_select_related = ("league", "season", "requested_by")
    search_fields = ("format", "league__name", "season__name", "requested_by__username")
    date_hierarchy = "created_at"
    fields = (
        "kind",
        "format",
        "league",
        "season",
        "requested_by",
        "status",
        "reason",
        "progress",
        "download",
        "report",
        "created_at",
        "started_at",
        "finished_at",
        "expires_at",
    )
    readonly_fields = ("progress", "download")

    @admin.display(description="Progress")
    def progress(self, obj: ExchangeJob) -> str:
        if not obj.progress_total:
            return "—"
        return f"{obj.progress_done} of {obj.progress_total}"

    @admin.display(description="File")
    def download(self, obj: ExchangeJob) -> str:
        if obj.downloadable:
            url = reverse("admin:exchange_jobs_exchangejob_download", args=[obj.pk])
            return format_html('<a href="{}">Download {}</a>', url, obj.filename)
        if obj.status == ExchangeJob.Status.DONE and obj.kind == ExchangeJob.Kind.EXPORT:
            return "Expired (kept a day)"
        return obj.reason or "—"

    def get_urls(self) -> list[URLPattern]:
        view = self.admin_site.admin_view
        return [
            path(
                "<int:job_id>/download/",
                view(self.download_view),
                name="exchange_jobs_exchangejob_download",
            ),
            path(
                "season/<int:season_id>/csv/<str:table>/",
                view(self.season_csv_view),
                name="exchange_jobs_season_csv",
            ),
            path(
                "season/<int:season_id>/import/",
                view(self.import_view),
                name="exchange_jobs_season_import",
            ),
            *super().get_urls(),
        ]

    # --- downloads ---------------------------------------------------------------------------

    def download_view(self, request: HttpRequest, job_id: int) -> HttpResponseBase:
        job = self.get_queryset(request).filter(pk=job_id).first()
        if job is None:
            raise Http404
        if not job.downloadable:
            messages.error(request, "This job has no file to download (it expired or failed).")
            return HttpResponseRedirect(changelist_url(ExchangeJob))
        return FileResponse(
            job.file.open("rb"),
            as_attachment=True,
            filename=job.filename,
            content_type=job.content_type,
        )

    def _season(self, request: HttpRequest, season_id: int) -> Season:
        seasons = scope_to_leagues(Season.objects.select_related("league"), request, "league")
        season = seasons.filter(pk=season_id).first()
        if season is None:
            raise Http404
        return season  # type: ignore[no-any-return]

    def season_csv_view(self, request: HttpRequest, season_id: int, table: str) -> HttpResponse:
        season = self._season(request, season_id)
        try:
            text = csv_table_export(season=season, table=table)
        except DomainError as error:
            messages.error(request, error.message)
            return HttpResponseRedirect(admin_url(season))
        response = HttpResponse(("\ufeff" + text).encode(), content_type="text/csv; charset=utf-8")
        name = f"{season.league.slug}-{season.slug}-{table}.csv"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response

    # --- the import page ---------------------------------------------------------------------

    def import_view(self, request: HttpRequest, season_id: int) -> HttpResponse:
        season = self._season(request, season_id)
        context: dict[str, Any] = {}
        form = ImportForm()
        if request.method == "POST" and request.POST.get("pending"):
            return self._import_pending(request, season)
        if request.method == "POST":
            form = ImportForm(request.POST, request.FILES)
            if form.is_valid():
                data = form.cleaned_data["file"].read()
                format_key = form.cleaned_data["format"]
                outcome = exchange_import_run(
                    season=season,
                    format_key=format_key,
                    data=data,
                    actor=request.user,
                    dry_run=True,
                )
                context["checked"] = outcome
                if outcome.refused is None:
                    context["pending"] = _pending_store(
                        data,
                        user_id=int(request.user.pk or 0),
                        season_id=season.pk,
                        format_key=format_key,
                    )
                    context["format_key"] = format_key
        return TemplateResponse(
            request,
            "admin/exchange_jobs/import.html",
            {
                **self.admin_site.each_context(request),
                "opts": self.opts,
                "title": f"Import a CSV file into {season}",
                "season": season,
                "form": form,
                "season_url": admin_url(season),
                "columns": _columns(season),
                **context,
            },
        )

    def _import_pending(self, request: HttpRequest, season: Season) -> HttpResponse:
        try:
            claims = signing.loads(request.POST["pending"], salt=_SALT, max_age=86_400)
        except signing.BadSignature:
            messages.error(request, "That check has expired: upload the file again.")
            return HttpResponseRedirect(request.path)
        if claims["user"] != request.user.pk or claims["season"] != season.pk:
            raise Http404
        name = f"{PENDING_DIR}/{claims['file']}"
        if not default_storage.exists(name):
            messages.error(request, "That file was imported already or has expired.")
            return HttpResponseRedirect(request.path)
        with default_storage.open(name, "rb") as handle:
            data = handle.read()
        outcome = exchange_import_run(
            season=season,
            format_key=claims["format"],
            data=data,
            actor=request.user,
            dry_run=False,
        )
        default_storage.delete(name)
        if outcome.refused is not None:
            messages.error(request, f"{outcome.refused} Check it again to see why.")
            return HttpResponseRedirect(request.path)
        assert outcome.report is not None
        count = len(outcome.report.created)
        noun = outcome.report.kind if count != 1 else outcome.report.kind.removesuffix("s")
        messages.success(request, f"Imported {count} {noun} into {season}.")
        return HttpResponseRedirect(admin_url(season))


def _pending_store(data: bytes, *, user_id: int, season_id: int, format_key: str) -> str:
    name = default_storage.save(f"{PENDING_DIR}/{get_random_string(24)}.csv", ContentFile(data))
    return signing.dumps(
        {
            "file": name.rsplit("/", 1)[-1],
            "user": user_id,
            "season": season_id,
            "format": format_key,
        },
        salt=_SALT,
    )


def _columns(season: Season) -> list[tuple[str, str]]:
    ruleset = ruleset_for(season.league)
    return [
        (
            "Teams and rosters",
            ", ".join((*TEAM_COLUMNS, *(f"{c} (optional)" for c in TEAM_OPTIONAL))),
        ),
        (
            "Past results",
            ", ".join(
                (
                    *RESULT_COLUMNS,
                    *(
                        f"{c} (optional)"
                        for c in (*RESULT_OPTIONAL, *capability(ruleset, Csv).csv_result_columns)
                    ),
                )
            ),
        ),
    ]


def season_data_links(season: Season) -> dict[str, Any]:
    """What the season's admin page offers of export and import (its include reads it)."""
    return {
        "csv_links": [
            (table, reverse("admin:exchange_jobs_season_csv", args=[season.pk, table]))
            for table in CSV_TABLES
        ],
        "import_url": reverse("admin:exchange_jobs_season_import", args=[season.pk]),
        "jobs_url": changelist_url(ExchangeJob, league__id__exact=season.league_id),
    }
