"""Spanish: the words srtext's line tests know, as plain data (no sentence lists yet)."""

from __future__ import annotations

CODE = "es"

FUNCTION_WORDS = frozenset(
    """
y o pero si entonces pues que quien cual donde el la los las un una unos unas del al en con sin por
para sobre entre es son sea fue ser hay se su sus este esta estos estas todo todos toda todas no
""".split()
)
# "y" is left out: a formula's name more often than not.
DANGLING_WORDS = frozenset("el los las unos unas del al con sin por para entre".split())
SUSPENSION_WORDS = frozenset(["y", "o"])

#: A theorem-like statement's run-in label, before its number and a full stop ("Theorem 2.1.").
THEOREM_LABELS = (
    "Teorema",
    "Lema",
    "Proposición",
    "Corolario",
    "Definición",
    "Observación",
    "Ejemplo",
    "Demostración",
)
CAPTION_LABELS = ("Figura", "Fig.", "Tabla")
CHAPTER_WORDS = ("Capítulo",)
PAGE_WORDS = ("página",)
#: "de" joins numbers in dates and measures too: only after a page word ("Página 3 de 10").
PAGE_OF_AFTER_WORD = ("de",)
REFERENCE_HEADINGS = ("Referencias", "Bibliografía")
#: Words between authors' names, and particles of names ("van der", "de la").
NAME_CONNECTORS = frozenset(["y", "de", "del"])
