"""An export or import job of a league (docs/data.md, "Export and import jobs")."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from league.models import League, Season


def _job_path(job: ExchangeJob, filename: str) -> str:
    # Under MEDIA_ROOT (the var folder): one folder a league, the job's id in the name so two
    # jobs never share a file.
    return f"exchange/{job.league_id}/{job.pk or 'new'}-{filename}"


class ExchangeJob(models.Model):
    class Kind(models.TextChoices):
        EXPORT = "export", "Export"
        IMPORT = "import", "Import"

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    LIVE = (Status.QUEUED, Status.RUNNING)

    kind = models.CharField(max_length=6, choices=Kind.choices)
    format = models.CharField(max_length=30, help_text="The format's key (formats.py).")
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="exchange_jobs")
    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, null=True, blank=True, related_name="exchange_jobs"
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    reason = models.CharField(max_length=500, blank=True, help_text="Why the job failed.")
    progress_done = models.PositiveIntegerField(default=0)
    progress_total = models.PositiveIntegerField(default=0)
    attempts = models.PositiveSmallIntegerField(default=0)
    file = models.FileField(upload_to=_job_path, blank=True, max_length=300)
    filename = models.CharField(max_length=200, blank=True)
    content_type = models.CharField(max_length=60, blank=True)
    report = models.JSONField(
        null=True, blank=True, help_text="An import's report, or the problems it found."
    )
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    started_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(
        null=True, blank=True, db_index=True, help_text="When the file is deleted."
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "created_at"], name="exchange_job_status")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.format} of {self.league} ({self.status})"

    @property
    def downloadable(self) -> bool:
        return self.status == self.Status.DONE and bool(self.file)
