"""Chinese (and Japanese's shared forms): labels, page and chapter numbers, as plain data.

Chinese numbers its chapters and pages with the number between two characters
("第2章", "第 3 页"), so its forms are patterns, not words.  The CJK character
class itself is :data:`srtext.lang.CJK_CHAR`.
"""

from __future__ import annotations

CODE = "zh"
ALSO = ("ja",)

_NUMERAL = "[一二三四五六七八九十]"
_NUMBER = r"[\d一二三四五六七八九十百]+"

#: Labels written with no space before their number ("图 1：", "表2.").
CAPTION_CHARS = "图表圖"
#: A chapter's or part's label alone ("第2章").
CHAPTER_PATTERNS = (rf"第\s*{_NUMBER}\s*[章部]",)
#: A numbered heading's start: a chapter, section or part, or a list's numeral ("二、", "（三）").
SECTION_PATTERNS = (rf"第\s*{_NUMBER}\s*[章节部]", rf"{_NUMERAL}+、", rf"（{_NUMERAL}+）")
#: A page number of its own form ("第 2 页", "第1页共3页").
PAGE_PATTERNS = (r"第\s*\d{1,4}\s*页(?:\s*[,，]?\s*共\s*\d{1,4}\s*页)?",)
PAGE_WORDS = ("第",)
PAGE_SUFFIXES = ("页",)
PAGE_OF_AFTER_WORD = ("页",)
REFERENCE_HEADINGS = ("参考文献", "參考文獻")
ABSTRACT_WORDS = ("摘要",)
KEYWORD_WORDS = ("关键词", "關鍵詞")
INTRODUCTION_WORDS = ("引言", "前言")

#: The CJK full stops end a sentence whatever follows: no abbreviations.
ABBREVIATIONS: frozenset[str] = frozenset()
#: A theorem-like statement's run-in label, before its number and a full stop ("Theorem 2.1.").
THEOREM_LABELS = ("定理", "引理", "命题", "推论", "定义", "注", "例", "证明", "猜想")
