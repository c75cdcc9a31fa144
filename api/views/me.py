"""Who am I: the user a token (or session) acts as, and his roles."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response

from api import selectors
from api.base import ApiView
from api.schema import signed_in_errors
from league.models import ApiToken, League


class MeLeagueSerializer(serializers.ModelSerializer[League]):
    class Meta:
        model = League
        fields = ["id", "name", "ruleset"]
        ref_name = "MeLeague"


class MeTeamSerializer(serializers.Serializer[selectors.CoachedTeam]):
    id = serializers.IntegerField(source="team.pk")
    name = serializers.CharField(source="team.name")
    league = MeLeagueSerializer(source="team.league")
    ruleset = serializers.CharField(
        source="team.league.ruleset", help_text="The game the team plays: its league's ruleset."
    )
    season = serializers.SerializerMethodField(
        help_text="The season the team follows (id, name, status): its league season not "
        "archived, else its newest tournament (a cup's guest team); null when it has none yet."
    )

    class Meta:
        ref_name = "MeTeam"

    def get_season(self, entry: selectors.CoachedTeam) -> dict[str, Any] | None:
        season = entry.season
        return (
            None
            if season is None
            else {"id": season.pk, "name": season.name, "status": season.status}
        )


class MeTokenSerializer(serializers.ModelSerializer[ApiToken]):
    class Meta:
        model = ApiToken
        fields = ["name", "prefix", "created_at", "last_used_at"]
        ref_name = "MeToken"


class MeView(ApiView):
    permission_classes = [permissions.IsAuthenticated]

    class OutputSerializer(serializers.Serializer[selectors.Me]):
        username = serializers.CharField(source="user.username")
        display_name = serializers.SerializerMethodField(
            help_text="The user's full name, else his username."
        )
        site_admin = serializers.BooleanField(
            source="user.is_superuser",
            help_text="A site administrator, who may act as commissioner in every league.",
        )
        commissioner_of = MeLeagueSerializer(
            many=True, help_text="The leagues where the user is a commissioner."
        )
        teams = MeTeamSerializer(many=True, help_text="The teams the user coaches, by name.")
        token = MeTokenSerializer(
            allow_null=True,
            help_text="The token the request came with; null when signed in another way "
            "(the web session).",
        )

        class Meta:
            ref_name = "Me"

        def get_display_name(self, me: selectors.Me) -> str:
            return me.user.get_full_name() or me.user.username

    @extend_schema(
        summary="Who am I",
        description="The user the request acts as: his username and name, the leagues he is "
        "a commissioner of, the teams he coaches (each with its league, game and current "
        "season) and the token the request came with. A script can start here instead of "
        "being told whose token it holds. Anonymous requests are refused (401).",
        responses={
            200: OutputSerializer,
            **signed_in_errors(),
        },
    )
    def get(self, request: Request) -> Response:
        user = request.user
        if not isinstance(user, User):  # IsAuthenticated let only a user through
            raise exceptions.NotAuthenticated()
        token = request.auth if isinstance(request.auth, ApiToken) else None
        me = selectors.me_profile(user=user, token=token)
        return Response(self.OutputSerializer(me).data)
