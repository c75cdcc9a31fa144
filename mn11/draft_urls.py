"""E-S2: the Star Player draft's pages (included by mn11/urls.py)."""

from django.urls import path

from mn11 import draft_views

urlpatterns = [
    path("mn11/seasons/<int:pk>/draft/", draft_views.draft_page, name="mn11-draft"),
    path("mn11/seasons/<int:pk>/draft/state/", draft_views.draft_state, name="mn11-draft-state"),
    path("mn11/seasons/<int:pk>/draft/pick/", draft_views.draft_pick, name="mn11-draft-pick"),
]
