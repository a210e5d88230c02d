"""Serbian, in Cyrillic and Latin script (Croatian's and Bosnian's words where they differ), as plain data.

The sentence splitter's lists serve ``sr``, ``sh``, ``hr``, ``bs`` and ``mk``.
"""

from __future__ import annotations

CODE = "sr"
ALSO = ("sh", "hr", "bs", "mk")

FUNCTION_WORDS = frozenset(
    """
i ili ali ako onda pa da koji koja koje što gde gdje kad kada u na o od do za sa s bez po pri kroz
iz je su bio bila bilo biti jest nije nisu se sve svi svaki svaka ovo ova ovaj to taj ta te kao
и или али ако онда па да који која које што где кад када у на о од до за са с без по при кроз из
је су био била било бити није нису се све сви сваки свака ово ова овај то тај та те као
""".split()
)
DANGLING_WORDS = frozenset(
    """
i ili ali u na o od do za sa s bez po pri kroz iz ka
и или али у на о од до за са с без по при кроз из ка
""".split()
)
SUSPENSION_WORDS = frozenset(["i", "ili", "ni", "и", "или", "ни"])

#: A theorem-like statement's run-in label, before its number and a full stop ("Theorem 2.1.").
THEOREM_LABELS = (
    "Теорема", "Лема", "Последица", "Дефиниција", "Напомена", "Пример", "Доказ", "Хипотеза",
    "Teorema", "Lema", "Posledica", "Definicija", "Napomena", "Primer", "Dokaz", "Hipoteza",
)  # fmt: skip
CAPTION_LABELS = ("Слика", "Сл.", "Табела", "Slika", "Sl.", "Tabela")
CHAPTER_WORDS = ("Поглавље", "Део", "Poglavlje", "Deo")
PAGE_WORDS = ("str.", "стр.", "страна", "страница", "strana", "stranica")
PAGE_OF_WORDS = ("од", "od")
REFERENCE_HEADINGS = ("Референце", "Литература", "Literatura")
ABSTRACT_WORDS = ("Апстракт", "Сажетак", "Sažetak", "Rezime", "Резиме")
KEYWORD_WORDS = ("Кључне речи", "Ključne reči")
INTRODUCTION_WORDS = ("Увод", "Uvod")

#: Words between authors' names, and particles of names ("van der", "de la").
NAME_CONNECTORS = frozenset(["i", "и"])

ABBREVIATIONS = frozenset(
    "npr tj sl dr prof br str god gl g ul sv tzv ing mr dipl gosp gđa gđica sr "
    "нпр тј сл др проф бр стр год гл г ул св тзв инж мр дипл госп гђа сл".split()
)
#: "и т. д." is written "и.т.д"'s last two words with a dot between them: "т.д".
FINAL_ABBREVIATIONS = frozenset(["itd", "i.sl", "и.сл"])
FINAL_AFTER_NUMBER = frozenset(["г", "год", "god", "g"])
MONTHS = frozenset(
    "januar februar mart april maj jun jul avgust septembar oktobar novembar decembar "
    "јануар фебруар март април мај јун јул август септембар октобар новембар децембар "
    "siječnja veljače ožujka travnja svibnja lipnja srpnja kolovoza rujna listopada "
    "studenoga prosinca".split()
)
