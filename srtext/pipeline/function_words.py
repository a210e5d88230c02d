"""Function words: the short common words that a line of prose has and a formula's line lacks.

A display formula that pdftotext writes on a line of its own is made of one-
and two-letter names, but also of names that look like words ("Tik", "Emag",
"ajq", "na").  A line of prose around a formula ("where x = 0", "für alle
x ∈ S", "если x > 0") nearly always holds one of its language's articles,
prepositions, conjunctions, pronouns or auxiliaries, which no formula does.
:func:`srtext.pipeline.classify.looks_like_debris` asks for one on a short line that
has a formula's operators.

The lists are written by hand for the languages srtext's corpora and tests
cover, plus their neighbours; a language not listed falls back on long words
(see ``looks_like_debris``).  Serbian is listed in both scripts.
"""

from __future__ import annotations

_WORDS = """
a an the and or but nor if then so as at by for from in into of on onto to with without within
is are was were be been being has have had do does did can could may might must shall should will would
this that these those it its we our us they their them he she his her which who whom whose where when
while not no all any each every some such than thus hence since because although though whether also
only there here what how why both either neither other one ones let see use using via per
suppose assume write consider define denote note recall proof then now therefore
und oder aber wenn dann also als an auf aus bei bis durch für gegen in im ist sind war wird werden
hat haben mit nach nicht nur ob ohne so über um unter von vor wie wo zu zum zur der die das den dem
des ein eine einen einem einer eines es sich sei seien dass daß alle jede jeder für gilt folgt
et ou mais si alors donc car que qui quoi dont où le la les un une des du de au aux en dans par pour
sur sous avec sans est sont soit était être a ont il elle ils elles on nous vous ce cette ces tout
tous toute toutes pas ne se sa son ses leur
y o pero si entonces pues que quien cual donde el la los las un una unos unas del al en con sin por
para sobre entre es son sea fue ser hay se su sus este esta estos estas todo todos toda todas no
e ed o ma se allora dunque che chi cui dove il lo la gli le un uno una dei delle degli del della
nel nella con senza per su tra fra è sono sia essere ha hanno si non tutti tutte ogni
e ou mas se então que quem onde o os as um uma uns umas do da dos das no na nos nas em com sem por
para sobre entre é são seja ser há não todo todos toda todas cada
en of maar als dan dus dat die wie wat waar de het een van voor met zonder op aan uit bij naar
over onder tussen is zijn was wordt worden heeft hebben niet geen alle elke er
i ili ali ako onda pa da koji koja koje što gde gdje kad kada u na o od do za sa s bez po pri kroz
iz je su bio bila bilo biti jest nije nisu se sve svi svaki svaka ovo ova ovaj to taj ta te kao
и или али ако онда па да који која које што где кад када у на о од до за са с без по при кроз из
је су био била било бити није нису се све сви сваки свака ово ова овај то тај та те као
и или но а если то что как где когда в во на о об от до за с со без по при через из к ко для
это этот эта эти тот та те все всех каждый есть был была было быть не ни же ли так также
i lub ale jeśli to że jak gdzie kiedy w we na o od do za z ze bez po przy przez dla jest są był
była było być nie się wszystkie każdy ten ta te
a nebo ale jestli pak že jak kde když v ve na o od do za s se bez po při přes pro je jsou byl
byla bylo být není všechny každý ten ta to
"""

FUNCTION_WORDS = frozenset(_WORDS.split())


def is_function_word(word: str) -> bool:
    """Is the word (any case) one of the listed languages' function words?

    >>> [is_function_word(w) for w in ["where", "Für", "если", "је", "Tik", "ajq", "na"]]
    [True, True, True, True, False, False, True]
    """
    return word.lower() in FUNCTION_WORDS


# Words no sentence ends on: articles, prepositions that never end a clause, and
# conjunctions.  A line that ends on one stops mid-sentence, whatever its width or
# the case of the next line ("was written in" / "C using ...").  Prepositions that
# also end phrasal verbs ("on", "up", "over") are left out in English, and Spanish
# "y", a formula's name more often than not.
_DANGLING = """
a an the and or nor but of to in with from by for at into onto than via whose
der die das den dem des ein eine einen einem einer und oder aber mit von zu zum zur für auf aus bei
nach über unter durch gegen ohne um dass
le la les un une des du de au aux et ou mais dans par pour sur sous avec sans
el los las unos unas del al con sin por para entre
il lo gli uno una dei delle degli della nella con senza per tra fra
i ili ali u na o od do za sa s bez po pri kroz iz ka
и или али у на о од до за са с без по при кроз из ка
или но в во об от со через к ко для
"""

DANGLING_WORDS = frozenset(_DANGLING.split())


def ends_on_dangling_word(text: str) -> bool:
    """Does the line end on a word no sentence ends on (an article, a preposition, a conjunction)?

    Only a line of two words or more: a lone "a" or "I" may be a list's label.

    >>> [ends_on_dangling_word(t) for t in ["was written in", "held at 20 °C and",
    ...     "the value of the", "это видно из", "siehe dazu die"]]
    [True, True, True, True, True]
    >>> [ends_on_dangling_word(t) for t in ["turn it on", "a", "the end.", "and so on",
    ...     "see Fig.", "x and y"]]
    [False, False, False, False, False, False]
    """
    stripped = text.rstrip()
    cut = stripped.rfind(" ")
    if cut < 0:
        return False
    return stripped[cut + 1 :].lower() in DANGLING_WORDS
