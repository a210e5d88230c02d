"""Dutch: the words srtext's line tests know, as plain data (no sentence lists yet)."""

from __future__ import annotations

CODE = "nl"

FUNCTION_WORDS = frozenset(
    """
en of maar als dan dus dat die wie wat waar de het een van voor met zonder op aan uit bij naar
over onder tussen is zijn was wordt worden heeft hebben niet geen alle elke er
""".split()
)
SUSPENSION_WORDS = frozenset(["en", "of"])
#: Words between authors' names, and particles of names ("van der", "de la").
NAME_CONNECTORS = frozenset(["van", "der", "den"])
PAGE_WORDS = ("pagina", "blz.")
PAGE_OF_AFTER_WORD = ("van",)
