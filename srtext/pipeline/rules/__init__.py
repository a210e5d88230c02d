"""The decisions for a line of running text, as named rules asked in a visible order.

:func:`decide` asks the rules of :data:`RULES` in order; the first that answers
decides the line with a verb and a reason, and its name goes into
``Decision.rule`` and the ``rule`` column of ``--explain``.  The engine makes no
decision of its own.  A rule sees a :class:`Ctx`: the line, the next unmarked
non-empty line, the open paragraph and the last numbered heading's number.
Each rule's docstring says why it exists; ``tests/cases/`` holds a case for each
(``tests/test_rules.py`` checks that every rule fires in at least one).

Verbs: ``drop`` (debris); ``drop-end`` (debris, but its sentence ended there);
``alone`` (debris that holds words, kept as a paragraph of its own in its place),
``apart`` and ``apart-end`` (the same inside a sentence: set apart from it);
``drop-interruption`` (a footnote or page element inside a running sentence);
``join``; ``start`` (a body paragraph); ``start-heading``.
"""

from __future__ import annotations

from srtext.pipeline.events import Reason
from srtext.pipeline.rules import geometry
from srtext.pipeline.rules.any_line import (
    after_a_term,
    after_contents_entry,
    alert_label,
    aside_left_open,
    bullet_on_its_own_line,
    dash_item,
    enumerated_item,
    inline_piece,
    item_ends_at_blank,
    item_goes_on,
    letter_bullet,
    list_item,
    piece_of_a_split_line,
    term_item,
    theorem_label,
    title_after_its_number,
    word_of_a_loose_line,
    word_of_a_stacked_title,
)
from srtext.pipeline.rules.context import Ctx, Rule
from srtext.pipeline.rules.geometry import (
    body_type_under_heading,
    drawn_bullet,
    gap_after_item,
    gap_before_line,
    goes_on_below_a_split_row,
    indented_after_full_line,
    larger_type,
    number_on_its_titles_row,
    on_the_same_line,
    other_type_over_a_break,
    weighed_on_the_page,
    word_fitted_on_the_page,
)
from srtext.pipeline.rules.guards import (
    AFTER_DEBRIS,
    BLANK,
    FINISHED,
    FIRST_BRACKET,
    FIRST_BULLET,
    FIRST_DASH,
    FIRST_DIGIT,
    FIRST_ISSUE,
    FIRST_LABEL,
    FIRST_LONE_BULLET,
    FIRST_LOWER,
    FIRST_NUMERAL,
    FIRST_REFERENCES,
    FIRST_SQUARE,
    FIRST_THEOREM,
    FIRST_VERSION,
    GEOMETRY,
    IN_BODY,
    IN_HEADING,
    IN_ITEM,
    IN_REFERENCES,
    IN_SQUARE,
    KEPT,
    LINES,
    LOOSE,
    LOWER,
    NEXT,
    ONE_LINE,
    OPEN,
    PAGE_BREAK,
    PREV_FINISHED,
    PREV_SHORT,
    PREV_UNFINISHED,
    SECOND_SPACE,
    SHORT,
    UNFINISHED,
    Guard,
    facts,
    guarded,
    when,
)
from srtext.pipeline.rules.long_lines import (
    body_after_display,
    body_after_heading,
    body_after_short_line,
    body_mid_sentence,
    body_outside_paragraph,
    indented_after_finished_line,
    long_heading,
    numbered_heading_line,
    sentence_then_blank_line,
    weighed_boundary,
    word_would_have_fitted,
)
from srtext.pipeline.rules.short_lines import (
    author_with_orcid,
    bare_number_before_title,
    block_after_a_colon,
    bracket_closed_below,
    date_alone,
    debris,
    early_break_between_short_lines,
    figure_label,
    function_word_alone,
    indented_first_line,
    interruption,
    issue_references,
    lead_in,
    note_label_alone,
    number_before_title,
    numbered_exercise,
    numbered_short_title,
    references_heading,
    release_heading,
    report_number,
    run_in_heading,
    sentence_ends_below,
    short_after_body_line,
    short_after_display,
    short_after_heading,
    short_after_short_line,
    short_mid_sentence,
    short_outside_paragraph,
    split_printed_line,
    tail_of_a_numbered_heading,
    tail_of_a_sentence,
    term_over_its_text,
    title_between_sentences,
    under_a_nearly_full_line,
    word_in_a_loose_line,
    word_of_a_column,
    words_in_debris,
)

#: The rules in the order they are asked; the first that answers decides.  Those
#: for any line come first, then those for a short line (one of them always answers)
#: or those for a full or long one.
#:
#: Most neighbours answer for different lines and could trade places; these pairs
#: answer for some lines alike, and the first of each must come first (each has a
#: case file that fails when the two are swapped: tests/test_order.py):
#:
#: * indented_after_full_line before weighed_on_the_page: an indent under a full
#:   line that ended a sentence starts a paragraph whatever the weighing says (the
#:   rules that read the page plainly come before the page's soft evidence weighed);
#: * word_fitted_on_the_page before weighed_on_the_page: a line whose first word
#:   would have fitted on the line above, both in a list set in from the page's
#:   edge, starts an item whatever the weighing says (the trees were fitted where
#:   bullets are text; a browser draws them as shapes);
#: * word_of_a_stacked_title before word_of_a_loose_line: a title's words stacked
#:   one a block are marked loose too, so that their rule is asked, but make a
#:   heading, not a paragraph's words;
#: * piece_of_a_split_line before word_of_a_stacked_title and word_of_a_loose_line:
#:   the pieces of a printed line cut at its gaps are marked loose too (the guard),
#:   but the first piece starts a paragraph where no sentence is open above,
#:   instead of joining it (stacked words are no pieces: that swap changes nothing);
#: * gap_after_item before item_goes_on: a line below a gap ends the item,
#:   though the item's last line stopped near the margin;
#: * body_type_under_heading before body_after_heading: a full line in the body's
#:   type under a numbered heading in larger type starts a paragraph, though text
#:   alone takes a lower-case line there for the heading's wrapped second line;
#: * word_in_a_loose_line, then function_word_alone, before debris: a word of a
#:   loose line (one word a line), or a function word alone inside a sentence, is
#:   text, though a short line with little prose looks like debris;
#: * numbered_exercise, author_with_orcid and bracket_closed_below come before
#:   debris too (an exercise, an author's line, a bracket's last words look like
#:   debris; each rule asks for it), but function_word_alone stands between;
#: * words_in_debris before debris: a line of debris that holds words (code, a
#:   table's row) is kept apart, not dropped; it asks for debris itself;
#: * debris before interruption: debris inside a running sentence is still debris
#:   (counted as such: the next line after it starts anew), not a page element;
#: * figure_label before short_after_display: a figure's labels over its caption
#:   are the figure's, not text after a display;
#: * indented_first_line before short_outside_paragraph: a paragraph's indented
#:   first line counts as full, so the next line goes on from it;
#: * early_break_between_short_lines before the page's rules (gap_before_line to
#:   weighed_on_the_page) and short_after_heading: a short line under a short line that
#:   had room for its first word twice over, in a list set in from the column's text,
#:   starts an item whatever the weighing says (its trees were fitted where bullets are
#:   text), and a line in lower case whose first word had room twice over on a heading's
#:   one line is the first of the items under it, not the heading's wrapped words.  With
#:   geometry, against the rule after the weighing: weasy-bare NL- 6.08 -> 5.35%, real
#:   corpus validation 1.16 -> 1.13%; LaTeX tuning NL+ 11.78 -> 11.96% (pseudocode's
#:   lines, which TeX's truth runs together), validation 15.28 -> 15.32%;
#: * short_after_heading before short_after_body_line: a short finished line under
#:   a full-width heading starts a paragraph, it does not end the heading;
#: * title_between_sentences before short_after_body_line: a title-like line
#:   between two sentences is a heading, not the paragraph's last line;
#: * short_after_body_line before short_after_short_line: after a full line, a
#:   short line ends the paragraph; only after a short line is it a heading's;
#: * body_mid_sentence before body_after_short_line: a sentence that goes on over
#:   a short line (a line ending on "the") is not a new paragraph;
#: * for a full or long line, the page's rules and its weighing (gap_before_line to
#:   weighed_on_the_page) before body_mid_sentence and body_after_short_line: a line
#:   short in characters may fill its column on the page (justified type, wide
#:   letters), and a lower-case line may stand below a gap.  Where the page is known
#:   it decides first; when its weighing says a paragraph starts, those two say what
#:   starts (case geometry-sentence-ends-on-a-full-row; without geometry the order is
#:   the text's alone).  Every 4th real document with geometry, against the text's
#:   rules first: NL- 5.9 -> 5.1% tuning, 8.2 -> 8.1% validation, NL+ and broken
#:   down in both, but validation headings whole 92.7 -> 92.2% and, in one validation
#:   family (Chromium's Debian Reference), NL- 15.8 -> 17.5%.  Asking the weighing
#:   only below a line that filled its column did worse on both splits.  The same
#:   move for short_after_display and body_after_display cost more missed breaks
#:   than it saved on the real corpus's tuning families;
#: * sentence_then_blank_line before weighed_boundary: a finished line, a blank
#:   and a capital start a paragraph whatever the weighing says.
ANY_LINE_RULES: tuple[Rule, ...] = (
    after_contents_entry,
    bullet_on_its_own_line,
    list_item,
    drawn_bullet,
    enumerated_item,
    letter_bullet,
    dash_item,
    term_item,
    piece_of_a_split_line,
    word_of_a_stacked_title,
    word_of_a_loose_line,
    alert_label,
    gap_after_item,
    item_goes_on,
    item_ends_at_blank,
    aside_left_open,
    theorem_label,
    title_after_its_number,
    number_on_its_titles_row,
    after_a_term,
    inline_piece,
    larger_type,
)
SHORT_LINE_RULES: tuple[Rule, ...] = (
    run_in_heading,
    number_before_title,
    bare_number_before_title,
    references_heading,
    report_number,
    lead_in,
    short_mid_sentence,
    on_the_same_line,
    split_printed_line,
    release_heading,
    sentence_ends_below,
    issue_references,
    tail_of_a_sentence,
    date_alone,
    note_label_alone,
    numbered_short_title,
    tail_of_a_numbered_heading,
    word_of_a_column,
    word_in_a_loose_line,
    numbered_exercise,
    author_with_orcid,
    bracket_closed_below,
    term_over_its_text,
    function_word_alone,
    words_in_debris,
    debris,
    interruption,
    figure_label,
    short_after_display,
    indented_first_line,
    short_outside_paragraph,
    early_break_between_short_lines,
    gap_before_line,
    other_type_over_a_break,
    indented_after_full_line,
    body_type_under_heading,
    word_fitted_on_the_page,
    weighed_on_the_page,
    under_a_nearly_full_line,
    block_after_a_colon,
    short_after_heading,
    title_between_sentences,
    short_after_body_line,
    short_after_short_line,
)
LONG_LINE_RULES: tuple[Rule, ...] = (
    numbered_heading_line,
    long_heading,
    body_outside_paragraph,
    body_type_under_heading,
    body_after_heading,
    body_after_display,
    goes_on_below_a_split_row,
    gap_before_line,
    other_type_over_a_break,
    word_fitted_on_the_page,
    indented_after_full_line,
    weighed_on_the_page,
    under_a_nearly_full_line,
    block_after_a_colon,
    body_mid_sentence,
    body_after_short_line,
    indented_after_finished_line,
    word_would_have_fitted,
    sentence_then_blank_line,
    weighed_boundary,
)
RULES: tuple[Rule, ...] = ANY_LINE_RULES + SHORT_LINE_RULES + LONG_LINE_RULES
_BY_BAND = (ANY_LINE_RULES + SHORT_LINE_RULES, ANY_LINE_RULES + LONG_LINE_RULES)
#: The rules that read a line's place on the page (:mod:`srtext.pipeline.rules.geometry`):
#: they answer nothing for a line without one, so a line of text alone is not asked them.
GEOMETRY_RULES = frozenset(r for r in RULES if r.__module__ == geometry.__name__)


def text_only(by_band: tuple[tuple[Rule, ...], ...]) -> tuple[tuple[Rule, ...], ...]:
    """The tables without :data:`GEOMETRY_RULES`, for the lines that have no place on a page."""
    return tuple(tuple(r for r in rules if r not in GEOMETRY_RULES) for rules in by_band)


_BY_BAND_TEXT = text_only(_BY_BAND)


# What weighed_on_the_page asks when the page says a paragraph starts: the rules after it.
geometry.AFTER_THE_PAGE[:] = [rules[rules.index(weighed_on_the_page) + 1 :] for rules in _BY_BAND]


#: Each rule's first tests, over the line's facts (:mod:`srtext.pipeline.rules.guards`): where a
#: rule's guard fails, the rule answers nothing and is not asked.  A rule not named here is always
#: asked.  ``tests/test_guards.py`` asks the rules whose guards fail and finds no answer.
#: ``when(need, bar, some)``: all the facts ``need``, none of ``bar``, one of ``some`` at least;
#: ``+`` between two: either.  A paragraph that runs on (``Open.running``) is a body's or a
#: reference list's whose last line is unfinished and not short.
GUARDS: dict[Rule, Guard] = {
    # any line
    after_contents_entry: when(OPEN),
    item_ends_at_blank: when(IN_BODY | BLANK, bar=SHORT),
    word_of_a_stacked_title: when(LOOSE),  # a stacked title's words are marked loose too
    word_of_a_loose_line: when(LOOSE | OPEN),
    piece_of_a_split_line: when(LOOSE),
    note_label_alone: when(SHORT | NEXT | FIRST_SQUARE),
    alert_label: when(FIRST_SQUARE) + when(ONE_LINE | IN_SQUARE, bar=BLANK | PAGE_BREAK),
    bullet_on_its_own_line: (  # the item's text under its bullet; a bullet or a label alone
        when(IN_BODY | ONE_LINE | IN_ITEM, bar=BLANK)
        + when(FIRST_LONE_BULLET | NEXT)
        + when(FIRST_LABEL | NEXT)
    ),
    list_item: when(FIRST_BULLET),
    enumerated_item: when(OPEN | FIRST_LABEL, bar=IN_HEADING, some=FIRST_BRACKET | FIRST_DIGIT | FIRST_LOWER),
    letter_bullet: when(SECOND_SPACE),
    dash_item: when(OPEN | FIRST_DASH, bar=IN_HEADING),
    item_goes_on: when(IN_BODY | IN_ITEM | PREV_UNFINISHED, bar=BLANK | PAGE_BREAK),
    aside_left_open: when(OPEN, bar=BLANK | PAGE_BREAK | AFTER_DEBRIS),
    theorem_label: when(FIRST_THEOREM),
    title_after_its_number: when(IN_HEADING | ONE_LINE),
    after_a_term: when(PREV_FINISHED | FIRST_LOWER) + when(ONE_LINE | BLANK, bar=AFTER_DEBRIS),
    inline_piece: when(IN_BODY, some=LINES | AFTER_DEBRIS),
    # short lines
    run_in_heading: when(FIRST_NUMERAL),
    references_heading: when(FIRST_REFERENCES),
    number_before_title: (
        when(NEXT, bar=OPEN)  # nothing open, a heading, or a body paragraph that does not run on
        + when(NEXT | IN_HEADING)
        + when(NEXT | IN_BODY | PREV_SHORT)
        + when(NEXT | IN_BODY, bar=PREV_UNFINISHED)
    ),
    bare_number_before_title: when(NEXT | FIRST_DIGIT),
    lead_in: when(LOWER | OPEN | NEXT),
    short_mid_sentence: when(bar=AFTER_DEBRIS, some=IN_BODY | IN_REFERENCES),
    split_printed_line: when(IN_BODY | PREV_SHORT | LINES, bar=AFTER_DEBRIS | BLANK | PAGE_BREAK),
    release_heading: when(FIRST_VERSION),
    sentence_ends_below: when(  # running on
        LOWER | FINISHED | PREV_UNFINISHED,
        bar=PREV_SHORT | AFTER_DEBRIS | BLANK | PAGE_BREAK,
        some=IN_BODY | IN_REFERENCES,
    ),
    issue_references: when(IN_BODY | FIRST_ISSUE, bar=BLANK),
    tail_of_a_sentence: when(  # running on, or under a nearly full line
        IN_BODY | PREV_UNFINISHED, bar=AFTER_DEBRIS | BLANK | PAGE_BREAK
    ),
    numbered_short_title: (  # not running on
        when(FIRST_DIGIT, bar=IN_BODY | IN_REFERENCES)
        + when(FIRST_DIGIT | PREV_SHORT)
        + when(FIRST_DIGIT, bar=PREV_UNFINISHED)
    ),
    word_in_a_loose_line: when(IN_BODY | PREV_UNFINISHED | NEXT),
    numbered_exercise: when(FIRST_DIGIT),
    bracket_closed_below: when(  # running on
        PREV_UNFINISHED, bar=PREV_SHORT | AFTER_DEBRIS | BLANK | PAGE_BREAK, some=IN_BODY | IN_REFERENCES
    ),
    term_over_its_text: when(NEXT, some=BLANK | PAGE_BREAK),
    function_word_alone: when(UNFINISHED | NEXT),
    interruption: when(PREV_UNFINISHED | NEXT, bar=PREV_SHORT | LOWER, some=IN_BODY | IN_REFERENCES),
    figure_label: (  # not running on
        when(UNFINISHED | NEXT, bar=LOWER | IN_BODY | IN_REFERENCES)
        + when(UNFINISHED | NEXT | PREV_SHORT, bar=LOWER)
        + when(UNFINISHED | NEXT, bar=LOWER | PREV_UNFINISHED)
    ),
    short_after_display: when(IN_BODY | AFTER_DEBRIS),
    indented_first_line: when(NEXT, bar=LOWER | OPEN)
    + when(NEXT, bar=LOWER, some=IN_HEADING | PREV_FINISHED | PREV_SHORT),
    short_outside_paragraph: when(bar=OPEN),
    short_after_heading: when(IN_HEADING),
    title_between_sentences: when(IN_BODY | UNFINISHED | NEXT, bar=LOWER),
    short_after_body_line: when(OPEN, bar=PREV_SHORT),
    under_a_nearly_full_line: when(
        IN_BODY | PREV_UNFINISHED | PREV_SHORT, bar=LOWER | BLANK | PAGE_BREAK | AFTER_DEBRIS
    ),
    short_after_short_line: when(OPEN),
    block_after_a_colon: when(PREV_UNFINISHED | SHORT, bar=AFTER_DEBRIS, some=IN_BODY | IN_HEADING)
    + when(PREV_UNFINISHED | PREV_SHORT, bar=AFTER_DEBRIS, some=IN_BODY | IN_HEADING),
    # full and long lines
    numbered_heading_line: when(UNFINISHED | NEXT, bar=OPEN)
    + when(UNFINISHED | NEXT, some=IN_HEADING | PREV_FINISHED),
    long_heading: (
        when(UNFINISHED | NEXT, bar=LOWER | OPEN, some=BLANK | PAGE_BREAK)
        + when(UNFINISHED | NEXT | BLANK, bar=LOWER, some=IN_HEADING | PREV_FINISHED)
        + when(UNFINISHED | NEXT | PAGE_BREAK, bar=LOWER, some=IN_HEADING | PREV_FINISHED)
    ),
    body_outside_paragraph: when(bar=OPEN),
    body_after_heading: when(IN_HEADING),
    body_after_display: when(IN_BODY | AFTER_DEBRIS),
    body_mid_sentence: when(bar=AFTER_DEBRIS, some=IN_BODY | IN_REFERENCES),
    body_after_short_line: when(OPEN | PREV_SHORT),
    indented_after_finished_line: when(PREV_FINISHED, bar=LOWER),
    word_would_have_fitted: when(PREV_FINISHED, bar=LOWER),
    sentence_then_blank_line: when(BLANK | PREV_FINISHED, bar=LOWER | AFTER_DEBRIS | PAGE_BREAK),
    weighed_boundary: when(OPEN),
}

#: The rules a line is asked, for each set of facts met so far, and the tables they were made from.
_ASKED: dict[int, tuple[Rule, ...]] = {}
_ASKED_FROM: list[object] = [None, None]


def _asked(f: int) -> tuple[Rule, ...]:
    """The rules asked of a line with the facts ``f``: its band's table, guarded."""
    if _ASKED_FROM[0] is not _BY_BAND or _ASKED_FROM[1] is not _BY_BAND_TEXT:  # the tables changed
        _ASKED.clear()
        _ASKED_FROM[:] = [_BY_BAND, _BY_BAND_TEXT]
    rules = guarded((_BY_BAND if f & GEOMETRY else _BY_BAND_TEXT)[0 if f & SHORT else 1], GUARDS, f)
    if len(_ASKED) < KEPT:  # a bound on memory
        _ASKED[f] = rules
    return rules


def decide(c: Ctx) -> tuple[str, str | Reason, str]:
    """The verb, the reason and the rule's name for a line of running text.

    The rules of the line's band, in order, but for those whose guard its facts fail.
    """
    f = facts(c)
    rules = _ASKED.get(f) if _ASKED_FROM[0] is _BY_BAND and _ASKED_FROM[1] is _BY_BAND_TEXT else None
    for rule in rules if rules is not None else _asked(f):
        verdict = rule(c)
        if verdict is not None:
            return verdict[0], verdict[1], rule.__name__
    raise AssertionError("the last rule always answers")  # pragma: no cover
