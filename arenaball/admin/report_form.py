"""The admin's report form (A-G5): the score, the time limit, each team's two cars in the
pits, then a row per goal, kill, casualty and substitution, with the two teams' characters
and cars as choices. It builds the service's ReportData and shows the service's refusals
beside their fields: the service names them dotted (``goals.0.scorer``, ``home.pits``), and
a line's index counts the filled rows only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms

from arenaball.errors import ArenaballError
from arenaball.models import Character, Report
from arenaball.report_input import (
    CasualtyData,
    GoalData,
    KillData,
    ReportData,
    SubstitutionData,
)
from arenaball.selectors import lineup_snapshot, season_rules, team_skaters
from league.models import Fixture, Result
from rules.arenaball import TRACK_SLOTS, Ball, CrewState, KillHow, LeftBecause, Plate

Choices = list[tuple[Any, Any]]
BLANK: Choices = [("", "—")]
PLATES: Choices = [(plate.value, f"{plate.value} ({plate.points})") for plate in Plate]
HOWS: Choices = BLANK + [(how.value, how.value) for how in KillHow]
STATES: Choices = [(s.value, s.value) for s in CrewState if s is not CrewState.UNHURT]
BECAUSE: Choices = [(b.value, b.value.replace("_", " ")) for b in LeftBecause]
PITS: Choices = [(slot, f"Car {slot}") for slot in TRACK_SLOTS]
BALLS: Choices = [(ball.value, ball.value) for ball in Ball]


def car_value(team_id: int, slot: str) -> str:
    return f"{team_id}:{slot}"


def car_parts(value: str) -> tuple[int, str]:
    team, _, slot = value.partition(":")
    return int(team), slot


class _Row(forms.Form):
    """A line of one section; `characters` and `cars` are the game's choices. Every choice of
    a person or a car starts blank and every other field at its initial value, so a row left
    as it was is unchanged and left out, as a formset's extra rows are."""

    def __init__(self, *args: Any, characters: Choices, cars: Choices, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            if getattr(field, "choices_from", None) == "characters":
                field.choices = BLANK + characters  # type: ignore[attr-defined]
            elif getattr(field, "choices_from", None) == "cars":
                field.choices = BLANK + cars  # type: ignore[attr-defined]


def _character_field(*, required: bool = True, label: str = "Character") -> forms.Field:
    field = forms.TypedChoiceField(coerce=int, required=required, label=label, empty_value=None)
    field.choices_from = "characters"  # type: ignore[attr-defined]
    return field


def _car_field(*, required: bool = True, label: str = "Car") -> forms.Field:
    field = forms.ChoiceField(required=required, label=label)
    field.choices_from = "cars"  # type: ignore[attr-defined]
    return field


class GoalRow(_Row):
    scorer = _character_field(label="Scorer (the driver who carried the ball, or a ped)")
    plate = forms.ChoiceField(choices=PLATES, initial=PLATES[0][0])
    ball = forms.ChoiceField(
        choices=BALLS,
        initial=Ball.STEEL.value,
        required=False,
        help_text="A ped's aluminium ball counts as a standard goal (the roller-skater variant).",
    )


class KillRow(_Row):
    victim = _car_field(label="Car killed")
    killer_car = _car_field(required=False, label="Killing car")
    killer = _character_field(required=False, label="Killer")
    how = forms.ChoiceField(choices=HOWS, required=False)
    weapon = forms.CharField(max_length=60, required=False)


class CasualtyRow(_Row):
    character = _character_field()
    state = forms.ChoiceField(choices=STATES, initial=STATES[0][0])


class SubstitutionRow(_Row):
    on = _car_field(label="Came on (from the pits)")
    off = _car_field(label="For")
    because = forms.ChoiceField(choices=BECAUSE, initial=BECAUSE[0][0])

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        on, off = cleaned.get("on"), cleaned.get("off")
        if on and off and car_parts(on)[0] != car_parts(off)[0]:
            self.add_error("off", "A substitute comes on for a car of its own team.")
        return cleaned


#: Section → (row form, the service's line keys → the row's field).
SECTIONS: dict[str, tuple[type[_Row], dict[str, str]]] = {
    "goals": (
        GoalRow,
        {"team": "scorer", "scorer": "scorer", "plate": "plate", "ball": "ball"},
    ),
    "kills": (
        KillRow,
        {
            "victim_team": "victim",
            "victim_car": "victim",
            "killer_team": "killer_car",
            "killer_car": "killer_car",
            "killer": "killer",
            "how": "how",
            "weapon": "weapon",
        },
    ),
    "casualties": (CasualtyRow, {"team": "character", "character": "character", "state": "state"}),
    "substitutions": (
        SubstitutionRow,
        {"team": "on", "on": "on", "off": "off", "because": "because"},
    ),
}
#: Nine goals are the most a first-to-5 game can have (five outer plates, four for the loser).
EXTRA_ROWS = {"goals": 9, "kills": 4, "casualties": 4, "substitutions": 3}
SECTION_TITLES = {
    "goals": "Goals, in the order scored (A-G1, A-G5)",
    "kills": "Kills (A-G2)",
    "casualties": "Casualties: characters who did not end the game unhurt (A-G3)",
    "substitutions": "Substitutions from the pits (A-G4)",
}


class ReportForm(forms.Form):
    home_score = forms.IntegerField(min_value=0, max_value=99)
    away_score = forms.IntegerField(min_value=0, max_value=99)
    time_limit = forms.BooleanField(
        required=False, help_text="A-G1 · The teams agreed a time limit instead of the target."
    )
    home_pits = forms.MultipleChoiceField(
        choices=PITS, widget=forms.CheckboxSelectMultiple, help_text="A-G4 · Two track cars."
    )
    away_pits = forms.MultipleChoiceField(
        choices=PITS, widget=forms.CheckboxSelectMultiple, help_text="A-G4 · Two track cars."
    )

    def __init__(
        self,
        data: Any,
        *,
        fixture: Fixture,
        lineups: Mapping[str, Any],
        initial: Mapping[str, Any] | None = None,
        lines: Mapping[str, Sequence[Mapping[str, Any]]] | None = None,
    ) -> None:
        super().__init__(data, initial=dict(initial or {}))
        self.fixture = fixture
        home, away = fixture.home_team, fixture.away_team
        self.fields["home_score"].label = f"{home} score"
        self.fields["away_score"].label = f"{away} score"
        self.fields["home_pits"].label = f"{home}: cars in the pits"
        self.fields["away_pits"].label = f"{away}: cars in the pits"
        self.team_of = _character_teams(lineups)
        skaters = (
            _skaters(fixture, lineups)
            if season_rules(season=fixture.round.season).roller_skaters
            else {}
        )
        for side, people in skaters.items():
            team = fixture.home_team if side == "home" else fixture.away_team
            self.fields[f"{side}_peds"] = forms.TypedMultipleChoiceField(
                coerce=int,
                required=False,
                choices=people,
                widget=forms.CheckboxSelectMultiple,
                label=f"{team}: peds on roller skates",
                help_text="The seed's variant: characters in no car, hand weapons only.",
            )
            self.team_of |= {pk: team.pk for pk, _ in people}
        characters, cars = _choices(fixture, lineups, skaters)
        self.section_errors: dict[str, list[str]] = {name: [] for name in SECTIONS}
        self.filled: dict[str, list[int]] = {name: [] for name in SECTIONS}
        self.formsets: dict[str, forms.BaseFormSet[Any]] = {}
        for name, (row, _) in SECTIONS.items():
            given = list((lines or {}).get(name, ()))
            formset_class = forms.formset_factory(
                row, extra=EXTRA_ROWS[name] if not given else 2, max_num=60, can_delete=bool(given)
            )
            self.formsets[name] = formset_class(
                data,
                prefix=name,
                # Bound, every filled row counts (however many initial rows the page had).
                initial=None if data is not None else (given or None),
                form_kwargs={"characters": characters, "cars": cars},
            )

    def sections(self) -> list[tuple[str, str, forms.BaseFormSet[Any], list[str]]]:
        return [
            (name, SECTION_TITLES[name], formset, self.section_errors[name])
            for name, formset in self.formsets.items()
        ]

    def is_valid(self) -> bool:
        valid = super().is_valid()
        return all([valid, *(formset.is_valid() for formset in self.formsets.values())])

    def _rows(self, name: str) -> list[dict[str, Any]]:
        """The filled rows of a section (blank extra rows are left out), remembering each
        one's place in the form for the service's errors."""
        rows = []
        self.filled[name] = []
        for index, row in enumerate(self.formsets[name].forms):
            if row.cleaned_data and not row.cleaned_data.get("DELETE"):
                self.filled[name].append(index)
                rows.append(row.cleaned_data)
        return rows

    def report_data(self) -> ReportData:
        data = self.cleaned_data
        home, away = self.fixture.home_team_id, self.fixture.away_team_id
        return ReportData(
            home_score=data["home_score"],
            away_score=data["away_score"],
            time_limit=data["time_limit"],
            home_pits=tuple(data["home_pits"]),
            away_pits=tuple(data["away_pits"]),
            home_peds=tuple(data["home_peds"]) if "home_peds" in data else None,
            away_peds=tuple(data["away_peds"]) if "away_peds" in data else None,
            goals=tuple(
                GoalData(
                    self.team_of.get(row["scorer"], home),
                    row["scorer"],
                    row["plate"],
                    row.get("ball") or Ball.STEEL.value,
                )
                for row in self._rows("goals")
            ),
            kills=tuple(_kill(row, self.team_of) for row in self._rows("kills")),
            casualties=tuple(
                CasualtyData(
                    self.team_of.get(row["character"], away), row["character"], row["state"]
                )
                for row in self._rows("casualties")
            ),
            substitutions=tuple(
                SubstitutionData(
                    car_parts(row["on"])[0],
                    car_parts(row["on"])[1],
                    car_parts(row["off"])[1],
                    row["because"],
                )
                for row in self._rows("substitutions")
            ),
        )

    # --- the service's refusals beside their fields --------------------------------------------

    def add_service_error(self, error: ArenaballError) -> None:
        if not error.fields:
            self.add_error(None, error.message)
        for key, message in error.fields.items():
            self._place(key, message)

    def _place(self, key: str, message: str) -> None:
        head, _, rest = key.partition(".")
        if key in self.fields:
            self.add_error(key, message)
        elif head in ("home", "away"):
            team = self.fixture.home_team if head == "home" else self.fixture.away_team
            if rest in ("pits", "peds") and f"{head}_{rest}" in self.fields:
                self.add_error(f"{head}_{rest}", message)
            else:
                self.add_error(None, f"{team}: {message}")
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
        row.add_error(SECTIONS[name][1].get(line_field), message)


def _kill(row: Mapping[str, Any], team_of: Mapping[int, int]) -> KillData:
    victim_team, victim_car = car_parts(row["victim"])
    killer_team, killer_car = car_parts(row["killer_car"]) if row.get("killer_car") else (None, "")
    if killer_team is None and row.get("killer"):  # a ped, from no car
        killer_team = team_of.get(row["killer"])
    return KillData(
        victim_team=victim_team,
        victim_car=victim_car,
        killer_team=killer_team,
        killer_car=killer_car,
        killer=row.get("killer"),
        how=row.get("how") or "",
        weapon=(row.get("weapon") or "").strip(),
    )


def _character_teams(lineups: Mapping[str, Any]) -> dict[int, int]:
    """Each line-up character's team."""
    teams: dict[int, int] = {}
    for lineup in lineups.values():
        for car in lineup["cars"]:
            for pk in (car["driver"], car["gunner"]):
                if pk is not None:
                    teams[pk] = lineup["team"]
    return teams


def _skaters(fixture: Fixture, lineups: Mapping[str, Any]) -> dict[str, Choices]:
    """The roller-skater variant: each side's characters who may skate as its peds: those in
    the line-up's peds, and the roster's characters in no car."""
    found: dict[str, Choices] = {}
    for side, team in (("home", fixture.home_team), ("away", fixture.away_team)):
        listed = list(lineups[side].get("peds", []))
        people = {c.pk: c.name for c in team_skaters(team=team)}
        people |= dict(Character.objects.filter(pk__in=listed).values_list("pk", "name"))
        seated = set(_character_teams({side: lineups[side]}))
        found[side] = [
            (pk, name)
            for pk, name in sorted(people.items(), key=lambda p: p[1])
            if pk not in seated
        ]
    return found


def _choices(
    fixture: Fixture, lineups: Mapping[str, Any], skaters: Mapping[str, Choices]
) -> tuple[Choices, Choices]:
    """The line-ups' characters (and would-be peds) and cars, grouped by team."""
    ids = set(_character_teams(lineups))
    names = dict(Character.objects.filter(pk__in=ids).values_list("pk", "name"))
    teams = {fixture.home_team_id: fixture.home_team, fixture.away_team_id: fixture.away_team}
    characters: Choices = []
    cars: Choices = []
    for side in ("home", "away"):
        lineup = lineups[side]
        team = teams[lineup["team"]]
        crew: Choices = []
        slots: Choices = []
        for car in lineup["cars"]:
            slots.append(
                (
                    car_value(team.pk, car["slot"]),
                    f"{team.short_name} car {car['slot']} · {car['design']}",
                )
            )
            for seat in ("driver", "gunner"):
                if car[seat] is not None:
                    crew.append(
                        (car[seat], f"{names.get(car[seat], car[seat])} (car {car['slot']} {seat})")
                    )
        crew += [(pk, f"{name} (ped)") for pk, name in skaters.get(side, [])]
        characters.append((str(team), crew))
        cars.append((str(team), slots))
    return characters, cars


# --- building the form: for a new report, and for correcting a stored one -----------------------


def report_form_for_new(fixture: Fixture, data: Any) -> ReportForm:
    """The teams' line-ups as they take the field now; the pits their coaches chose."""
    lineups = {
        side: lineup_snapshot(fixture=fixture, team=team, pits=None)
        for side, team in (("home", fixture.home_team), ("away", fixture.away_team))
    }
    initial = {
        "home_pits": lineups["home"]["pits"] or list(TRACK_SLOTS[-2:]),
        "away_pits": lineups["away"]["pits"] or list(TRACK_SLOTS[-2:]),
    }
    return ReportForm(data, fixture=fixture, lineups=lineups, initial=initial)


def report_form_for_correction(fixture: Fixture, data: Any) -> ReportForm:
    result = Result.objects.get(fixture=fixture)
    report = Report.objects.filter(result=result).first()
    if report is None:  # a result without its report: corrected against the teams as they are
        form = report_form_for_new(fixture, data)
        form.initial.update(home_score=result.home_score, away_score=result.away_score)
        return form
    initial = {
        "home_score": result.home_score,
        "away_score": result.away_score,
        "time_limit": report.time_limit,
        "home_pits": report.lineups["home"].get("pits", []),
        "away_pits": report.lineups["away"].get("pits", []),
        "home_peds": report.lineups["home"].get("peds", []),
        "away_peds": report.lineups["away"].get("peds", []),
    }
    return ReportForm(
        data, fixture=fixture, lineups=report.lineups, initial=initial, lines=report_lines(report)
    )


def report_lines(report: Report) -> dict[str, list[dict[str, Any]]]:
    """A stored report's lines as the form's rows."""
    return {
        "goals": [
            {"scorer": g.scorer_id, "plate": g.plate, "ball": g.ball} for g in report.goals.all()
        ],
        "kills": [
            {
                "victim": car_value(k.victim_team_id, k.victim_car),
                "killer_car": car_value(k.killer_team_id, k.killer_car) if k.killer_team_id else "",
                "killer": k.killer_id or "",
                "how": k.how,
                "weapon": k.weapon,
            }
            for k in report.kills.all()
        ],
        "casualties": [
            {"character": c.character_id, "state": c.state} for c in report.casualties.all()
        ],
        "substitutions": [
            {
                "on": car_value(s.team_id, s.on),
                "off": car_value(s.team_id, s.off),
                "because": s.because,
            }
            for s in report.substitutions.all()
        ],
    }
