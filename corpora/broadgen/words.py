"""Per-language words for the parts of a document that the generator writes itself.

Labels (Figure, Table, Chapter...), axis titles for figure placeholders, names,
titles and venues for references, running-head titles.  Written for srtext (MIT).
Serbian Latin is transliterated from the Serbian Cyrillic entries.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from corpora.build import to_latin

__all__ = ["WORDS", "script_of", "to_latin", "words_for"]


def script_of(lang: str) -> str:
    """The script a language's fonts must cover: latin, cyrillic, zh or ar.

    >>> [script_of(x) for x in ("de", "sr-cyrl", "sr-latn", "zh")]
    ['latin', 'cyrillic', 'latin', 'zh']
    """
    if lang in ("ru", "sr-cyrl"):
        return "cyrillic"
    return lang if lang in ("zh", "ar") else "latin"


def words_for(lang: str) -> tuple[dict[str, Any], Callable[[str], str]]:
    """A language's words, and the function that writes a string in its script (sr-latn: Latin)."""
    w = WORDS["sr-cyrl" if lang.startswith("sr") else lang]
    return w, (to_latin if lang == "sr-latn" else str)


WORDS: dict[str, dict[str, Any]] = {
    "en": dict(
        chapter="Chapter {n}",
        figure="Figure",
        table="Table",
        references="References",
        theorem="Theorem",
        proof="Proof",
        note="See the notes at the end of this chapter.",
        page="Page {n} of {m}",
        axes=["Time (s)", "Load", "Throughput", "Packets", "Disk usage", "Latency (ms)", "Users"],
        names=["A. Moreau", "J. Okafor", "L. Berg", "K. Tanaka", "R. Silva", "M. Novak", "S. Haddad"],
        reftitles=[
            "Notes on system administration",
            "Packages and their dependencies",
            "A study of configuration drift",
            "Reliable mail delivery",
            "Backups in practice",
        ],
        venues=["Journal of Systems Practice", "Proc. Workshop on Free Software", "Technical report"],
        journals=["Journal of Applied Administration", "Free Systems Review", "Letters on Networks"],
    ),
    "de": dict(
        chapter="Kapitel {n}",
        figure="Abbildung",
        table="Tabelle",
        references="Literatur",
        theorem="Satz",
        proof="Beweis",
        note="Siehe die Anmerkungen am Ende des Kapitels.",
        page="Seite {n} von {m}",
        axes=["Zeit (s)", "Last", "Durchsatz", "Pakete", "Plattenbelegung", "Latenz (ms)", "Nutzer"],
        names=["A. Müller", "J. Schneider", "L. Becker", "K. Hoffmann", "R. Wagner", "M. Krüger"],
        reftitles=[
            "Anmerkungen zur Systemverwaltung",
            "Pakete und ihre Abhängigkeiten",
            "Zuverlässige Zustellung von Nachrichten",
            "Datensicherung in der Praxis",
        ],
        venues=["Zeitschrift für Systempraxis", "Tagungsband Freie Software", "Technischer Bericht"],
        journals=["Zeitschrift für angewandte Verwaltung", "Rundschau freier Systeme"],
    ),
    "sr-cyrl": dict(
        chapter="Поглавље {n}",
        figure="Слика",
        table="Табела",
        references="Литература",
        theorem="Теорема",
        proof="Доказ",
        note="Видети напомене на крају поглавља.",
        page="Страна {n} од {m}",
        axes=["Време (s)", "Оптерећење", "Проток", "Водостај", "Дубина", "Брзина", "Број"],
        names=["А. Петровић", "Ј. Јовановић", "Л. Николић", "К. Ђорђевић", "Р. Марковић", "М. Илић"],
        reftitles=[
            "Белешке о рекама равнице",
            "Мостови и скеле на Дунаву",
            "Поплаве у прошлом веку",
            "Рибарство и обичаји",
        ],
        venues=["Зборник радова", "Гласник географског друштва", "Технички извештај"],
        journals=["Гласник за природу и људе", "Преглед равничарских студија"],
    ),
    "ru": dict(
        chapter="Глава {n}",
        figure="Рисунок",
        table="Таблица",
        references="Литература",
        theorem="Теорема",
        proof="Доказательство",
        note="См. примечания в конце главы.",
        page="Страница {n} из {m}",
        axes=["Время (с)", "Нагрузка", "Пропускная способность", "Пакеты", "Задержка (мс)"],
        names=["А. Иванов", "Е. Смирнова", "Л. Кузнецов", "К. Попова", "Р. Соколов", "М. Лебедева"],
        reftitles=[
            "Заметки об администрировании систем",
            "Пакеты и их зависимости",
            "Надёжная доставка почты",
            "Резервное копирование на практике",
        ],
        venues=["Вестник системной практики", "Труды семинара по свободному ПО", "Технический отчёт"],
        journals=["Журнал прикладного администрирования", "Обозрение свободных систем"],
    ),
    "zh": dict(
        chapter="第{n}章",
        figure="图",
        table="表",
        references="参考文献",
        theorem="定理",
        proof="证明",
        note="参见本章末尾的说明。",
        page="第 {n} 页 共 {m} 页",
        axes=["时间（秒）", "负载", "吞吐量", "数据包", "延迟（毫秒）", "用户数"],
        names=["王明", "李华", "张伟", "刘洋", "陈静", "杨帆"],
        reftitles=["系统管理笔记", "软件包及其依赖关系", "可靠的邮件投递", "备份实践"],
        venues=["系统实践学报", "自由软件研讨会论文集", "技术报告"],
        journals=["应用系统管理学报", "自由系统评论"],
    ),
    "ar": dict(
        chapter="الفصل {n}",
        figure="شكل",
        table="جدول",
        references="المراجع",
        theorem="مبرهنة",
        proof="برهان",
        note="انظر الملاحظات في نهاية الفصل.",
        page="صفحة {n} من {m}",
        axes=["الزمن", "الحمل", "الإنتاجية", "الحزم", "المستخدمون"],
        names=["أحمد سالم", "ليلى حسن", "عمر خالد", "سارة يوسف"],
        reftitles=["ملاحظات في إدارة الأنظمة", "الحزم واعتمادياتها", "النسخ الاحتياطي عمليا"],
        venues=["مجلة الأنظمة الحرة", "تقرير تقني"],
        journals=["مجلة الإدارة التطبيقية", "مراجعة الأنظمة الحرة"],
    ),
}
