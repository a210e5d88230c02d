"""Russian: the words srtext's line tests and sentence splitter know, as plain data.

The sentence splitter's lists serve ``uk`` and ``bg`` too.
"""

from __future__ import annotations

CODE = "ru"
ALSO = ("uk", "bg")

FUNCTION_WORDS = frozenset(
    """
и или но а если то что как где когда в во на о об от до за с со без по при через из к ко для
это этот эта эти тот та те все всех каждый есть был была было быть не ни же ли так также
""".split()
)
DANGLING_WORDS = frozenset("и или но в во на о об от до за с со без по при через из к ко для у".split())
SUSPENSION_WORDS = frozenset(["и", "или", "ни"])

#: A theorem-like statement's run-in label, before its number and a full stop ("Theorem 2.1.").
THEOREM_LABELS = (
    "Теорема",
    "Лемма",
    "Предложение",
    "Следствие",
    "Определение",
    "Замечание",
    "Пример",
    "Доказательство",
    "Гипотеза",
)
CAPTION_LABELS = ("Рисунок", "Рис.", "Таблица", "Табл.")
CHAPTER_WORDS = ("Глава", "Часть")
SECTION_WORDS = ("Раздел",)
PAGE_WORDS = ("стр.", "страница", "с.")
PAGE_OF_WORDS = ("из",)
REFERENCE_HEADINGS = ("Литература", "Список литературы", "Библиография")
ABSTRACT_WORDS = ("Аннотация",)
KEYWORD_WORDS = ("Ключевые слова",)
INTRODUCTION_WORDS = ("Введение",)

#: Words between authors' names, and particles of names ("van der", "de la").
NAME_CONNECTORS = frozenset(["и"])

ABBREVIATIONS = frozenset(
    "т.е т.к т.н т.о др пр см рис табл стр гг г им проф ул напр доц акад изд "
    "акад ин-т н.э гл ч руб коп тыс млн млрд англ лат нем франц см.также".split()
)
#: "и т. д.", "и т. п.", "и др.": the last two words, with a dot between them.
FINAL_ABBREVIATIONS = frozenset(["итд", "т.д", "т.п", "и.др"])
#: After a number these end a sentence ("в 1799 г. Он ...").
FINAL_AFTER_NUMBER = frozenset(["г", "гг", "год"])
