"""An Arenaball season's settings (A-T1 … A-L1, the reference's *(setting)* marks): read by
anyone who may read the season; changed by a commissioner while the season is a draft, every
bad value refused beside its field as on the season's admin page."""

from __future__ import annotations

from collections.abc import Mapping

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from api.access import get_visible
from api.base import ApiView
from api.schema import read_errors, write_errors
from arenaball.api.access import RULESET
from arenaball.models import SeasonSettings
from arenaball.season_settings import season_settings, season_settings_change
from arenaball.settings_form import SETTING_HELP_TEXTS, SETTING_NAMES
from league.errors import DomainError
from league.models import Season


class SeasonSettingsSerializer(serializers.ModelSerializer[SeasonSettings]):
    class Meta:
        model = SeasonSettings
        fields = ["season", *SETTING_NAMES]
        read_only_fields = fields
        extra_kwargs = {name: {"help_text": text} for name, text in SETTING_HELP_TEXTS.items()}
        ref_name = "ArenaballSeasonSettings"


class SeasonSettingsInputSerializer(serializers.ModelSerializer[SeasonSettings]):
    """The settings to change, any of them; the rest stay as they are."""

    class Meta:
        model = SeasonSettings
        fields = list(SETTING_NAMES)
        extra_kwargs = {
            name: {"help_text": text, "required": False}
            for name, text in SETTING_HELP_TEXTS.items()
        }
        ref_name = "ArenaballSeasonSettingsChange"


def _season(request: Request, season_id: int) -> Season:
    return get_visible(
        Season.objects.filter(league__ruleset=RULESET).select_related("league"),
        league_path="league",
        user=request.user,
        pk=season_id,
    )


class SeasonSettingsView(ApiView):
    InputSerializer = SeasonSettingsInputSerializer
    OutputSerializer = SeasonSettingsSerializer

    @extend_schema(
        summary="An Arenaball season's settings",
        responses={200: SeasonSettingsSerializer, **read_errors()},
    )
    def get(self, request: Request, season_id: int) -> Response:
        season = _season(request, season_id)
        return Response(self.OutputSerializer(season_settings(season)).data)

    @extend_schema(
        summary="Change an Arenaball season's settings",
        description="A commissioner, while the season is a draft (its settings freeze when it "
        "starts: 409 `rules_frozen`). Send only the settings to change. Every bad value is "
        "refused at once, each in `fields` beside its own name (`__all__` for the whole), and "
        "nothing changes; the change is audited.",
        request=SeasonSettingsInputSerializer,
        responses={
            200: SeasonSettingsSerializer,
            **write_errors(invalid=["invalid_rule"], conflict=["rules_frozen"]),
        },
    )
    def patch(self, request: Request, season_id: int) -> Response:
        season = _season(request, season_id)
        if not isinstance(request.data, Mapping):
            raise DomainError("Send the body as a JSON object.", code="invalid", field="body")
        row = season_settings_change(season=season, actor=request.user, values=request.data)
        return Response(self.OutputSerializer(row).data)
