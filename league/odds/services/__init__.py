"""The odds' writes: the runs that play the season out (runs.py) and the power ranking's
ratings (ratings.py); their reads: league/odds/selectors.py."""
