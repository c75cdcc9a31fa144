"""The API's paths, mounted at /api/v1/ (docs/api.md)."""

from __future__ import annotations

from typing import Any

from django.urls import include, path, re_path
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response

from api.base import ApiMixin, ApiView
from api.views import (
    arranging,
    exchange,
    export_schema,
    fixtures,
    honours,
    leagues,
    me,
    odds,
    teams,
    tournaments,
    webhooks,
)
from league.rulesets import rulesets

app_name = "api"


@extend_schema(
    summary="This OpenAPI 3 schema",
    description="Every operation, field and error code of the API (`?format=json` for JSON).",
)
class SchemaView(ApiMixin, SpectacularAPIView):
    """The OpenAPI 3 schema, with the API's throttles and error shape."""


@extend_schema(exclude=True)
class NoSuchPathView(ApiView):
    """Any other path under /api/v1/ (``fixtures/abc/`` too): a 404 in the API's error shape."""

    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        raise NotFound("No such path in the API; see /api/v1/docs/.")

    post = put = patch = delete = get

    def options(self, request: Any, *args: Any, **kwargs: Any) -> Response:
        raise NotFound("No such path in the API; see /api/v1/docs/.")


urlpatterns = [
    path("schema/", SchemaView.as_view(), name="schema"),
    # The league export's JSON Schema (docs/data.md), public like the OpenAPI schema.
    path("schema/export/", export_schema.ExportSchemaView.as_view(), name="schema-export"),
    # The split view serves Swagger UI's start-up script as a file: no inline script (CSP).
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api:schema"), name="docs"),
    path("me/", me.MeView.as_view(), name="me"),
    path("leagues/", leagues.LeagueListView.as_view(), name="league-list"),
    path("leagues/<int:pk>/", leagues.LeagueDetailView.as_view(), name="league-detail"),
    path("seasons/", leagues.SeasonListView.as_view(), name="season-list"),
    path("seasons/<int:pk>/", leagues.SeasonDetailView.as_view(), name="season-detail"),
    path(
        "seasons/<int:season_id>/standings/",
        leagues.SeasonStandingsView.as_view(),
        name="season-standings",
    ),
    path(
        "seasons/<int:season_id>/fixtures/",
        leagues.SeasonFixtureListView.as_view(),
        name="season-fixtures",
    ),
    # Honours (league/honours): a season's awards, a league's records.
    path(
        "seasons/<int:season_id>/awards/", honours.SeasonAwardsView.as_view(), name="season-awards"
    ),
    path(
        "leagues/<int:league_id>/records/",
        honours.LeagueRecordsView.as_view(),
        name="league-records",
    ),
    path("seasons/<int:season_id>/odds/", odds.SeasonOddsView.as_view(), name="season-odds"),
    path(
        "seasons/<int:season_id>/ratings/",
        odds.SeasonRatingsView.as_view(),
        name="season-ratings",
    ),
    path(
        "tournaments/<int:tournament_id>/",
        tournaments.TournamentDetailView.as_view(),
        name="tournament-detail",
    ),
    path(
        "tournaments/<int:tournament_id>/groups/",
        tournaments.TournamentGroupsView.as_view(),
        name="tournament-groups",
    ),
    path(
        "tournaments/<int:tournament_id>/bracket/",
        tournaments.TournamentBracketView.as_view(),
        name="tournament-bracket",
    ),
    path("teams/", teams.TeamListView.as_view(), name="team-list"),
    path("teams/<int:team_id>/", teams.TeamDetailView.as_view(), name="team-detail"),
    path("fixtures/", fixtures.FixtureListView.as_view(), name="fixture-list"),
    path("fixtures/<int:pk>/", fixtures.FixtureDetailView.as_view(), name="fixture-detail"),
    # Arranging a match (league/arranging): kick-off proposals, accepted or withdrawn.
    path(
        "fixtures/<int:fixture_id>/proposals/",
        arranging.ProposalListView.as_view(),
        name="fixture-proposals",
    ),
    path(
        "fixtures/<int:fixture_id>/proposals/<int:proposal_id>/accept/",
        arranging.ProposalAcceptView.as_view(),
        name="proposal-accept",
    ),
    path(
        "fixtures/<int:fixture_id>/proposals/<int:proposal_id>/withdraw/",
        arranging.ProposalWithdrawView.as_view(),
        name="proposal-withdraw",
    ),
    # Webhooks (docs/data.md): a user's subscriptions, their deliveries and test events.
    path("webhooks/", webhooks.WebhookListView.as_view(), name="webhook-list"),
    path("webhooks/<int:webhook_id>/", webhooks.WebhookDetailView.as_view(), name="webhook-detail"),
    path(
        "webhooks/<int:webhook_id>/deliveries/",
        webhooks.WebhookDeliveryListView.as_view(),
        name="webhook-deliveries",
    ),
    path(
        "webhooks/<int:webhook_id>/deliveries/<int:delivery_id>/redeliver/",
        webhooks.WebhookRedeliverView.as_view(),
        name="webhook-redeliver",
    ),
    path(
        "webhooks/<int:webhook_id>/test/", webhooks.WebhookTestView.as_view(), name="webhook-test"
    ),
    path(
        "webhooks/<int:webhook_id>/switch-on/",
        webhooks.WebhookSwitchOnView.as_view(),
        name="webhook-switch-on",
    ),
    # Export and import jobs (docs/data.md)
    path(
        "leagues/<slug:league_slug>/exports/",
        exchange.ExportCreateView.as_view(),
        name="league-exports",
    ),
    path(
        "leagues/<slug:league_slug>/exports/<int:job_id>/",
        exchange.ExportDetailView.as_view(),
        name="league-export-detail",
    ),
    path(
        "leagues/<slug:league_slug>/exports/<int:job_id>/file/",
        exchange.ExportDownloadView.as_view(),
        name="league-export-download",
    ),
    path(
        "leagues/<slug:league_slug>/imports/",
        exchange.ImportCreateView.as_view(),
        name="league-imports",
    ),
    # A whole league's JSON document in, as a new league (docs/data.md, "Importing").
    path("league-imports/", exchange.LeagueImportView.as_view(), name="league-import"),
    # Each installed game's routes, named by its ruleset (league/rulesets.py).
    *(path("", include(module)) for ruleset in rulesets() for module in ruleset.api_urls),
    # Last: whatever matched nothing above.
    re_path(r"^", NoSuchPathView.as_view(), name="no-such-path"),
]
