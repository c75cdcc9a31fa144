"""The parts admin's "Import a price list (CSV)" (A-T5, issue #45): a commissioner uploads a
price list for one of his leagues; the whole file is checked first and every problem shown
by row and column, nothing written; a clean file is written in one go (or only checked)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse

from arenaball.price_list import COLUMNS, OPTIONAL, price_list_import
from league.admin.scoping import scope_for
from league.errors import DomainError
from league.exchange.problems import ImportRefused
from league.models import League

if TYPE_CHECKING:
    from arenaball.admin.parts import PartAdmin


class PriceListForm(forms.Form):
    league = forms.ModelChoiceField(queryset=League.objects.none(), label="League")
    file = forms.FileField(
        label="Price list (CSV)",
        help_text=f"Columns {', '.join(COLUMNS)} and any of {', '.join(OPTIONAL)}: one row a "
        "part, named by its key; a blank figure stays as it is; a key the catalogue does not "
        "have adds a part (name and kind then needed). The file is checked first: nothing is "
        "written while any row has a problem.",
    )
    check_only = forms.BooleanField(
        required=False, label="Only check the file", help_text="Nothing is written."
    )

    def __init__(self, *args: Any, request: HttpRequest, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        leagues = scope_for(League, League.objects.filter(ruleset="arenaball"), request)
        self.fields["league"].queryset = leagues.order_by("name")  # type: ignore[attr-defined]


def price_list_view(model_admin: PartAdmin, request: HttpRequest) -> HttpResponse:
    form = PriceListForm(request.POST or None, request.FILES or None, request=request)
    context: dict[str, Any] = {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.opts,
        "title": "Import a price list (CSV)",
        "changelist_url": reverse("admin:arenaball_part_changelist"),
        "columns": (*COLUMNS, *OPTIONAL),
    }
    if request.method == "POST" and form.is_valid():
        league = form.cleaned_data["league"]
        data = form.cleaned_data["file"].read(settings.EXCHANGE_MAX_UPLOAD_BYTES + 1)
        check_only = form.cleaned_data["check_only"]
        try:
            report = price_list_import(
                league=league, data=data, actor=request.user, dry_run=check_only
            )
        except ImportRefused as refused:
            context.update(problems=refused.problems, refusal=refused.message)
        except DomainError as error:
            form.add_error(None, error.message)
        else:
            if check_only:
                context["report"] = report
            else:
                changed = len(report.changes)
                messages.success(
                    request,
                    f"The price list of {league} was imported: {changed} part"
                    f"{'s' if changed != 1 else ''} added or changed.",
                )
                return HttpResponseRedirect(
                    f"{reverse('admin:arenaball_part_changelist')}?league__id__exact={league.pk}"
                )
    context["form"] = form
    return TemplateResponse(request, "admin/arenaball/price_list.html", context)
