"""What makes a SECRET_KEY too weak to sign sessions and password-reset links with.

Django's own check asks for 50 characters and 5 distinct ones, so ``"abcde" * 10`` passes.
A key from ``secrets.token_urlsafe(50)`` or ``openssl rand -hex 32`` carries 4 to 6 bits of
Shannon entropy a character and never repeats a short pattern; these rules flag keys far
below that without refusing either kind.
"""

from __future__ import annotations

import math
from collections import Counter

MIN_LENGTH = 50
MIN_DISTINCT = 10
MIN_BITS_PER_CHARACTER = 3.0


def shannon_bits_per_character(key: str) -> float:
    counts = Counter(key)
    return -sum(n / len(key) * math.log2(n / len(key)) for n in counts.values()) if key else 0.0


def repeats_a_pattern(key: str) -> bool:
    """Whether `key` is a shorter string over and over (``"abcde" * 10``)."""
    return any(
        key == (key[:period] * (len(key) // period + 1))[: len(key)]
        for period in range(1, len(key) // 2 + 1)
    )


def secret_key_weaknesses(key: str) -> list[str]:
    """Why `key` is too weak, one reason each; empty for a good key."""
    reasons = []
    if len(key) < MIN_LENGTH:
        reasons.append(f"it has {len(key)} characters, fewer than {MIN_LENGTH}")
    if len(set(key)) < MIN_DISTINCT:
        reasons.append(f"it uses {len(set(key))} distinct characters, fewer than {MIN_DISTINCT}")
    bits = shannon_bits_per_character(key)
    if bits < MIN_BITS_PER_CHARACTER:
        reasons.append(f"it carries {bits:.1f} bits a character, under {MIN_BITS_PER_CHARACTER}")
    if key and repeats_a_pattern(key):
        reasons.append("it repeats a shorter pattern")
    return reasons
