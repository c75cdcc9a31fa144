from django.urls import path

from league.arranging import views

urlpatterns = [
    path("fixtures/<int:pk>/arrange/", views.propose, name="arrange-propose"),
    path(
        "fixtures/<int:pk>/arrange/<int:proposal_id>/accept/",
        views.accept,
        name="arrange-accept",
    ),
    path(
        "fixtures/<int:pk>/arrange/<int:proposal_id>/withdraw/",
        views.withdraw,
        name="arrange-withdraw",
    ),
]
