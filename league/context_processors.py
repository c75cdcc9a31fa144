"""What every template is given: the product's name (``PRODUCT_NAME``, docs/operations.md)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def product(request: HttpRequest) -> dict[str, str]:
    """``product_name``: the name every page's title and heading shows."""
    return {"product_name": settings.PRODUCT_NAME}
