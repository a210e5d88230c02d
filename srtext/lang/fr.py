"""French: the words srtext's line tests and sentence splitter know, as plain data.

French sets a space before ``; : ! ?`` and inside guillemets (« ... »); the
sentence splitter takes a closing guillemet after a space as the sentence's.
"""

from __future__ import annotations

CODE = "fr"

FUNCTION_WORDS = frozenset(
    """
et ou mais si alors donc car que qui quoi dont où le la les un une des du de au aux en dans par pour
sur sous avec sans est sont soit était être a ont il elle ils elles on nous vous ce cette ces tout
tous toute toutes pas ne se sa son ses leur
""".split()
)
DANGLING_WORDS = frozenset(
    "le la les un une des du de au aux et ou mais dans par pour sur sous avec sans à en que qui".split()
)
SUSPENSION_WORDS = frozenset(["et", "ou"])

#: A theorem-like statement's run-in label, before its number and a full stop ("Theorem 2.1.").
THEOREM_LABELS = (
    "Théorème",
    "Lemme",
    "Proposition",
    "Corollaire",
    "Définition",
    "Remarque",
    "Exemple",
    "Preuve",
    "Démonstration",
    "Conjecture",
)
CAPTION_LABELS = ("Figure", "Fig.", "Tableau")
CHAPTER_WORDS = ("Chapitre", "Partie")
SECTION_WORDS = ("Annexe",)
PAGE_WORDS = ("page", "p.")
PAGE_OF_AFTER_WORD = ("de", "sur")
REFERENCE_HEADINGS = ("Références", "Bibliographie")
ABSTRACT_WORDS = ("Résumé",)
KEYWORD_WORDS = ("Mots-clés", "Mots clés")
INTRODUCTION_WORDS = ("Introduction",)

#: Words between authors' names, and particles of names ("van der", "de la").
NAME_CONNECTORS = frozenset(["et", "de", "la", "le"])

ABBREVIATIONS = frozenset(
    "mm mme mmes mlle mlles mgr me dr pr st ste cf env av apr ex p.ex c.-à-d vol chap fig éd coll "
    "art p pp réf sq sqq".split()
)
FINAL_ABBREVIATIONS = frozenset(["etc"])
