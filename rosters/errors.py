from league.errors import DomainError


class RosterError(DomainError):
    """Refused by the roster rules (roster size, Superstars, actions, enhancements)."""
