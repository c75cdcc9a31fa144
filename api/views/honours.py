"""A season's awards and a league's records (league/honours), for script authors."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from api.access import get_visible
from api.base import ApiView
from api.schema import read_errors
from api.serializers import TeamRefSerializer
from league.honours import selectors as honours
from league.honours.awards import Record
from league.honours.models import SeasonAward
from league.models import League, Season


class SeasonAwardsView(ApiView):
    """The award winners of a finished season, named at its close by its game's rules
    (docs/seasons.md, "Awards"), and the MVP of the coaches' vote once closed. A shared award
    (a tie) has a row per winner, each marked `shared`. Empty until the season closes."""

    class OutputSerializer(serializers.ModelSerializer[SeasonAward]):
        award = serializers.CharField(
            help_text="The award's key, stable for programs: each game's awards have their "
            "own (e.g. `top_scorer`); `mvp` is the coaches' vote."
        )
        title = serializers.CharField(help_text="The award as the pages name it.")
        holder = serializers.CharField(
            help_text="The game's own handle for the winner, its kind then its id (e.g. "
            "`player:<id>`, the player at /api/v1/players/<id>/); its API documents the kinds."
        )
        name = serializers.CharField(help_text="The winner's name when the award was made.")
        team = TeamRefSerializer(allow_null=True, help_text="The winner's team.")
        figure = serializers.IntegerField(help_text="What won it: points, saves, goals, votes…")
        text = serializers.CharField(help_text="The figure in words.")
        shared = serializers.BooleanField(help_text="Level with another winner of the award.")

        class Meta:
            model = SeasonAward
            fields = ["award", "title", "holder", "name", "team", "figure", "text", "shared"]
            ref_name = "SeasonAward"

    @extend_schema(
        summary="A season's award winners",
        responses={200: OutputSerializer(many=True), **read_errors()},
    )
    def get(self, request: Request, season_id: int) -> Response:
        season = get_visible(
            Season.objects.all(), league_path="league", user=request.user, pk=season_id
        )
        return Response(self.OutputSerializer(honours.season_awards(season=season), many=True).data)


class LeagueRecordsView(ApiView):
    """The league's records, as its hall of fame lists them: the most scored by a team in a
    match and in a season, the longest winning streak, then the game's own (a player's
    most in a match or a season, career leaders). Every holder level at the top is listed."""

    class OutputSerializer(serializers.Serializer[Record]):
        title = serializers.CharField(help_text="The record, e.g. Longest winning streak.")
        name = serializers.CharField(help_text="Who holds it: a team's or a player's name.")
        team = TeamRefSerializer(allow_null=True, help_text="The holder's team.")
        figure = serializers.IntegerField(help_text="The record's figure.")
        text = serializers.CharField(help_text="The figure in words.")
        season = serializers.IntegerField(
            source="season.pk",
            allow_null=True,
            default=None,
            help_text="The season it was set in; null for a career record.",
        )
        fixture = serializers.IntegerField(
            source="fixture.pk",
            allow_null=True,
            default=None,
            help_text="The match it was set in, for a match record; else null.",
        )

        class Meta:
            ref_name = "LeagueRecord"

    @extend_schema(
        summary="A league's records",
        responses={200: OutputSerializer(many=True), **read_errors()},
    )
    def get(self, request: Request, league_id: int) -> Response:
        league = get_visible(
            League.objects.all(), league_path="pk", user=request.user, pk=league_id
        )
        records = honours.league_records(league=league)
        # many=True takes a list; the stubs type one instance.
        return Response(self.OutputSerializer(records, many=True).data)  # type: ignore[arg-type]
