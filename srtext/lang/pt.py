"""Portuguese: the words srtext's line tests know, as plain data (no sentence lists yet)."""

from __future__ import annotations

CODE = "pt"

FUNCTION_WORDS = frozenset(
    """
e ou mas se então que quem onde o os as um uma uns umas do da dos das no na nos nas em com sem por
para sobre entre é são seja ser há não todo todos toda todas cada
""".split()
)
SUSPENSION_WORDS = frozenset(["e", "ou"])

#: A theorem-like statement's run-in label, before its number and a full stop ("Theorem 2.1.").
THEOREM_LABELS = (
    "Teorema",
    "Lema",
    "Proposição",
    "Corolário",
    "Definição",
    "Observação",
    "Exemplo",
    "Demonstração",
)
CAPTION_LABELS = ("Figura", "Tabela")
PAGE_WORDS = ("página",)
PAGE_OF_AFTER_WORD = ("de",)
#: Words between authors' names, and particles of names ("van der", "de la").
NAME_CONNECTORS = frozenset(["de", "da"])
