"""Italian: the words srtext's line tests know, as plain data (no sentence lists yet)."""

from __future__ import annotations

CODE = "it"

FUNCTION_WORDS = frozenset(
    """
e ed o ma se allora dunque che chi cui dove il lo la gli le un uno una dei delle degli del della
nel nella con senza per su tra fra è sono sia essere ha hanno si non tutti tutte ogni
""".split()
)
DANGLING_WORDS = frozenset("il lo gli uno una dei delle degli della nella con senza per tra fra".split())
SUSPENSION_WORDS = frozenset(["e", "o"])

#: A theorem-like statement's run-in label, before its number and a full stop ("Theorem 2.1.").
THEOREM_LABELS = (
    "Teorema",
    "Lemma",
    "Proposizione",
    "Corollario",
    "Definizione",
    "Osservazione",
    "Esempio",
    "Dimostrazione",
)
CAPTION_LABELS = ("Figura", "Tabella")
CHAPTER_WORDS = ("Capitolo",)
PAGE_WORDS = ("pag.", "pagina")
PAGE_OF_AFTER_WORD = ("di",)
REFERENCE_HEADINGS = ("Bibliografia", "Riferimenti")
#: Words between authors' names, and particles of names ("van der", "de la").
NAME_CONNECTORS = frozenset(["di", "da", "del"])
