"""What the benchmarks share: a league built through the services, and the database URL a
subprocess (gunicorn, a Celery worker) needs to reach the bench's throwaway database, and
real Celery workers started for a bench."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any


def database_url(settings_dict: dict[str, Any]) -> str:
    password = f":{settings_dict['PASSWORD']}" if settings_dict["PASSWORD"] else ""
    port = settings_dict["PORT"] or 5432
    return (
        f"postgres://{settings_dict['USER']}{password}@{settings_dict['HOST']}:{port}/"
        f"{settings_dict['NAME']}"
    )


def build_season(
    name: str, teams: int, *, commissioner: Any = None, enhancements: bool = True
) -> Any:
    """A league with `teams` teams, its double round robin scheduled, the season active and
    every round open: all fixtures ready (without enhancements, no inspection waits)."""
    from games.services import round_open
    from league.models import Round, Season
    from league.services.leagues import league_create
    from league.services.schedule import season_generate_schedule
    from league.services.seasons import season_create, season_transition
    from rosters.services import team_create

    commissioners = [commissioner] if commissioner is not None else []
    league = league_create(name=name, actor=None, commissioners=commissioners)
    season = season_create(league=league, name="Bench", actor=None, double_round_robin=True)
    if not enhancements:
        season.rules.enhancements = False
        season.rules.save(update_fields=["enhancements"])
    for number in range(1, teams + 1):
        team_create(
            season=season, name=f"{name} Team {number:02}", short_name=f"T{number:02}", actor=None
        )
    season_generate_schedule(season=season, actor=None, seed=1)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=None)
    for round_ in Round.objects.filter(season=season).order_by("number"):
        round_open(round_=round_, actor=None)
    return season


def goal(label: str, measured: float, target: float, unit: str, *, at_least: bool = False) -> bool:
    """Print one goal of issue #16 with its measure and whether it is met; returns that."""
    met = measured >= target if at_least else measured <= target
    sign = "≥" if at_least else "≤"
    verdict = "met" if met else "NOT met"
    print(f"  goal {label}: {sign} {target:g} {unit}; measured {measured:.1f} {unit}: {verdict}")
    return met


def send_to_queue(app: Any, queue: str) -> None:
    """Every task this process sends from now on goes to `queue`, the settings' routes too
    (league/broker/queues.py sends the simulations, the odds and the webhooks to queues of
    their own, which a bench's workers do not consume and a real deployment's would)."""
    # The app reads the settings' CELERY_* names (config/celery.py), which win over the
    # plain ones: setting app.conf.task_default_queue alone changed nothing.
    app.conf.update(CELERY_TASK_DEFAULT_QUEUE=queue, CELERY_TASK_ROUTES={})
    app.amqp.flush_routes()
    app.amqp.__dict__.pop("router", None)  # Celery caches the router it built


class Workers:
    """Real Celery workers (``celery -A <app_module> worker``), one process each, on a queue
    of their own named after the bench; `env` is what they need beyond this environment
    (the throwaway database's URL), `queue_variable` the variable naming their queue to the
    bench module they load. Their start-up is not timed."""

    def __init__(
        self, count: int, *, app_module: str, name: str, env: dict[str, str], queue_variable: str
    ) -> None:
        self.queue = f"{name}-{uuid.uuid4().hex[:8]}"
        self.logs = Path(tempfile.mkdtemp(prefix=f"magnoball-{name}-"))
        env = {**os.environ, **env, queue_variable: self.queue, "LOG_LEVEL": "WARNING"}
        self.processes: list[subprocess.Popen[bytes]] = []
        for number in range(1, count + 1):
            with (self.logs / f"worker{number}.log").open("wb") as log:
                self.processes.append(
                    subprocess.Popen(
                        [
                            str(Path(sys.executable).with_name("celery")),
                            "-A",
                            app_module,
                            "worker",
                            "-Q",
                            self.queue,
                            "-c",
                            "1",
                            "-n",
                            f"{name}{number}-{self.queue}@%h",
                            "--loglevel",
                            "WARNING",
                            "--without-gossip",
                            "--without-mingle",
                            "--without-heartbeat",
                        ],
                        cwd=Path(__file__).resolve().parent.parent,
                        env=env,
                        stdout=log,
                        stderr=subprocess.STDOUT,
                        start_new_session=True,
                    )
                )

    def wait_ready(self, timeout: float = 60) -> None:
        from config.celery import app

        deadline = time.monotonic() + timeout
        while True:
            replies = app.control.ping(timeout=0.5) or []
            names = {name for reply in replies for name in reply}
            if sum(self.queue in name for name in names) == len(self.processes):
                return
            if any(p.poll() is not None for p in self.processes) or time.monotonic() > deadline:
                self.stop()
                raise SystemExit(f"The bench workers did not start; see their logs in {self.logs}")

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
