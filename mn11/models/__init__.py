"""What a Magic Number Eleven league keeps, one module per subject: the season's settings and
the league's Star Player catalogue (catalogue.py), the draft (draft.py), match day and match
reports (match.py). Results themselves are the core's `league.Result`."""

from .catalogue import SeasonSettings, StarName
from .draft import *  # noqa: F403  (each subject's module lists its models in __all__)
from .match import *  # noqa: F403

__all__ = ["SeasonSettings", "StarName"]
