"""A Magic Number Eleven league's fixtures in the admin, and their match reports (E-R1): the
commissioner records a result, corrects or voids it, each a step behind a confirmation page
calling mn11.services (which checks the report by the rules, audits it and recomputes the
standings). The form reads its rows into the same values the web form and the API send
(mn11.report_input.report_data_parse), and shows the service's refusals beside their fields.
Its ruleset hands these steps and the report's panel to the core's fixture admin
(league/admin/fixtures.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms

from league.admin.display import changelist_url
from league.admin.game_fixtures import GameReportSteps, fixture_score
from league.capabilities import Panel
from league.errors import DomainError
from league.models import Fixture, Result, Round, Season
from mn11.errors import Mn11Error
from mn11.models import MatchDay, Report
from mn11.report_input import EVENT_TYPES, ReportData, report_data_parse
from mn11.selectors import event_state
from mn11.services import report_correct, report_record, report_void
from rules.mn11 import AwaySet, GkCard, GoalKind, Side, VarCard

RULESET = "mn11"
REPORT_TEMPLATE = "admin/mn11/report_form.html"


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
    warned = _card_field("Warned card (optional)")
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
    "cards sent off (E-D3), GK skills used (E-S3). Each card is one of that side's line-up "
    "(or its cards without one), not suspended, not sent off",
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
            "warned": row["warned"] or None,
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
    if row["type"] == "send_off":
        return {**event, "card": row["card"]}
    return event


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
                "card": "" if row.kind == "var" else row.card,
                "warned": row.card if row.kind == "var" else "",
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


def _explain_record(fixture: Fixture) -> list[str]:
    return [
        f"You report {fixture} for the coaches: the score, the Away set and GK picks (the "
        "match day's, as chosen), a row per event and per shootout kick. Blank rows are left out.",
        "The report is checked by the rules (E-S1, E-S3, E-D1 … E-D5, E-R1); every problem "
        "is shown beside its field and nothing is saved.",
        "Then the standings are recomputed (a shootout's winner takes the overtime win, "
        "E-L1). You can correct or void it later.",
    ]


def _explain_correct(fixture: Fixture) -> list[str]:
    return [
        f"The report of {fixture} ({fixture_score(fixture)}) is replaced by the one below, checked "
        "by the rules as a new one is.",
        "The standings and the season's discipline (E-D3) are recomputed from it.",
        "The audit log keeps the report before and after.",
    ]


def _explain_void(fixture: Fixture) -> list[str]:
    return [
        f"The result of {fixture} ({fixture_score(fixture)}) and its report are deleted; the "
        "fixture is ready to be played again.",
        "The standings and the season's discipline are recomputed without it.",
        "The audit log keeps the report as it was.",
    ]


REPORT_STEPS = GameReportSteps(
    record=report_record,
    correct=report_correct,
    void=report_void,
    form_new=report_form_for_new,
    form_correction=report_form_for_correction,
    template=REPORT_TEMPLATE,
    explain_record=_explain_record,
    explain_correct=_explain_correct,
    explain_void=_explain_void,
    recomputed="the standings have been",
).steps()


def report_panels(fixture: Fixture) -> list[Panel]:
    """The fixture page's match report: the Away set, the shootout and a line per event."""
    stored = Report.objects.filter(result__fixture=fixture).first()
    context: dict[str, Any] = {"report": stored}
    if stored is not None:
        context["lines"] = [
            ", ".join(f"{key} {value}" for key, value in event_state(row).items())
            for row in stored.events.all()
        ]
        context["kicks"] = " ".join("●" if kick.scored else "○" for kick in stored.kicks.all())
        shootout = stored.shootout_winner
        context["winner"] = Side(shootout).label if shootout else "no shootout"
    return [("Report", "admin/mn11/report_panel.html", context)]


def season_room_context(*, season: Season) -> dict[str, Any]:
    """The control room's Magic Number Eleven parts: its matches ready for a result (in an
    open round) and the address of its fixtures in this admin."""
    reports = changelist_url(Fixture, round__season__id__exact=season.pk)
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
