"""Shared steps of the tournament tests: a field of two league teams and guest teams, and
the worker's part in simulations (no broker runs in tests)."""

from __future__ import annotations

import random

from games.models import SimulationJob
from games.services import jobs_dispatch_waiting, simulation_run
from league.models import Season
from league.services.tournaments import (
    tournament_add_guest_team,
    tournament_create,
    tournament_enter_team,
)
from rules.magnoball.dice import RandomDice

GUESTS = [
    ("Quarry Quakes", "QUA"),
    ("Basalt Bulls", "BAS"),
    ("Cinder Cats", "CIN"),
    ("Delta Drakes", "DEL"),
    ("Ember Eels", "EMB"),
    ("Flint Foxes", "FLI"),
    ("Gravel Geese", "GRA"),
    ("Harbour Hawks", "HAR"),
    ("Iron Ibis", "IRO"),
    ("Jetty Jackals", "JET"),
    ("Kiln Kites", "KIL"),
    ("Lode Lynxes", "LOD"),
    ("Marl Moles", "MAR"),
    ("Nickel Newts", "NIC"),
]


def tournament_with_field(
    world, *, guests: int, group_count: int = 4, group_qualifiers: int = 2, **options
) -> Season:
    """A draft tournament of the world's league: its two teams, then `guests` guest teams."""
    tournament = tournament_create(
        league=world.league,
        name="Spring Cup",
        actor=world.commissioner,
        group_count=group_count,
        group_qualifiers=group_qualifiers,
        **options,
    )
    tournament_enter_team(tournament=tournament, team=world.home, actor=world.commissioner)
    tournament_enter_team(tournament=tournament, team=world.away, actor=world.commissioner)
    dice = RandomDice(random.Random(11))
    for name, short in GUESTS[:guests]:
        tournament_add_guest_team(
            tournament=tournament,
            name=name,
            short_name=short,
            actor=world.commissioner,
            dice=dice,
        )
    return tournament


def run_queued_jobs(season: Season) -> int:
    """Play the worker: run queued jobs until none is left. Each played fixture lets the jobs
    waiting for it queue; a test's transaction never commits, so the dispatch that would run
    on commit runs here. Returns how many ran."""
    ran = 0
    queued = SimulationJob.objects.filter(state="queued").order_by("fixture__round__number", "id")
    for _ in range(1000):
        job = queued.first()
        if job is None:
            if not jobs_dispatch_waiting(season_id=season.pk):
                break
            continue
        simulation_run(job_id=job.pk, worker="test")
        ran += 1
    assert not SimulationJob.objects.filter(state__in=SimulationJob.LIVE_STATES).exists()
    return ran
