"""Leagues, seasons and their rules, teams, the schedule, standings and the audit log."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models import F, Q
from django.utils.functional import cached_property

from league.round_names import knockout_stage_name
from league.rulesets import ruleset_choices, ruleset_default


class League(models.Model):
    name = models.CharField(max_length=100, unique=True)
    slug = models.SlugField(max_length=100, unique=True)
    # The game the league plays: one of the installed rulesets (league/rulesets.py), chosen at
    # creation and fixed once the league has a season.
    ruleset = models.CharField(max_length=20, choices=ruleset_choices, default=ruleset_default)
    description = models.TextField(blank=True)
    is_public = models.BooleanField(
        default=True, help_text="Anyone may read a public league's seasons, results and rosters."
    )
    commissioners = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="commissioned_leagues", blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        ACTIVE = "active", "Active"
        PLAYOFFS = "playoffs", "Playoffs"
        FINISHED = "finished", "Finished"
        ARCHIVED = "archived", "Archived"

    class Format(models.TextChoices):
        # A tournament is a season with a fixed field: its group stage is the regular stage
        # (a table per group) and its knockout the playoff stage (docs/seasons.md).
        LEAGUE = "league", "League season"
        TOURNAMENT = "tournament", "Tournament"

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    format = models.CharField(max_length=10, choices=Format.choices, default=Format.LEAGUE)
    name = models.CharField(max_length=100)
    slug = models.SlugField(max_length=100)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    starts_on = models.DateField(null=True, blank=True)
    double_round_robin = models.BooleanField(
        default=True, help_text="Every pair of teams meets twice, once at each home."
    )
    days_between_rounds = models.PositiveSmallIntegerField(
        default=7,
        validators=[MinValueValidator(0), MaxValueValidator(60)],
        help_text="0 puts every round on the start date (a tournament on one day).",
    )
    playoff_teams = models.PositiveSmallIntegerField(
        default=4,
        choices=[(0, "No playoffs"), (2, "Top 2: a final"), (4, "Top 4"), (8, "Top 8")],
        help_text="How many teams from the top of the table play the knockout playoffs.",
    )
    schedule_seed = models.BigIntegerField(
        null=True, blank=True, help_text="The recorded seed of the schedule's shuffle."
    )
    group_count = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(16)],
        help_text="Tournaments: how many groups play a round robin first (0: straight to the "
        "knockout).",
    )
    group_qualifiers = models.PositiveSmallIntegerField(
        default=2,
        validators=[MaxValueValidator(6)],
        help_text="Tournaments: how many of each group go through to the knockout (0: no "
        "knockout, the one group's leader wins).",
    )
    draw_seed = models.BigIntegerField(
        null=True, blank=True, help_text="The recorded seed of a tournament's group draw."
    )
    counts_for_careers = models.BooleanField(
        default=True,
        help_text="Its games count for careers (games played, progression) and its injuries "
        "last beyond the match, as in a season. Off: an exhibition for the rosters.",
    )
    # Divisions (or conferences: the name says which) of a league season: each its own
    # table; the schedule meets within and across them; the playoffs seed their winners
    # first, then the wild cards (docs/seasons.md "Divisions").
    division_meetings = models.PositiveSmallIntegerField(
        default=2,
        validators=[MinValueValidator(1), MaxValueValidator(4)],
        help_text="Seasons with divisions: how many times each pair of teams of one division "
        "meets (home and away in turn).",
    )
    cross_division_meetings = models.PositiveSmallIntegerField(
        default=1,
        validators=[MaxValueValidator(4)],
        help_text="Seasons with divisions: how many times each pair of teams from different "
        "divisions meets (0: never).",
    )
    wild_cards = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(6)],
        help_text="Seasons with divisions: the playoffs take every division's winner plus this "
        "many wild cards, the best of the rest by the league table.",
    )
    teams: models.ManyToManyField[Team, StandingRow] = models.ManyToManyField(
        "Team", through="StandingRow", related_name="seasons"
    )
    champion = models.ForeignKey(
        "Team", on_delete=models.PROTECT, null=True, blank=True, related_name="championships"
    )
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["league", "slug"], name="season_slug_unique_in_league"),
            models.UniqueConstraint(fields=["league", "name"], name="season_name_unique_in_league"),
        ]

    def __str__(self) -> str:
        return f"{self.league} · {self.name}"

    #: Addresses of a league's own pages beside its seasons' (config/urls.py): a season
    #: named so would be hidden behind them.
    RESERVED_SLUGS = frozenset({"graveyard", "head-to-head"})

    def clean(self) -> None:
        if self.slug in self.RESERVED_SLUGS:
            raise ValidationError(
                {"name": f"“{self.name}” is the name of a league page; give the season another."}
            )

    @property
    def is_tournament(self) -> bool:
        return self.format == self.Format.TOURNAMENT

    @property
    def rules_frozen(self) -> bool:
        """Rule settings may change only while the season is a draft."""
        return self.status != self.Status.DRAFT


_hex_colour = RegexValidator(r"^#[0-9a-fA-F]{6}$", "Use a colour like #1f6feb.")


class Team(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=60)
    short_name = models.CharField(
        max_length=4, help_text="Two to four letters for tables, e.g. DET."
    )
    slug = models.SlugField(max_length=60)
    coach = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="coached_teams",
    )
    colour = models.CharField(max_length=7, default="#1f6feb", validators=[_hex_colour])
    guest_of = models.ForeignKey(
        Season,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="guest_teams",
        help_text="The tournament this guest team was created for; it plays no league season.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="team_name_unique_in_league"),
            models.UniqueConstraint(fields=["league", "slug"], name="team_slug_unique_in_league"),
            models.UniqueConstraint(
                fields=["league", "short_name"], name="team_short_name_unique_in_league"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class TournamentGroup(models.Model):
    """A group of a tournament's group stage: a round robin with its own table."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="groups")
    number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    name = models.CharField(max_length=20)

    class Meta:
        ordering = ["season", "number"]
        constraints = [
            models.UniqueConstraint(fields=["season", "number"], name="group_number_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class Division(models.Model):
    """A division (or conference) of a league season: its own table within the season's
    table, met a set number of times, its winner seeded into the playoffs."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="divisions")
    name = models.CharField(max_length=40, help_text="E.g. “North” or “Eastern Conference”.")
    slug = models.SlugField(max_length=40)
    order = models.PositiveSmallIntegerField(
        default=1, help_text="Where its table comes on the standings page (1 first)."
    )

    class Meta:
        ordering = ["season", "order", "name"]
        constraints = [
            models.UniqueConstraint(fields=["season", "name"], name="division_name_unique"),
            models.UniqueConstraint(fields=["season", "slug"], name="division_slug_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class StandingRow(models.Model):
    """A team's entry in a season and its line in the table.

    The ordering and its explanation are computed by the standings service and stored, so
    reading a table is one query whatever the season's size.
    """

    # Indexed by the (season, team) constraint, which it leads.
    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="standings", db_index=False
    )
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="standings")
    # A tournament's entry: its seed (pots of the draw, or the bracket without groups), its
    # group (the position is then within the group) and its seed in the knockout bracket.
    seed = models.PositiveSmallIntegerField(null=True, blank=True)
    group = models.ForeignKey(
        TournamentGroup, on_delete=models.SET_NULL, null=True, blank=True, related_name="rows"
    )
    bracket_seed = models.PositiveSmallIntegerField(null=True, blank=True)
    # A league season's division of the team: its table is the division's rows in the
    # season's table order. A season with divisions records its playoff seeds (division
    # winners first, then wild cards) in `bracket_seed` too.
    division = models.ForeignKey(
        Division, on_delete=models.SET_NULL, null=True, blank=True, related_name="rows"
    )
    position = models.PositiveSmallIntegerField(null=True, blank=True)
    played = models.PositiveSmallIntegerField(default=0)
    won = models.PositiveSmallIntegerField(default=0)
    won_overtime = models.PositiveSmallIntegerField(default=0)
    drawn = models.PositiveSmallIntegerField(default=0)
    lost_overtime = models.PositiveSmallIntegerField(default=0)
    lost = models.PositiveSmallIntegerField(default=0)
    score_for = models.PositiveIntegerField(default=0)
    score_against = models.PositiveIntegerField(default=0)
    points = models.PositiveIntegerField(default=0)
    explanation = models.CharField(max_length=500, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = [
            "season",
            F("group__number").asc(nulls_first=True),
            F("position").asc(nulls_last=True),
            "team__name",
        ]
        constraints = [
            models.UniqueConstraint(fields=["season", "team"], name="one_standing_row_per_team"),
            models.CheckConstraint(
                condition=Q(
                    played=F("won")
                    + F("won_overtime")
                    + F("drawn")
                    + F("lost_overtime")
                    + F("lost")
                ),
                name="standing_played_adds_up",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team} in {self.season}"

    @property
    def score_difference(self) -> int:
        return self.score_for - self.score_against


class Round(models.Model):
    class Stage(models.TextChoices):
        REGULAR = "regular", "Regular season"
        PLAYOFF = "playoff", "Playoffs"

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", "Scheduled"
        OPEN = "open", "Open"
        COMPLETE = "complete", "Complete"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    stage = models.CharField(max_length=10, choices=Stage.choices, default=Stage.REGULAR)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SCHEDULED)
    starts_on = models.DateField(null=True, blank=True)
    opened_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["season", "number"]
        constraints = [
            models.UniqueConstraint(fields=["season", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        # The admin's and the audit's handle on a round is its number; pages show `label`.
        return f"Round {self.number}"

    @cached_property
    def game_count(self) -> int:
        """How many games the round has: one query, unless the selector that read the round
        counted them (its ``fixture_count`` annotation) or set this."""
        counted: int | None = getattr(self, "fixture_count", None)
        return self.fixtures.count() if counted is None else counted

    @property
    def label(self) -> str:
        """The round's name on every page: "Round 3", or a knockout round's by its distance
        from the final ("Semi-finals", "Final"), each knockout round halving the field."""
        if self.stage == self.Stage.PLAYOFF:
            return knockout_stage_name(self.game_count)
        return f"Round {self.number}"


class Fixture(models.Model):
    class Status(models.TextChoices):
        SCHEDULED = "scheduled", "Scheduled"
        INSPECTIONS = "inspections", "Inspections pending"
        READY = "ready", "Ready to play"
        SIMULATING = "simulating", "Simulating"
        PLAYED = "played", "Played"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="fixtures")
    home_team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="home_fixtures")
    away_team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="away_fixtures")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.SCHEDULED)
    kickoff = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round__season", "round__number", "id"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(home_team=F("away_team")), name="fixture_teams_differ"
            ),
            models.UniqueConstraint(fields=["round", "home_team"], name="home_team_once_a_round"),
            models.UniqueConstraint(fields=["round", "away_team"], name="away_team_once_a_round"),
        ]
        indexes = [models.Index(fields=["status"])]

    def __str__(self) -> str:
        return f"{self.home_team} v {self.away_team}"


class Result(models.Model):
    """A fixture's final score, however it came: reported by a coach, simulated by a game's
    engine (with the seed and engine version that reproduce it) or corrected by a
    commissioner. The game's own detail of the match (stat lines, events) hangs off it in
    the game's app."""

    class Source(models.TextChoices):
        REPORTED = "reported", "Reported"
        SIMULATED = "simulated", "Simulated"
        CORRECTED = "corrected", "Corrected by the commissioner"

    fixture = models.OneToOneField(Fixture, on_delete=models.PROTECT, related_name="result")
    home_score = models.PositiveSmallIntegerField(validators=[MaxValueValidator(99)])
    away_score = models.PositiveSmallIntegerField(validators=[MaxValueValidator(99)])
    overtime = models.BooleanField(default=False)
    source = models.CharField(max_length=10, choices=Source.choices)
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    seed = models.BigIntegerField(null=True, blank=True)
    engine_version = models.CharField(max_length=20, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(home_score__lte=99, away_score__lte=99), name="result_scores_sane"
            ),
            # A simulated result records what reproduces it.
            models.CheckConstraint(
                condition=~Q(source="simulated") | Q(seed__isnull=False),
                name="simulated_result_has_seed",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.fixture}: {self.home_score}–{self.away_score}"


class AppendOnlyQuerySet(models.QuerySet[Any]):
    """Rows of a log are written once; bulk updates and deletes are refused."""

    def update(self, **kwargs: Any) -> int:
        raise ValidationError(f"{self.model._meta.verbose_name_plural} are append-only.")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise ValidationError(f"{self.model._meta.verbose_name_plural} are append-only.")


class AppendOnlyModel(models.Model):
    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise ValidationError(f"{self._meta.verbose_name} entries cannot be changed.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise ValidationError(f"{self._meta.verbose_name} entries cannot be deleted.")


class AuditEntry(AppendOnlyModel):
    """Who changed what and when, with the state before and after (pretix's log_action)."""

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="audit_entries",
    )
    # The league and the content type are indexed by the (league, time) and (content type,
    # object) indexes below, which they lead; the action by one index (Meta), not db_index,
    # which on PostgreSQL adds a second for LIKE 'x%' that no query makes. Every change
    # writes an entry: each index is a write more.
    league = models.ForeignKey(
        League,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="audit_entries",
        db_index=False,
    )
    action = models.CharField(max_length=60)
    content_type = models.ForeignKey(
        ContentType, on_delete=models.SET_NULL, null=True, blank=True, db_index=False
    )
    object_id = models.CharField(max_length=40, blank=True)
    object_repr = models.CharField(max_length=200, blank=True)
    message = models.CharField(max_length=500, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    # The API token the actor acted through, if any: a script's changes are told apart from
    # the person's own, and the token names who made it.
    api_token = models.ForeignKey(
        "ApiToken", on_delete=models.SET_NULL, null=True, blank=True, related_name="audit_entries"
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = "audit entry"
        verbose_name_plural = "audit entries"
        indexes = [
            models.Index(fields=["content_type", "object_id"]),
            models.Index(fields=["league", "-created_at"]),
            models.Index(fields=["action"], name="auditentry_action"),
        ]

    def __str__(self) -> str:
        return f"{self.action}: {self.object_repr}"


class ApiToken(models.Model):
    """A named key a user's scripts send as ``Authorization: Token <key>`` (docs/api.md).

    Only the key's SHA-256 is stored: the key is shown once, when the token is made. A key
    carries 256 random bits, so a plain hash is as safe as a slow one and costs one indexed
    lookup per request.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=60, help_text="What the token is for, e.g. “results bot”.")
    prefix = models.CharField(max_length=12, help_text="The start of the key, to recognise it.")
    key_hash = models.CharField(max_length=64, unique=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The owner or an administrator; empty when the server made it.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["user", "-created_at"]
        verbose_name = "API token"
        verbose_name_plural = "API tokens"
        constraints = [
            models.UniqueConstraint(
                fields=["user", "name"],
                condition=Q(revoked_at__isnull=True),
                name="api_token_name_unique_per_user",
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None


class Invitation(models.Model):
    """Who invited an account and for which league. The league's commissioners see the
    account (to make it a coach or a fellow commissioner) before it joins a team or a
    league; no other commissioner does."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitation"
    )
    league = models.ForeignKey(
        League, on_delete=models.SET_NULL, null=True, blank=True, related_name="invitations"
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.user} invited for {self.league or 'no league'}"


class IdempotencyRecord(models.Model):
    """The first successful response to a request sent with an ``Idempotency-Key``, replayed
    to every retry with the same key and body (docs/api.md)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="idempotency_records"
    )
    key = models.CharField(max_length=255)
    fingerprint = models.CharField(
        max_length=64, help_text="SHA-256 of the method, path and canonical JSON body."
    )
    response_status = models.PositiveSmallIntegerField()
    response_body = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="idempotency_key_unique_per_user")
        ]

    def __str__(self) -> str:
        return f"{self.key} → {self.response_status}"


class PageVersion(models.Model):
    """A counter per league that every write to the core's rows of that league bumps, in
    the same transaction, by database triggers (league/page_versions.py): a cached page
    keyed by it can never outlive the rows it was rendered from, whichever process wrote
    them (a web worker, a Celery worker, the admin, a raw update). A plain integer, not a
    foreign key, so a league's own deletion can still bump it."""

    league_id = models.BigIntegerField(primary_key=True)
    version = models.PositiveBigIntegerField(default=0)

    def __str__(self) -> str:
        return f"league {self.league_id}: version {self.version}"
