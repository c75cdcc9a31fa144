from league.errors import DomainError


class GamesError(DomainError):
    """Refused by match day: inspections, results, simulations."""
