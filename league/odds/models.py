"""The power ranking and the odds: a rating per team and season with its history, odds runs
with each team's figures, and the engine's pairing odds, cached (docs/odds.md)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from league.models import Fixture, Season, Team


class TeamRating(models.Model):
    """A team's Elo rating in a season now (rules/ratings.py): it starts at 1500 and moves
    with each of its results, playoffs included (a team with no rated game yet has a row
    at 1500 once an odds run names it)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="ratings")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="ratings")
    rating = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    #: The team's figures in the season's latest finished odds run: the standings read the
    #: ratings and the odds in one query.
    latest_odds = models.ForeignKey(
        "TeamOdds", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["season", "-rating"]
        constraints = [
            models.UniqueConstraint(fields=["season", "team"], name="one_rating_a_team_season")
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.rating:.0f}"


class RatingChange(models.Model):
    """One game's effect on one team's rating: before and after. `sequence` numbers the
    team's games in the order they were rated (results in the order they were recorded)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="rating_changes")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="rating_changes")
    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="rating_changes")
    #: The result rated (not a key: a voided result is deleted, its change replayed away).
    result_id = models.BigIntegerField()
    sequence = models.PositiveIntegerField()
    before = models.FloatField()
    after = models.FloatField()

    class Meta:
        ordering = ["season", "team", "sequence"]
        constraints = [
            models.UniqueConstraint(fields=["fixture", "team"], name="one_rating_change_a_game")
        ]
        indexes = [models.Index(fields=["season", "team", "sequence"])]

    def __str__(self) -> str:
        return f"{self.team} {self.before:.0f} → {self.after:.0f}"


class OddsRun(models.Model):
    """One estimate of a season's playoff and title odds after a round: queued, preparing
    the match odds (the engine's pairings, in chunks across the workers), simulating the
    seasons, then done (or failed). Reproducible from its seed and inputs."""

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        PAIRINGS = "pairings", "Simulating the pairings"
        SIMULATING = "simulating", "Simulating the seasons"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"
        #: A later run of the season was queued before this one finished: its figures
        #: would be out of date before anyone read them, so its work stops.
        SUPERSEDED = "superseded", "Superseded by a later run"

    LIVE_STATUSES = (Status.QUEUED, Status.PAIRINGS, Status.SIMULATING)

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="odds_runs")
    after_round = models.PositiveSmallIntegerField(help_text="The round the odds follow.")
    #: What queued it, once: "round:<round id>:<its last result id>" (the round completed)
    #: or "change:<result id>:<time>" (a correction); a message delivered twice, or the
    #: sweep finding the round, queues no second run.
    trigger = models.CharField(max_length=80, unique=True, null=True, blank=True)
    seed = models.BigIntegerField()
    sample_size = models.PositiveIntegerField(help_text="How many seasons are played out.")
    pairing_matches = models.PositiveIntegerField(
        default=0, help_text="Engine matches per pairing (0: the rating model)."
    )
    method = models.CharField(max_length=300, blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.QUEUED)
    chunks_total = models.PositiveIntegerField(default=0)
    chunks_done = models.PositiveIntegerField(default=0)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    pairings_seconds = models.FloatField(null=True, blank=True)
    simulation_seconds = models.FloatField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["season", "-created_at"]
        indexes = [models.Index(fields=["season", "status"])]

    def __str__(self) -> str:
        return f"Odds of {self.season} after round {self.after_round} ({self.status})"


class TeamOdds(models.Model):
    """A team's figures in an odds run: the chance of each final position (first place
    first), of the playoffs and of the title, its mean final points and its rating."""

    run = models.ForeignKey(OddsRun, on_delete=models.CASCADE, related_name="teams")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="odds")
    positions = models.JSONField(default=list)
    playoffs = models.FloatField()
    title = models.FloatField()
    mean_points = models.FloatField()
    rating = models.FloatField()

    class Meta:
        ordering = ["run", "-title", "-playoffs", "-mean_points"]
        constraints = [models.UniqueConstraint(fields=["run", "team"], name="one_odds_a_team_run")]

    def __str__(self) -> str:
        return f"{self.team}: title {self.title:.1%}"


class PairingOdds(models.Model):
    """The engine's sampled results of one home team against one away team, as the two
    rosters stood (`version`: a digest of both team sheets and the season's settings; any
    change of a player, his status, injuries or enhancements, or of the settings, is a new
    version). Outcomes: ``[[home_score, away_score, overtime], …]``."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="pairing_odds")
    home_team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    away_team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    version = models.CharField(max_length=64)
    matches = models.PositiveIntegerField()
    seed = models.BigIntegerField()
    outcomes = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["season", "home_team", "away_team", "version"],
                name="one_pairing_odds_a_version",
            )
        ]

    def __str__(self) -> str:
        return f"{self.home_team} v {self.away_team} ({self.matches} matches)"


class OddsChunk(models.Model):
    """A worker's share of an odds run's engine pairings: ``[[home_id, away_id, version],
    …]``; queued, running (claimed by a conditional update), done."""

    class State(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"

    run = models.ForeignKey(OddsRun, on_delete=models.CASCADE, related_name="chunks")
    pairings = models.JSONField(default=list)
    state = models.CharField(max_length=8, choices=State.choices, default=State.QUEUED)
    attempts = models.PositiveSmallIntegerField(default=0)
    heartbeat_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["run", "state"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(state__in=["queued", "running", "done"]), name="odds_chunk_state"
            )
        ]

    def __str__(self) -> str:
        return f"Chunk {self.pk} of {self.run_id} ({self.state})"
