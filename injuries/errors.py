from league.errors import DomainError


class InjuryError(DomainError):
    """Refused by the injury rules (force-healing, the injured list)."""
