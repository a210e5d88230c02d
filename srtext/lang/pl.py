"""Polish: the words srtext's line tests know, as plain data (no sentence lists yet)."""

from __future__ import annotations

CODE = "pl"

FUNCTION_WORDS = frozenset(
    """
i lub ale jeśli to że jak gdzie kiedy w we na o od do za z ze bez po przy przez dla jest są był
była było być nie się wszystkie każdy ten ta te
""".split()
)
CAPTION_LABELS = ("Rysunek", "Rys.", "Tabela")
REFERENCE_HEADINGS = ("Literatura",)
PAGE_WORDS = ("strona", "str.")
PAGE_OF_AFTER_WORD = ("z",)
