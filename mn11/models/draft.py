"""E-S2: a season's Star Player draft and its picks."""

__all__: list[str] = []
