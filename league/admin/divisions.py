"""A league season's divisions on its admin page: each with its name, its place on the
standings page and its teams, saved through league/services/divisions.py (draft seasons only,
audited), and what still stops the season from scheduling in divisions."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.http import HttpRequest

from league.errors import LeagueError
from league.models import Division, Season, Team
from league.selectors.divisions import division_problems
from league.services.divisions import division_delete, division_save


class DivisionForm(forms.ModelForm[Division]):
    teams = forms.ModelMultipleChoiceField(
        queryset=Team.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text="The season's teams that play in this division.",
    )

    class Meta:
        model = Division
        fields = ("name", "order")

    def __init__(self, *args: Any, season: Season | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        teams = self.fields["teams"]
        assert isinstance(teams, forms.ModelMultipleChoiceField)
        if season is not None:
            teams.queryset = Team.objects.filter(standings__season=season)
        if self.instance.pk:
            teams.initial = list(
                Team.objects.filter(standings__division=self.instance).values_list("pk", flat=True)
            )


class DivisionInline(admin.TabularInline[Division, Season]):
    model = Division
    form = DivisionForm
    extra = 0
    verbose_name = "division (or conference)"
    verbose_name_plural = (
        "Divisions (or conferences): each has its own table; the schedule and the playoff "
        "seeding follow the season's division settings"
    )

    def get_formset(self, request: HttpRequest, obj: Season | None = None, **kwargs: Any) -> Any:
        formset = super().get_formset(request, obj, **kwargs)
        formset.form = type(
            "SeasonDivisionForm",
            (DivisionForm,),
            {"__init__": lambda self, *a, **k: DivisionForm.__init__(self, *a, season=obj, **k)},
        )
        return formset

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return (
            obj is not None
            and obj.status == Season.Status.DRAFT
            and super().has_add_permission(request, obj)
        )

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and obj.status != Season.Status.DRAFT:
            return False
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and obj.status != Season.Status.DRAFT:
            return False
        return super().has_delete_permission(request, obj)


def divisions_formset_save(request: HttpRequest, season: Season, formset: Any) -> None:
    """Save the inline's divisions through the services (each refusal shown as a message),
    then say what still stops the season from scheduling in divisions."""
    formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
    for form in formset.forms:
        if not form.has_changed() or not form.is_valid():
            continue
        instance = form.instance
        try:
            if form.cleaned_data.get("DELETE"):
                if instance.pk:
                    division_delete(division=instance, actor=request.user)
                    formset.deleted_objects.append(instance)
                continue
            saved = division_save(
                season=season,
                actor=request.user,
                name=form.cleaned_data["name"],
                order=form.cleaned_data.get("order") or 1,
                team_ids=[team.pk for team in form.cleaned_data.get("teams", [])],
                division=instance if instance.pk else None,
            )
        except LeagueError as error:
            messages.error(request, f"The division was not saved: {error.message}")
            continue
        if instance.pk:
            formset.changed_objects.append((saved, list(form.changed_data)))
        else:
            formset.new_objects.append(saved)
    season_divisions_warn(request, season)


def season_divisions_warn(request: HttpRequest, season: Season) -> None:
    """One warning per problem of the season's divisions (none without divisions)."""
    for problem in division_problems(season=season):
        messages.warning(request, f"Divisions: {problem}")
