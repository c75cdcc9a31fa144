"""A Magic Number Eleven league's fixtures in the admin, and their match reports (E-R1): the
commissioner records a result, corrects or voids it, each a step behind a confirmation page
calling mn11.reports (which checks the report by the rules, audits it and recomputes the
standings). The form reads its rows into the same values the web form and the API send
(mn11.report_input.report_data_parse), and shows the service's refusals beside their fields.
A proxy of the core's Fixture limited to Magic Number Eleven leagues; MagnoBall's and
Arenaball's fixture admins are left alone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join

from league.admin.base import LeagueModelAdmin
from league.admin.display import admin_url, changelist_url
from league.admin.scoping import LeagueListFilter, SeasonListFilter
from league.admin.steps import Step, StepDone, offered, refused_now
from league.errors import DomainError
from league.models import Fixture, Result, Round, Season
from league.results import result_refusal
from mn11.errors import Mn11Error
from mn11.models import MatchDay, Report
from mn11.report_input import EVENT_TYPES, ReportData, report_data_parse
from mn11.reports import event_state, report_correct, report_record, report_void
from rules.mn11 import AwaySet, GkCard, GoalKind, Side, VarCard

RULESET = "mn11"
REPORT_TEMPLATE = "admin/mn11/report_form.html"


class Mn11Fixture(Fixture):
    """A fixture of a Magic Number Eleven league, as its admin shows it (no table of its own)."""

    class Meta:
        proxy = True
        app_label = "mn11"
        verbose_name = "fixture"
        verbose_name_plural = "fixtures and match reports"


Choices = list[tuple[str, str]]
BLANK: Choices = [("", "—")]
SIDES: Choices = [(side.value, side.label) for side in Side]
TYPES: Choices = BLANK + [(kind, kind.replace("_", " ")) for kind in EVENT_TYPES]
GOAL_KINDS: Choices = [(kind.value, kind.label) for kind in GoalKind]
VAR_CARDS: Choices = BLANK + [(card.value, card.label) for card in VarCard]
FLICKS: Choices = [*BLANK, ("in", "in the hole"), ("out", "missed")]
AWAY_SETS: Choices = [(away_set.value, away_set.label) for away_set in AwaySet]
GK_CARDS: Choices = BLANK + [(card.value, card.label) for card in GkCard]


def _card_field(label: str = "Card") -> forms.CharField:
    return forms.CharField(
        max_length=40, required=False, label=label, help_text="Its key: home-9, base-01"
    )


class EventRow(forms.Form):
    """One event. Its type and every card start blank and every other field at its initial
    value, so a row left as it was is unchanged and left out, as a formset's extra rows are."""

    type = forms.ChoiceField(choices=TYPES)
    side = forms.ChoiceField(choices=SIDES, initial=Side.HOME.value)
    half = forms.IntegerField(min_value=1, max_value=9, initial=1)
    card = _card_field("Card (scorer, sent off)")
    goal_kind = forms.ChoiceField(
        choices=GOAL_KINDS, initial=GoalKind.OPEN_PLAY.value, label="Goal kind"
    )
    strength = forms.IntegerField(min_value=-99, max_value=99, required=False)
    var_card = forms.ChoiceField(choices=VAR_CARDS, required=False, label="VAR card")
    magic_number = forms.BooleanField(required=False, label="Magic Number")
    warning = forms.BooleanField(required=False)
    attempt_1 = forms.ChoiceField(choices=FLICKS, required=False, label="Flick 1")
    attempt_2 = forms.ChoiceField(choices=FLICKS, required=False, label="Flick 2")
    attack_power = forms.IntegerField(min_value=0, max_value=99, required=False)
    defence_power = forms.IntegerField(min_value=0, max_value=99, required=False)


class KickRow(forms.Form):
    """One shootout kick: the kicking side starts blank (a row without it is left out)."""

    side = forms.ChoiceField(choices=BLANK + SIDES, label="Kicking side")
    scored = forms.BooleanField(required=False)
    card = _card_field("Kicker")


#: Section → its row form.
SECTIONS: dict[str, type[forms.Form]] = {"events": EventRow, "shootout": KickRow}
EXTRA_ROWS = {"events": 12, "shootout": 10}
SECTION_TITLES = {
    "events": "Events in order: goals (E-R1), VAR decisions (E-D1, E-D2), corners (E-D4), "
    "cards sent off (E-D3)",
    "shootout": "Penalty shootout kicks in order, after a level score (E-D5)",
}
#: The service's event keys that the form spells otherwise, by event type.
EVENT_FIELDS = {"var": {"card": "var_card"}, "goal": {"kind": "goal_kind"}}
EVENT_FIELD_ANY = {"attempts": "attempt_1"}


class ReportForm(forms.Form):
    home_score = forms.IntegerField(min_value=0, max_value=99)
    away_score = forms.IntegerField(min_value=0, max_value=99)
    away_set = forms.ChoiceField(choices=AWAY_SETS, help_text="E-S1 · The Away coach's choice.")
    gk_home = forms.ChoiceField(choices=GK_CARDS, required=False, help_text="E-S3 · Home first.")
    gk_away = forms.ChoiceField(choices=GK_CARDS, required=False, help_text="E-S3")

    def __init__(
        self,
        data: Any,
        *,
        fixture: Fixture,
        initial: Mapping[str, Any] | None = None,
        lines: Mapping[str, Sequence[Mapping[str, Any]]] | None = None,
    ) -> None:
        super().__init__(data, initial=dict(initial or {}))
        self.fixture = fixture
        home, away = fixture.home_team, fixture.away_team
        self.fields["home_score"].label = f"{home} score"
        self.fields["away_score"].label = f"{away} score"
        self.fields["gk_home"].label = f"{home}: GK card"
        self.fields["gk_away"].label = f"{away}: GK card"
        self.section_errors: dict[str, list[str]] = {name: [] for name in SECTIONS}
        self.filled: dict[str, list[int]] = {name: [] for name in SECTIONS}
        self.formsets: dict[str, forms.BaseFormSet[Any]] = {}
        for name, row in SECTIONS.items():
            given = list((lines or {}).get(name, ()))
            formset_class = forms.formset_factory(
                row, extra=EXTRA_ROWS[name] if not given else 3, max_num=80, can_delete=bool(given)
            )
            self.formsets[name] = formset_class(
                data, prefix=name, initial=None if data is not None else (given or None)
            )

    def sections(self) -> list[tuple[str, str, forms.BaseFormSet[Any], list[str]]]:
        return [
            (name, SECTION_TITLES[name], formset, self.section_errors[name])
            for name, formset in self.formsets.items()
        ]

    def is_valid(self) -> bool:
        valid = super().is_valid()
        return all([valid, *(formset.is_valid() for formset in self.formsets.values())])

    def _rows(self, name: str, key: str) -> list[dict[str, Any]]:
        """The filled rows of a section (those with `key` chosen), remembering each one's
        place in the form for the service's errors."""
        rows = []
        self.filled[name] = []
        for index, row in enumerate(self.formsets[name].forms):
            cleaned = row.cleaned_data
            if cleaned and cleaned.get(key) and not cleaned.get("DELETE"):
                self.filled[name].append(index)
                rows.append(cleaned)
        return rows

    def raw(self) -> dict[str, Any]:
        """The report as mn11.report_input.report_data_parse reads it."""
        data = self.cleaned_data
        self.event_types = [row["type"] for row in self._rows("events", "type")]
        return {
            "home_score": data["home_score"],
            "away_score": data["away_score"],
            "away_set": data["away_set"],
            "gk_home": data["gk_home"] or None,
            "gk_away": data["gk_away"] or None,
            "events": [_event(row) for row in self._rows("events", "type")],
            "shootout": [
                {"side": row["side"], "scored": row["scored"], "card": row["card"]}
                for row in self._rows("shootout", "side")
            ],
        }

    def report_data(self) -> ReportData:
        """The values for the service; a malformed one refused beside its field."""
        data, errors = report_data_parse(self.raw())
        if errors:
            raise Mn11Error("The report is malformed.", code="invalid", fields=errors)
        return data

    # --- the service's refusals beside their fields --------------------------------------------

    def add_service_error(self, error: DomainError) -> None:
        if not error.fields:
            self.add_error(None, error.message)
        for key, message in error.fields.items():
            self._place(key, message)

    def _place(self, key: str, message: str) -> None:
        head, _, rest = key.partition(".")
        if key in self.fields:
            self.add_error(key, message)
        elif head in SECTIONS:
            self._place_line(head, rest, message)
        else:
            self.add_error(None, message)

    def _place_line(self, name: str, rest: str, message: str) -> None:
        index, _, line_field = rest.partition(".")
        filled = self.filled[name]
        if not index.isdigit() or int(index) >= len(filled):
            self.section_errors[name].append(message)
            return
        row = self.formsets[name].forms[filled[int(index)]]
        row.add_error(self._row_field(name, int(index), line_field), message)

    def _row_field(self, name: str, index: int, line_field: str) -> str | None:
        if name == "events":
            kind = self.event_types[index] if index < len(self.event_types) else ""
            line_field = EVENT_FIELDS.get(kind, {}).get(line_field, line_field)
            line_field = EVENT_FIELD_ANY.get(line_field, line_field)
        return line_field if line_field in SECTIONS[name].base_fields else None


def _event(row: Mapping[str, Any]) -> dict[str, Any]:
    event: dict[str, Any] = {"type": row["type"], "side": row["side"], "half": row["half"]}
    if row["type"] == "var":
        return {
            **event,
            "strength": row["strength"],
            "card": row["var_card"],
            "magic_number": row["magic_number"],
            "warning": row["warning"],
        }
    if row["type"] == "corner":
        flicks = [row[key] == "in" for key in ("attempt_1", "attempt_2") if row[key]]
        return {
            **event,
            "attempts": flicks,
            "attack_power": row["attack_power"],
            "defence_power": row["defence_power"],
        }
    if row["type"] == "goal":
        return {**event, "card": row["card"], "kind": row["goal_kind"]}
    return {**event, "card": row["card"]}


# --- building the form: for a new report, and for correcting a stored one -----------------------


def report_form_for_new(fixture: Fixture, data: Any) -> ReportForm:
    """The match day's Away set and GK picks as chosen (the base set if none was)."""
    day = MatchDay.objects.filter(fixture=fixture).first()
    initial = {
        "away_set": (day.away_set if day else "") or AwaySet.BASE.value,
        "gk_home": day.gk_home if day else "",
        "gk_away": day.gk_away if day else "",
    }
    return ReportForm(data, fixture=fixture, initial=initial)


def report_form_for_correction(fixture: Fixture, data: Any) -> ReportForm:
    result = Result.objects.get(fixture=fixture)
    report = Report.objects.filter(result=result).first()
    if report is None:  # a result without its report: corrected from the match day
        form = report_form_for_new(fixture, data)
        form.initial.update(home_score=result.home_score, away_score=result.away_score)
        return form
    initial = {
        "home_score": result.home_score,
        "away_score": result.away_score,
        "away_set": report.away_set,
        "gk_home": report.gk_home,
        "gk_away": report.gk_away,
    }
    return ReportForm(data, fixture=fixture, initial=initial, lines=report_lines(report))


def report_lines(report: Report) -> dict[str, list[dict[str, Any]]]:
    """A stored report's events and kicks as the form's rows."""
    events = []
    for row in report.events.all():
        events.append(
            {
                "type": row.kind,
                "side": row.side,
                "half": row.half,
                "card": row.card,
                "goal_kind": row.goal_kind or GoalKind.OPEN_PLAY.value,
                "strength": row.strength,
                "var_card": row.var_card,
                "magic_number": row.magic_number,
                "warning": row.warning,
                **{
                    f"attempt_{n}": ("in" if flick else "out")
                    for n, flick in enumerate(row.attempts or [], start=1)
                },
                "attack_power": row.attack_power,
                "defence_power": row.defence_power,
            }
        )
    kicks = [{"side": k.side, "scored": k.scored, "card": k.card} for k in report.kicks.all()]
    return {"events": events, "shootout": kicks}


# --- the steps ---------------------------------------------------------------------------------


def _score(fixture: Fixture) -> str:
    result = Result.objects.filter(fixture=fixture).first()
    return "—" if result is None else f"{result.home_score}–{result.away_score}"


def _refused(error: DomainError, form: ReportForm) -> DomainError:
    """The service's errors go beside their fields; the page's top says how many."""
    form.add_service_error(error)
    count = len(error.fields) or 1
    return DomainError(
        f"The report was not saved: {count} problem{'s' if count > 1 else ''}, each shown "
        "beside its field.",
        code=error.code,
    )


def _explain_record(fixture: Fixture) -> list[str]:
    return [
        f"You report {fixture} for the coaches: the score, the Away set and GK picks (the "
        "match day's, as chosen), a row per event and per shootout kick. Blank rows are left out.",
        "The report is checked by the rules (E-S1, E-S3, E-D1 … E-D5, E-R1); every problem "
        "is shown beside its field and nothing is saved.",
        "Then the standings are recomputed (a shootout's winner takes the overtime win, "
        "E-L1). You can correct or void it later.",
        *refused_now(result_refusal(fixture=fixture)),
    ]


def _run_record(request: HttpRequest, fixture: Fixture, form: ReportForm) -> StepDone:
    try:
        result = report_record(fixture=fixture, data=form.report_data(), actor=request.user)
    except Mn11Error as error:
        raise _refused(error, form) from None
    return StepDone(f"{fixture}: {result.home_score}–{result.away_score} recorded.")


def _explain_correct(fixture: Fixture) -> list[str]:
    return [
        f"The report of {fixture} ({_score(fixture)}) is replaced by the one below, checked "
        "by the rules as a new one is.",
        "The standings and the season's discipline (E-D3) are recomputed from it.",
        "The audit log keeps the report before and after.",
    ]


def _run_correct(request: HttpRequest, fixture: Fixture, form: ReportForm) -> StepDone:
    before = _score(fixture)
    try:
        result = report_correct(fixture=fixture, data=form.report_data(), actor=request.user)
    except Mn11Error as error:
        raise _refused(error, form) from None
    return StepDone(
        f"{fixture} is now {result.home_score}–{result.away_score} (was {before}); the "
        "standings have been recomputed."
    )


def _explain_void(fixture: Fixture) -> list[str]:
    return [
        f"The result of {fixture} ({_score(fixture)}) and its report are deleted; the fixture "
        "is ready to be played again.",
        "The standings and the season's discipline are recomputed without it.",
        "The audit log keeps the report as it was.",
    ]


def _run_void(request: HttpRequest, fixture: Fixture, form: Any) -> StepDone:
    voided = report_void(fixture=fixture, actor=request.user)
    return StepDone(f"The result of {voided} is void; it is ready to be played again.")


def _played(fixture: Fixture) -> bool:
    return Result.objects.filter(fixture=fixture).exists()


REPORT_STEPS = (
    Step(
        name="record",
        label="Record the result",
        explain=_explain_record,
        run=_run_record,
        form=report_form_for_new,
        shown=lambda f: offered(result_refusal(fixture=f)),
        template=REPORT_TEMPLATE,
    ),
    Step(
        name="correct",
        label="Correct the result",
        explain=_explain_correct,
        run=_run_correct,
        form=report_form_for_correction,
        shown=_played,
        destructive=True,
        template=REPORT_TEMPLATE,
    ),
    Step(
        name="void",
        label="Void the result",
        explain=_explain_void,
        run=_run_void,
        shown=_played,
        destructive=True,
    ),
)


@admin.register(Mn11Fixture)
class Mn11FixtureAdmin(LeagueModelAdmin[Mn11Fixture]):
    """Magic Number Eleven fixtures come from the schedule; here they get, change or lose
    their result."""

    league_path = "round__season__league"
    list_display = ("__str__", "season", "round_number", "status", "score")
    list_filter = (
        "status",
        ("round__season__league", LeagueListFilter),
        ("round__season", SeasonListFilter),
        ("round__number", admin.AllValuesFieldListFilter),
    )
    search_fields = ("home_team__name", "away_team__name")
    list_select_related = ("round__season__league", "home_team", "away_team", "result")
    ordering = ("round__season__league__name", "-round__season__created_at", "round__number", "id")
    fields = ("round", "home_team", "away_team", "status", "kickoff", "report")
    readonly_fields = fields
    steps = REPORT_STEPS
    add_refusal = "Fixtures come from the season's schedule."

    def get_queryset(self, request: HttpRequest) -> QuerySet[Mn11Fixture]:
        return super().get_queryset(request).filter(round__season__league__ruleset=RULESET)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # Read-only: the steps above change a fixture's result.

    def delete_refusal_for(self, obj: Fixture) -> str:
        return f"{obj} comes from the schedule; void its result instead if it should not count."

    @admin.display(description="Season", ordering="round__season")
    def season(self, obj: Fixture) -> Season:
        return obj.round.season

    @admin.display(description="Round", ordering="round__number")
    def round_number(self, obj: Fixture) -> int:
        return obj.round.number

    @admin.display(description="Score")
    def score(self, obj: Fixture) -> str:
        result = getattr(obj, "result", None)
        return "—" if result is None else f"{result.home_score}–{result.away_score}"

    @admin.display(description="Report")
    def report(self, obj: Fixture) -> str:
        stored = Report.objects.filter(result__fixture=obj).first()
        if stored is None:
            return "Not played yet."
        lines = [
            ", ".join(f"{key} {value}" for key, value in event_state(row).items())
            for row in stored.events.all()
        ]
        kicks = " ".join("●" if kick.scored else "○" for kick in stored.kicks.all())
        winner = Side(stored.shootout_winner).label if stored.shootout_winner else "no shootout"
        return format_html(
            "<p>Away set: {} · shootout: {} {}</p><ul>{}</ul>",
            stored.away_set,
            winner,
            kicks,
            format_html_join("", "<li>{}</li>", ((line,) for line in lines)),
        )

    def change_page_context(self, request: HttpRequest, obj: Fixture) -> dict[str, Any]:
        season = obj.round.season
        return {
            "panels": [
                (
                    "Standings",
                    format_html(
                        '<p><a href="{}">The standings of {}</a> follow every report.</p>',
                        admin_url(season),
                        season,
                    ),
                )
            ]
        }


def season_room_context(*, season: Season) -> dict[str, Any]:
    """The control room's Magic Number Eleven parts: its matches ready for a result (in an
    open round) and the address of its fixtures in this admin."""
    reports = changelist_url(Mn11Fixture, round__season__id__exact=season.pk)
    ready = Fixture.objects.filter(
        round__season=season, round__status=Round.Status.OPEN, result__isnull=True
    ).count()
    return {
        "room": {
            "to_report": ready,
            "reports_url": f"{reports}&status__exact={Fixture.Status.READY}",
            "reports_all_url": reports,
        }
    }
