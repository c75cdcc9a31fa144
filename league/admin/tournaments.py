"""A tournament's steps in the season's control room (league/services/tournaments.py): enter teams
of the league or guest teams, draw the groups, generate the group schedule, start, and advance
to the knockout. Opening rounds, simulating, advancing the knockout and finishing are the
season's own steps. Each is a confirmation page and one audited service call."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import Q
from django.http import HttpRequest

from league.admin.display import plural
from league.admin.steps import Step, StepDone, offered, refused_now
from league.capabilities import capability
from league.capabilities.admin_teams import TeamAdminParts
from league.capabilities.table import TableExtras
from league.models import Season, StandingRow, Team
from league.rulesets import ruleset_for
from league.services.tournaments import (
    BRACKET_SIZES,
    GROUP_SIZES,
    tournament_add_guest_team,
    tournament_draw_groups,
    tournament_enter_team,
    tournament_entries_refusal,
    tournament_generate_schedule,
    tournament_knockout_refusal,
    tournament_knockout_start,
    tournament_start,
)


def _entries(season: Season) -> list[StandingRow]:
    return list(
        StandingRow.objects.filter(season=season)
        .select_related("team", "group")
        .order_by("seed", "team__name")
    )


def _field_line(season: Season) -> str:
    rows = _entries(season)
    seeds = ", ".join(f"{row.seed or '–'}. {row.team}" for row in rows) or "nobody yet"
    return f"The field so far ({plural(len(rows), 'team')}, by seed): {seeds}."


def _entries_open(season: Season) -> bool:
    # Offered until the groups are drawn; a full field is refused with the reason.
    return offered(tournament_entries_refusal(tournament=season), "field_full")


class EnterTeamForm(forms.Form):
    team = forms.ModelChoiceField(
        queryset=Team.objects.none(),
        help_text="A team of the league not yet in the field (guest teams of other "
        "tournaments are not offered).",
    )
    seed = forms.IntegerField(
        required=False,
        min_value=1,
        help_text="Leave empty for the next seed. Seeds head the groups' pots, or place "
        "teams in a bracket without groups.",
    )

    def __init__(self, season: Season, data: Any) -> None:
        super().__init__(data)
        field = self.fields["team"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = (
            Team.objects.filter(league=season.league)
            .filter(Q(guest_of__isnull=True) | Q(guest_of=season))
            .exclude(standings__season=season)
            .order_by("name")
        )


def _explain_enter(season: Season) -> list[str]:
    return [
        _field_line(season),
        "The team you choose enters the tournament with its roster as it stands.",
        "Entries close when the groups are drawn.",
    ]


def _run_enter(request: HttpRequest, season: Season, form: EnterTeamForm) -> StepDone:
    row = tournament_enter_team(
        tournament=season,
        team=form.cleaned_data["team"],
        seed=form.cleaned_data["seed"],
        actor=request.user,
    )
    return StepDone(f"{row.team} entered {season} as seed {row.seed}.")


class GuestTeamForm(forms.Form):
    name = forms.CharField(max_length=60)
    short_name = forms.CharField(max_length=4, help_text="Two to four letters, e.g. GUE.")
    colour = forms.RegexField(
        regex=r"^#[0-9a-fA-F]{6}$",
        initial="#6e7781",
        help_text="Like #1f6feb.",
        error_messages={"invalid": "Use a colour like #1f6feb."},
    )


def _explain_guest(season: Season) -> list[str]:
    creation = " ".join(
        capability(ruleset_for(season.league), TeamAdminParts).team_creation_lines()
    )
    return [
        _field_line(season),
        f"A new guest team is created for this tournament{': ' + creation if creation else ''}"
        f"{',' if creation else ''} entered as the next seed. It plays no league season.",
    ]


def _run_guest(request: HttpRequest, season: Season, form: GuestTeamForm) -> StepDone:
    team = tournament_add_guest_team(
        tournament=season,
        name=form.cleaned_data["name"],
        short_name=form.cleaned_data["short_name"],
        colour=form.cleaned_data["colour"],
        actor=request.user,
    )
    note = capability(ruleset_for(season.league), TeamAdminParts).team_created_note(team=team)
    return StepDone(f"Guest team {team} entered {season}{note}.")


def _explain_draw(season: Season) -> list[str]:
    teams = StandingRow.objects.filter(season=season).count()
    groups = season.group_count
    lines = [
        _field_line(season),
        f"The {plural(teams, 'team')} are drawn into {plural(groups, 'group')} of "
        f"{GROUP_SIZES[0]} to {GROUP_SIZES[-1]}: the top {groups} seeds head a group each, "
        f"then each next pot of {groups} seeds is drawn at random across the groups. The "
        "draw's seed is recorded.",
        "Entries close. The groups can be redrawn until the group schedule is generated.",
    ]
    if season.groups.exists():
        lines.append("The current groups are replaced.")
    return lines


def _run_draw(request: HttpRequest, season: Season, form: Any) -> StepDone:
    groups = tournament_draw_groups(tournament=season, actor=request.user)
    return StepDone(f"{plural(len(groups), 'group')} drawn.")


def _explain_group_schedule(season: Season) -> list[str]:
    rounds = "twice, once at each home" if season.double_round_robin else "once"
    lines = [
        f"Each group plays a round robin: every pair of its teams meets {rounds}. The groups' "
        "rounds are played together; in a group of an odd size one team rests each round.",
    ]
    if season.starts_on and season.days_between_rounds == 0:
        lines.append(f"Every round is on {season.starts_on}: the tournament is on one day.")
    elif season.starts_on:
        lines.append(
            f"Round 1 is on {season.starts_on}, then one round every "
            f"{plural(season.days_between_rounds, 'day')}."
        )
    if season.rounds.exists():
        lines.append("The current group schedule is replaced.")
    return lines


def _run_group_schedule(request: HttpRequest, season: Season, form: Any) -> StepDone:
    rounds = tournament_generate_schedule(tournament=season, actor=request.user)
    return StepDone(f"{plural(len(rounds), 'round')} of group games scheduled.")


def _explain_start(season: Season) -> list[str]:
    if season.group_count:
        stage = "The group stage begins: open its rounds and play or simulate them."
    else:
        stage = "Next, advance to the knockout to draw its bracket from the seeds."
    return [
        f"{season} starts. Its field, groups, schedule and rules are fixed from now on.",
        stage,
        "Refused without the drawn groups and their schedule (or, without groups, with a "
        f"field that is not one of {', '.join(map(str, BRACKET_SIZES))} teams).",
    ]


def _run_start(request: HttpRequest, season: Season, form: Any) -> StepDone:
    started = tournament_start(tournament=season, actor=request.user)
    return StepDone(f"{started} has started.")


def _explain_knockout(season: Season) -> list[str]:
    table = capability(ruleset_for(season.league), TableExtras)
    if season.group_count:
        cited = f" ({table.table_rules})" if table.table_rules else ""
        lines = [
            f"The top {season.group_qualifiers} of each group go through, seeded by their "
            "place, then by group (A1, B1, …, A2, B2, …). Group tables follow the league's "
            f"points and tie-breakers{cited}.",
        ]
    else:
        lines = ["The whole field goes through, by its seeds."]
    lines += [
        "Seed 1 meets the last seed, seed 2 the one before, and so on, the higher seed at "
        "home; winners meet in bracket order, so seeds 1 and 2 can meet only in the final.",
        table.knockout_level_line(),
    ]
    return lines + refused_now(tournament_knockout_refusal(tournament=season))


def _run_knockout(request: HttpRequest, season: Season, form: Any) -> StepDone:
    first = tournament_knockout_start(tournament=season, actor=request.user)
    games = first.fixtures.count()
    return StepDone(
        f"The knockout begins with Round {first.number}, the {first.label} "
        f"({plural(games, 'game')}): open it."
    )


TOURNAMENT_SETUP_STEPS: tuple[Step, ...] = (
    Step(
        name="tournament-enter",
        label="Enter a team of the league",
        explain=_explain_enter,
        run=_run_enter,
        form=lambda season, data: EnterTeamForm(season, data),
        shown=_entries_open,
    ),
    Step(
        name="tournament-guest",
        label="Add a guest team",
        explain=_explain_guest,
        run=_run_guest,
        form=lambda season, data: GuestTeamForm(data),
        shown=_entries_open,
    ),
    Step(
        name="tournament-draw",
        label=lambda s: "Redraw the groups" if s.groups.exists() else "Draw the groups",
        explain=_explain_draw,
        run=_run_draw,
        shown=lambda s: (
            s.is_tournament
            and s.status == Season.Status.DRAFT
            and bool(s.group_count)
            and not s.rounds.exists()
        ),
    ),
    Step(
        name="tournament-schedule",
        label="Generate the group schedule",
        explain=_explain_group_schedule,
        run=_run_group_schedule,
        shown=lambda s: s.is_tournament and s.status == Season.Status.DRAFT and s.groups.exists(),
        destructive=True,
    ),
    Step(
        name="tournament-start",
        label="Start the tournament",
        explain=_explain_start,
        run=_run_start,
        shown=lambda s: s.is_tournament and s.status == Season.Status.DRAFT,
    ),
)

KNOCKOUT_START_STEP = Step(
    name="tournament-knockout",
    label="Advance to the knockout",
    explain=_explain_knockout,
    run=_run_knockout,
    shown=lambda s: offered(tournament_knockout_refusal(tournament=s), "season_unfinished"),
)
