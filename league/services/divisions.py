"""Writes for a season's divisions (or conferences): the commissioner sets them up in the draft,
a roll-over carries them into the next season, and scheduling and seeding are refused while
they do not add up. Their reads, the tables among them: league/selectors/divisions.py."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import IntegrityError, transaction
from django.utils.text import slugify

from league.access import Actor, require_commissioner
from league.audit import audit_record
from league.errors import LeagueError
from league.models import Division, Season, StandingRow
from league.selectors.divisions import division_problems


def division_problems_refusal(*, season: Season) -> LeagueError | None:
    """The refusal of scheduling or seeding `season` while its divisions do not add up."""
    problems = division_problems(season=season)
    if not problems:
        return None
    return LeagueError("The divisions are not ready: " + " ".join(problems), code="divisions")


def _draft_season(season: Season, actor: Actor) -> Season:
    """`season`, locked (its divisions change one commissioner at a time, and not while it
    starts), if its divisions may change: a league season in its draft."""
    locked = (
        Season.objects.select_for_update(of=("self",)).select_related("league").get(pk=season.pk)
    )
    require_commissioner(user=actor, league=locked.league)
    if locked.is_tournament:
        raise LeagueError(
            f"{locked} is a tournament: its groups are drawn, it has no divisions.",
            code="tournament",
        )
    if locked.status != Season.Status.DRAFT:
        raise LeagueError(
            f"The divisions of {locked} are fixed: the season is "
            f"{locked.get_status_display().lower()}.",
            code="rules_frozen",
        )
    return locked


def division_save(
    *,
    season: Season,
    actor: Actor,
    name: str,
    order: int = 1,
    team_ids: Iterable[int] = (),
    division: Division | None = None,
) -> Division:
    """Create a division of `season` (or rename and reorder `division`) with exactly the
    teams `team_ids` of the season; a team moved here leaves its other division."""
    name = name.strip()
    slug = slugify(name)
    if not slug:
        raise LeagueError("Give the division a name.", code="invalid", field="name")
    longest = Division._meta.get_field("name").max_length or 40
    if len(name) > longest:
        raise LeagueError(
            f"A division's name has at most {longest} characters.", code="invalid", field="name"
        )
    with transaction.atomic():
        locked = _draft_season(season, actor)
        wanted = sorted(set(team_ids))
        entered = set(
            StandingRow.objects.filter(season=locked, team_id__in=wanted).values_list(
                "team_id", flat=True
            )
        )
        if missing := [team for team in wanted if team not in entered]:
            raise LeagueError(
                f"Not teams of {locked}: {', '.join(map(str, missing))}.",
                code="invalid",
                field="teams",
            )
        before = None
        if division is None:
            division = Division(season=locked)
        else:
            division = Division.objects.select_for_update().get(pk=division.pk, season=locked)
            before = {
                "name": division.name,
                "order": division.order,
                "teams": sorted(division.rows.values_list("team_id", flat=True)),
            }
        division.name, division.slug, division.order = name, slug, order
        try:
            with transaction.atomic():
                division.save()
        except IntegrityError:
            raise LeagueError(
                f"{locked} already has a division named like “{name}”.",
                code="invalid",
                field="name",
            ) from None
        StandingRow.objects.filter(division=division).exclude(team_id__in=wanted).update(
            division=None
        )
        StandingRow.objects.filter(season=locked, team_id__in=wanted).update(division=division)
        audit_record(
            actor=actor,
            action="season.division",
            obj=division,
            league=locked.league,
            message=f"{division}: {len(wanted)} teams",
            before=before,
            after={"name": name, "order": order, "teams": wanted},
        )
    return division


def division_delete(*, division: Division, actor: Actor) -> None:
    """Delete a division of a draft season; its teams are in no division until placed."""
    with transaction.atomic():
        locked = _draft_season(division.season, actor)
        teams = sorted(division.rows.values_list("team_id", flat=True))
        audit_record(
            actor=actor,
            action="season.division_delete",
            obj=division,
            league=locked.league,
            message=f"{division} deleted",
            before={"name": division.name, "teams": teams},
        )
        division.delete()


def divisions_carry_over(*, previous: Season, season: Season) -> list[Division]:
    """`previous`'s divisions copied into `season` (a new draft with the same teams: its
    roll-over), each team in the division it played in. The caller holds the transaction
    and audits the roll-over."""
    copies = []
    for division in Division.objects.filter(season=previous):
        carried = Division.objects.create(
            season=season, name=division.name, slug=division.slug, order=division.order
        )
        teams = division.rows.values_list("team_id", flat=True)
        StandingRow.objects.filter(season=season, team_id__in=list(teams)).update(division=carried)
        copies.append(carried)
    return copies
