"""E-S1, E-S3, E-D1 … E-D5, E-R1: match day (the Away set, GK picks, line-ups) and reports."""

__all__: list[str] = []
