"""The playoff odds and the power ranking of a season (docs/api.md "Odds and ratings")."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response

from api.access import get_visible
from api.base import ApiView
from api.schema import read_errors
from api.serializers import TeamRefSerializer
from league.models import Season
from league.odds.models import OddsRun, RatingChange, TeamOdds, TeamRating
from league.odds.selectors import odds_figures, odds_latest, ratings_ranked


def _season(request: Request, season_id: int) -> Season:
    season: Season = get_visible(
        Season.objects.all(), league_path="league", user=request.user, pk=season_id
    )
    return season


class TeamOddsSerializer(serializers.ModelSerializer[TeamOdds]):
    team = TeamRefSerializer()
    positions = serializers.ListField(
        child=serializers.FloatField(),
        help_text="The chance (0 to 1) of each final place in the table, first place first.",
    )
    playoffs = serializers.FloatField(
        help_text="The chance of a playoff place (of first place when the season has no playoffs)."
    )
    title = serializers.FloatField(
        help_text="The chance of the title: the playoffs' winner, or first place without playoffs."
    )
    mean_points = serializers.FloatField(help_text="Mean points at the end of the season.")
    rating = serializers.FloatField(help_text="The team's Elo rating when the odds were run.")

    class Meta:
        model = TeamOdds
        fields = ["team", "positions", "playoffs", "title", "mean_points", "rating"]
        ref_name = "TeamOdds"


class SeasonOddsView(ApiView):
    """The season's latest playoff and title odds: how they were worked out (method line,
    seed, sample size) and each team's chances."""

    class OutputSerializer(serializers.Serializer[OddsRun]):
        after_round = serializers.IntegerField(help_text="The round the odds follow.")
        method = serializers.CharField(
            help_text="The method in one line: sample size, round, match model and seed."
        )
        seed = serializers.IntegerField(
            help_text="The Monte Carlo's seed: the same results and seed give the same figures."
        )
        sample_size = serializers.IntegerField(help_text="How many seasons were played out.")
        pairing_matches = serializers.IntegerField(
            help_text="Engine matches simulated per pairing (a game whose odds play its "
            "match engine); 0 when the match odds come from the Elo ratings."
        )
        finished_at = serializers.DateTimeField(help_text="When the odds were worked out.")
        teams = serializers.SerializerMethodField(help_text="Each team, best title chance first.")

        @extend_schema_field(TeamOddsSerializer(many=True))
        def get_teams(self, run: OddsRun) -> list[dict[str, Any]]:
            serializer = TeamOddsSerializer(odds_figures(run=run), many=True)
            return list(serializer.data)

    @extend_schema(
        summary="A season's latest playoff and title odds",
        description="Worked out after each complete regular-season round by a Monte Carlo "
        "over the fixtures left (docs/odds.md). 404 `not_found` until the first odds of the "
        "season are ready.",
        responses={200: OutputSerializer, **read_errors()},
    )
    def get(self, request: Request, season_id: int) -> Response:
        season = _season(request, season_id)
        run = odds_latest(season=season)
        if run is None:
            raise NotFound("This season has no odds yet: they follow its first complete round.")
        return Response(self.OutputSerializer(run).data)


class RatingChangeSerializer(serializers.ModelSerializer[RatingChange]):
    game = serializers.IntegerField(source="sequence", help_text="The team's nth rated game.")
    fixture = serializers.IntegerField(source="fixture_id", help_text="The fixture's id.")
    before = serializers.FloatField(help_text="The rating before the game.")
    after = serializers.FloatField(help_text="The rating after the game.")

    class Meta:
        model = RatingChange
        fields = ["game", "fixture", "before", "after"]
        ref_name = "RatingChange"


class SeasonRatingsView(ApiView):
    """The season's power ranking: each team's Elo rating, rank and history."""

    class OutputSerializer(serializers.ModelSerializer[TeamRating]):
        team = TeamRefSerializer()
        rank = serializers.SerializerMethodField(help_text="1 for the highest rating.")
        rating = serializers.FloatField(help_text="The Elo rating now (every team starts at 1500).")
        games = serializers.IntegerField(help_text="How many of its results are rated.")
        history = serializers.SerializerMethodField(
            help_text="The rating after each game, in order."
        )

        class Meta:
            model = TeamRating
            fields = ["rank", "team", "rating", "games", "history"]
            ref_name = "TeamRatingEntry"

        @extend_schema_field(serializers.IntegerField())
        def get_rank(self, row: TeamRating) -> int:
            rank: int = self.context["ranks"][row.team_id].rank
            return rank

        @extend_schema_field(RatingChangeSerializer(many=True))
        def get_history(self, row: TeamRating) -> list[dict[str, Any]]:
            changes = self.context["history"].get(row.team_id, [])
            return list(RatingChangeSerializer(changes, many=True).data)

    @extend_schema(
        summary="A season's power ranking (Elo ratings) with each team's history",
        description='Every result moves its two teams\' ratings (docs/odds.md, "Ratings"); '
        "refreshed by a worker moments after each result.",
        responses={200: OutputSerializer(many=True), **read_errors()},
    )
    def get(self, request: Request, season_id: int) -> Response:
        season = _season(request, season_id)
        rows = list(
            TeamRating.objects.filter(season=season)
            .select_related("team")
            .order_by("-rating", "team_id")
        )
        history: dict[int, list[RatingChange]] = {}
        for change in RatingChange.objects.filter(season=season).order_by("team_id", "sequence"):
            history.setdefault(change.team_id, []).append(change)
        context = {"ranks": ratings_ranked(season=season), "history": history}
        return Response(self.OutputSerializer(rows, many=True, context=context).data)
