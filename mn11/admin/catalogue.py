"""E-S2: a league's Star Player names in the admin: one page a league with every card of the
pool, its placeholder and the name its commissioner gives it (blank: the placeholder)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse

from league.admin.base import LeagueModelAdmin
from league.admin.scoping import LeagueListFilter
from league.errors import DomainError, PermissionRefused
from league.models import League
from mn11.catalogue import NAME_LENGTH, league_stars, star_names_set
from mn11.models import StarName
from rules import mn11 as rules


class StarNamesForm(forms.Form):
    """A name field per card of the full pool (E-S2: 12 base cards and 9 expansion ones)."""

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        named = dict(StarName.objects.filter(league=league).values_list("key", "name"))
        for card in rules.star_pool(pool=rules.StarPool.BASE_AND_EXPANSION):
            self.fields[card.key] = forms.CharField(
                label=f"{card.key} ({card.edition.value})",
                required=False,
                max_length=NAME_LENGTH,
                initial=named.get(card.key, ""),
                help_text=f"Blank: “{card.name}”.",
            )


@admin.register(StarName)
class StarNameAdmin(LeagueModelAdmin[StarName]):
    """The names given so far, and for each Magic Number Eleven league the page that names
    its cards (through the catalogue service, audited)."""

    list_display = ("key", "name", "league")
    list_filter = (("league", LeagueListFilter),)
    search_fields = ("name", "key")
    ordering = ("league__name", "key")
    add_refusal = "Name the cards on the league's “Name the Star Players” page."

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return obj is None and super().has_change_permission(request, obj)

    def get_urls(self) -> list[URLPattern]:
        names = path(
            "league/<int:league_id>/",
            self.admin_site.admin_view(self.names_view),
            name="mn11_starname_league",
        )
        return [names, *super().get_urls()]

    def changelist_view(self, request: HttpRequest, extra_context: Any = None) -> HttpResponse:
        leagues = self.scope_leagues(request)
        links = [
            (league, reverse("admin:mn11_starname_league", args=[league.pk])) for league in leagues
        ]
        return super().changelist_view(request, {**(extra_context or {}), "name_links": links})

    def scope_leagues(self, request: HttpRequest) -> list[League]:
        leagues = League.objects.filter(ruleset="mn11").order_by("name")
        if not request.user.is_superuser:
            leagues = leagues.filter(commissioners=request.user.pk)
        return list(leagues)

    def names_view(self, request: HttpRequest, league_id: int) -> HttpResponse:
        league = next((lg for lg in self.scope_leagues(request) if lg.pk == league_id), None)
        if league is None:
            raise Http404("No such Magic Number Eleven league among yours.")
        form = StarNamesForm(request.POST or None, league=league)
        if request.method == "POST" and form.is_valid():
            try:
                star_names_set(league=league, actor=request.user, names=form.cleaned_data)
            except PermissionRefused as error:
                messages.error(request, error.message)
            except DomainError as error:
                for key, message in error.fields.items():
                    form.add_error(key if key in form.fields else None, message)
            else:
                messages.success(request, f"The Star Player names of {league} are saved.")
                return HttpResponseRedirect(request.path)
        context = {
            **self.admin_site.each_context(request),
            "title": f"Name the Star Players of {league}",
            "opts": self.opts,
            "form": form,
            "league": league,
            "cards": league_stars(league=league),
        }
        return TemplateResponse(request, "admin/mn11/star_names.html", context)
