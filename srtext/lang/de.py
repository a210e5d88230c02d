"""German: the words srtext's line tests and sentence splitter know, as plain data."""

from __future__ import annotations

CODE = "de"

FUNCTION_WORDS = frozenset(
    """
und oder aber wenn dann also als an auf aus bei bis durch für gegen in im ist sind war wird werden
hat haben mit nach nicht nur ob ohne so über um unter von vor wie wo zu zum zur der die das den dem
des ein eine einen einem einer eines es sich sei seien dass daß alle jede jeder für gilt folgt
""".split()
)
DANGLING_WORDS = frozenset(
    """
der die das den dem des ein eine einen einem einer und oder aber mit von zu zum zur für auf aus bei
nach über unter durch gegen ohne um dass
""".split()
)
SUSPENSION_WORDS = frozenset(["und", "oder", "bzw", "sowie"])

#: A theorem-like statement's run-in label, before its number and a full stop ("Theorem 2.1.").
THEOREM_LABELS = (
    "Satz",
    "Lemma",
    "Korollar",
    "Folgerung",
    "Definition",
    "Bemerkung",
    "Beispiel",
    "Beweis",
    "Vermutung",
)
CAPTION_LABELS = ("Abbildung", "Abb.", "Tabelle", "Tab.")
CHAPTER_WORDS = ("Kapitel", "Teil")
SECTION_WORDS = ("Anhang",)
PAGE_WORDS = ("seite", "s.")
PAGE_OF_WORDS = ("von",)
REFERENCE_HEADINGS = ("Literatur", "Literaturverzeichnis", "Quellen")
ABSTRACT_WORDS = ("Zusammenfassung",)
KEYWORD_WORDS = ("Schlüsselwörter",)
INTRODUCTION_WORDS = ("Einleitung", "Einführung")

#: Words of a title (in an all-capitals title too), never of a list of authors.
TITLE_WORDS = frozenset(["über", "für"])
#: Words between authors' names, and particles of names ("van der", "de la").
NAME_CONNECTORS = frozenset(["und", "von", "der"])

ABBREVIATIONS = frozenset(
    "z.b bzw ca dr prof nr vgl evtl ggf inkl bspw d.h u.a z.t abb tab hr fr st jh mio mrd "
    "sog u.ä s.o s.u o.ä i.a a.a.o hrsg bd jan feb febr aug sept okt nov dez zit gem "
    "ff s str tel".split()
)
FINAL_ABBREVIATIONS = frozenset(["usw", "u.s.w", "u.ä", "o.ä"])
#: After a number these end a sentence ("im 19. Jh. Dann ...").
FINAL_AFTER_NUMBER = frozenset(["j", "jh", "jhs"])
#: Month names, before which "3." is an ordinal ("am 3. Oktober").
MONTHS = frozenset(
    "januar februar märz april mai juni juli august september oktober november dezember jänner feber".split()
)
