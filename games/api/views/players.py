"""A MagnoBall team's players, and a player's career."""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from api.access import get_visible
from api.base import ApiListView, ApiView
from api.schema import NamedChoiceField, list_errors, read_errors
from api.serializers import TeamRefSerializer
from games.api import access, selectors
from games.api.serializers import AppearanceSerializer, InjurySerializer, StatPairSerializer
from league.choices import enum_choices
from league.models import Team
from rosters.models import Player
from rules.magnoball.vocabulary import Status


class PlayerSerializer(serializers.ModelSerializer[Player]):
    status = NamedChoiceField(choices=enum_choices(Status), enum_name="PlayerStatus")
    may_play = serializers.BooleanField(
        read_only=True,
        help_text="He may take the field in his team's next match (M-P3): on the active roster "
        "and not out injured (M-I1). A result may name only such players.",
    )

    class Meta:
        model = Player
        fields = [
            "id",
            "team",
            "name",
            "shirt_number",
            "position",
            "string",
            "status",
            "veteran_actions",
            "superstar",
            "superstar_actions",
            "roster_state",
            "may_play",
            "called_up",
            "games_played",
            "joined_at",
            "left_at",
        ]
        ref_name = "Player"


class PlayerFilter(django_filters.FilterSet):
    roster_state = django_filters.ChoiceFilter(
        choices=Player.RosterState.choices,
        method="filter_roster_state",
        help_text="`active`: the players who may play the team's next match (M-P3), the ones "
        "a result may name: on the active roster and not out injured (M-I1). A player out "
        "injured is still on the active roster (his `roster_state` reads `active`) but his "
        "`may_play` is false. `injured_list`, `retired`, `released`: the players in that state.",
    )

    class Meta:
        model = Player
        fields = ["roster_state", "position", "string", "status"]

    def filter_roster_state(
        self, queryset: QuerySet[Player], name: str, value: str
    ) -> QuerySet[Player]:
        if value == Player.RosterState.ACTIVE:
            return queryset.filter(selectors.may_play_q())
        return queryset.filter(roster_state=value)


@extend_schema(
    summary="A team's players",
    description="A MagnoBall team's players, by string and shirt number; anyone who can read "
    "the league may list them. `?roster_state=active` lists those who may play now.",
    responses={200: PlayerSerializer, **list_errors()},
)
class TeamPlayerListView(ApiListView[Player]):
    OutputSerializer = PlayerSerializer
    serializer_class = OutputSerializer
    queryset = Player.objects.none()
    filterset_class = PlayerFilter
    ordering_fields = ["shirt_number", "name", "games_played"]

    def get_queryset(self) -> QuerySet[Player]:
        if getattr(self, "swagger_fake_view", False):
            return Player.objects.none()
        team = get_visible(
            Team.objects.select_related("league"),
            league_path="league",
            user=self.request.user,
            pk=self.kwargs["team_id"],
        )
        access.require_magnoball_team(team)
        return selectors.players(user=self.request.user).filter(team=team)


class PlayerSeasonLineSerializer(serializers.Serializer[selectors.SeasonLine]):
    season = serializers.IntegerField(source="season.season_id")
    games_played = serializers.IntegerField(source="season.games_played")
    points = serializers.IntegerField(source="season.points")
    stats = serializers.DictField(child=StatPairSerializer())

    class Meta:
        ref_name = "PlayerSeasonLine"


class PlayerMatchSerializer(AppearanceSerializer):
    fixture = serializers.IntegerField(source="result.fixture_id")
    season = serializers.IntegerField(source="result.fixture.round.season_id")
    round = serializers.IntegerField(source="result.fixture.round.number")
    opponent = serializers.SerializerMethodField()

    class Meta(AppearanceSerializer.Meta):
        fields = ["fixture", "season", "round", "opponent", *AppearanceSerializer.Meta.fields]
        ref_name = "PlayerMatch"

    @extend_schema_field(TeamRefSerializer)
    def get_opponent(self, appearance: Any) -> Any:
        fixture = appearance.result.fixture
        home = fixture.home_team_id == appearance.team_id
        return TeamRefSerializer(fixture.away_team if home else fixture.home_team).data


class PlayerDetailView(ApiView):
    """A player's status and stat levels (M-P5, M-P7), his seasons, every match he played
    with its stat line, and his injuries."""

    class OutputSerializer(serializers.Serializer[selectors.PlayerProfile]):
        player = PlayerSerializer()
        team = TeamRefSerializer(source="player.team")
        levels = serializers.DictField(
            child=serializers.IntegerField(), help_text="Stat level per category (M-P7)."
        )
        seasons = PlayerSeasonLineSerializer(many=True)
        matches = PlayerMatchSerializer(many=True)
        injuries = InjurySerializer(many=True)

        class Meta:
            ref_name = "PlayerProfile"

    @extend_schema(
        summary="A player and his career", responses={200: OutputSerializer, **read_errors()}
    )
    def get(self, request: Request, player_id: int) -> Response:
        player = get_visible(
            selectors.players(user=request.user),
            league_path="team__league",
            user=request.user,
            pk=player_id,
        )
        profile = selectors.player_profile(player=player)
        return Response(self.OutputSerializer(profile).data)
