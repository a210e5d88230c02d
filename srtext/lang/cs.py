"""Czech: the words srtext's line tests know, as plain data (no sentence lists yet)."""

from __future__ import annotations

CODE = "cs"

FUNCTION_WORDS = frozenset(
    """
a nebo ale jestli pak že jak kde když v ve na o od do za s se bez po při přes pro je jsou byl
byla bylo být není všechny každý ten ta to
""".split()
)
SUSPENSION_WORDS = frozenset(["a"])

CAPTION_LABELS = ("Tabulka", "Obrázek", "Obr.")
PAGE_WORDS = ("strana", "str.")
PAGE_OF_AFTER_WORD = ("z",)
