"""The league's JSON document in the admin (docs/data.md, "In the admin"): a league page's
"Download export (JSON)" for its commissioners, and "Import a league (JSON)": upload, a dry
run that lists every problem, then the import."""

from __future__ import annotations

import json
import secrets
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse

from league.access import is_commissioner
from league.admin.display import admin_url
from league.errors import PermissionRefused
from league.exchange.document_export import league_document_export
from league.exchange.document_import import document_parse, league_document_import
from league.exchange.problems import ImportRefused
from league.models import League

if TYPE_CHECKING:
    from league.admin.leagues import LeagueAdmin

#: The session's key for the upload a clean dry run keeps for the import.
_PENDING = "league_import_pending"
#: An upload kept longer than this is gone (the dry run must be run again).
_KEEP_SECONDS = 24 * 3600


def may_export(request: HttpRequest, league: League) -> bool:
    user = request.user
    return bool(user.is_superuser or is_commissioner(user=user, league=league))


def may_import(request: HttpRequest) -> bool:
    """Superusers and commissioners allowed to create leagues (the Commissioners group)."""
    return bool(request.user.has_perm("league.add_league"))


def export_view(model_admin: LeagueAdmin, request: HttpRequest, object_id: str) -> HttpResponse:
    """The league's document as a download, ``<slug>-export.json``."""
    league = model_admin.get_object(request, object_id)
    if league is None:
        return model_admin.missing(request, object_id)
    if not may_export(request, league):
        raise PermissionDenied
    document = league_document_export(league_id=league.pk)
    response = HttpResponse(
        json.dumps(document, ensure_ascii=False), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{league.slug}-export.json"'
    return response


class ImportForm(forms.Form):
    file = forms.FileField(
        label="League export (JSON)",
        help_text="A file from “Download export (JSON)” or manage.py league_export. It is "
        "checked first; nothing is imported until you confirm.",
    )


def import_view(model_admin: LeagueAdmin, request: HttpRequest) -> HttpResponse:
    """Upload → dry run (every problem in a table) → import, in one transaction."""
    if not may_import(request):
        raise PermissionDenied
    context: dict[str, Any] = {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.opts,
        "title": "Import a league (JSON)",
        "changelist_url": reverse("admin:league_league_changelist"),
    }
    form = ImportForm()
    if request.method == "POST" and request.POST.get("confirm") == "import":
        return _import_pending(request, context)
    if request.method == "POST":
        form = ImportForm(request.POST, request.FILES)
        if form.is_valid():
            data = form.cleaned_data["file"].read(settings.LEAGUE_IMPORT_MAX_BYTES + 1)
            context.update(_dry_run(request, data, form.cleaned_data["file"].name))
    context["form"] = form
    return TemplateResponse(request, "admin/league/league/import.html", context)


def _dry_run(request: HttpRequest, data: bytes, name: str) -> dict[str, Any]:
    try:
        document = document_parse(data=data)
        outcome = league_document_import(document=document, actor=request.user, dry_run=True)
    except ImportRefused as refused:
        return {"problems": refused.problems, "refusal": str(refused), "file_name": name}
    except PermissionRefused as error:
        raise PermissionDenied(str(error)) from None
    token = _keep(data)
    request.session[_PENDING] = {"token": token, "name": name}
    return {
        "outcome": outcome,
        "rows": sum(outcome.counts.values()),
        "league_name": document["league"]["name"],
        "file_name": name,
    }


def _import_pending(request: HttpRequest, context: dict[str, Any]) -> HttpResponse:
    pending = request.session.pop(_PENDING, None)
    path = _kept(pending["token"]) if pending else None
    if path is None or not path.exists():
        messages.warning(request, "That upload is gone: choose the file again to check it.")
        return HttpResponseRedirect(request.path)
    try:
        data = path.read_bytes()
        outcome = league_document_import(
            document=document_parse(data=data), actor=request.user, dry_run=False
        )
    except ImportRefused as refused:
        # Something changed since the dry run (a slug taken meanwhile): say what.
        context.update(problems=refused.problems, refusal=str(refused), form=ImportForm())
        return TemplateResponse(request, "admin/league/league/import.html", context)
    except PermissionRefused as error:
        raise PermissionDenied(str(error)) from None
    finally:
        path.unlink(missing_ok=True)
    assert outcome.league_id is not None  # a real import makes its league
    league = League.objects.get(pk=outcome.league_id)
    messages.success(request, f"{league} was imported ({sum(outcome.counts.values())} rows).")
    return HttpResponseRedirect(admin_url(league, "change"))


def _upload_dir() -> Path:
    folder = Path(settings.LEAGUE_IMPORT_DIR)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _keep(data: bytes) -> str:
    """Keep an upload for its import, forgetting those older than a day."""
    folder = _upload_dir()
    now = time.time()
    for old in folder.glob("*.json"):
        if now - old.stat().st_mtime > _KEEP_SECONDS:
            old.unlink(missing_ok=True)
    token = secrets.token_hex(16)
    (folder / f"{token}.json").write_bytes(data)
    return token


def _kept(token: Any) -> Path | None:
    if not isinstance(token, str) or not token.isalnum():
        return None
    return _upload_dir() / f"{token}.json"
