"""English: the words srtext's line tests and sentence splitter know, as plain data.

Every name here is optional in a language module; :mod:`srtext.lang` unions
each over all languages (see its docstring for what each one means).
"""

from __future__ import annotations

CODE = "en"

FUNCTION_WORDS = frozenset(
    """
a an the and or but nor if then so as at by for from in into of on onto to with without within
is are was were be been being has have had do does did can could may might must shall should will would
this that these those it its we our us they their them he she his her which who whom whose where when
while not no all any each every some such than thus hence since because although though whether also
only there here what how why both either neither other one ones let see use using via per
suppose assume write consider define denote note recall proof then now therefore
""".split()
)
# Prepositions that also end phrasal verbs ("on", "up", "over") are left out.
DANGLING_WORDS = frozenset(
    "a an the and or nor but of to in with from by for at into onto than via whose".split()
)
SUSPENSION_WORDS = frozenset(["and", "or", "nor"])

#: A theorem-like statement's run-in label, before its number and a full stop ("Theorem 2.1.").
THEOREM_LABELS = (
    "Theorem",
    "Lemma",
    "Proposition",
    "Corollary",
    "Definition",
    "Remark",
    "Example",
    "Proof",
    "Conjecture",
    "Claim",
    "Assumption",
    "Hypothesis",
    "Observation",
)
CAPTION_LABELS = (
    "Figure", "Fig.", "Table", "Tab.", "Algorithm", "Listing", "Scheme", "Chart", "Plate", "Exhibit",
)  # fmt: skip
#: Labels written without their dot, taken only with a number and a colon or dot after it ("Fig 2:").
CAPTION_SHORT_LABELS = ("Fig", "Tab")
CHAPTER_WORDS = ("Chapter", "Part")
SECTION_WORDS = ("Section", "Appendix")
PAGE_WORDS = ("page", "p.")
PAGE_OF_WORDS = ("of",)
REFERENCE_HEADINGS = ("References", "Reference", "Bibliography", "Literature cited", "Works cited")
ABSTRACT_WORDS = ("Abstract", "Summary")
KEYWORD_WORDS = (
    "PACS", "Keyword", "Keywords", "Key words", "Index terms", "MSC", "AMS subject",
    "Mathematics Subject", "Subject classification", "JEL",
)  # fmt: skip
INTRODUCTION_WORDS = ("Introduction", "Preamble")

#: Words of a title (in an all-capitals title too), never of a list of authors.
TITLE_WORDS = frozenset("of the for in on with to a an at by from into via towards".split())
#: Words between authors' names, and particles of names ("van der", "de la").
NAME_CONNECTORS = frozenset(["and"])

ABBREVIATIONS = frozenset(
    "mr mrs ms dr prof sr jr st mt vs cf al fig figs eq eqs no nos vol vols pp ch sec secs "
    "approx dept univ inc ltd co corp jan feb mar apr jun jul aug sep sept oct nov dec "
    "ca resp e.g i.e a.m p.m ref refs ed eds rev gen col lt capt sgt gov rep sen assoc est thm def "
    "lem prop cor tab app".split()
)
FINAL_ABBREVIATIONS = frozenset(["etc"])
