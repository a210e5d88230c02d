"""The documentation that is generated, so that it cannot drift from the code.

README.md and man/srtext.1 hold cog blocks (https://cog.readthedocs.io) that call
these functions: the options table and the man page's OPTIONS section are made
from :data:`srtext.options.OPTIONS` (the same table ``--help`` is built from), and
the README's list of rules from :data:`srtext.pipeline.pages.PAGE_RULES`, the
tables of :mod:`srtext.pipeline.steps` and :data:`srtext.pipeline.rules.RULES`.
After changing an option or a rule::

    cog -r README.md man/srtext.1

and ``tests/test_docs.py`` runs ``cog --check`` on both.  Not on srtext's start-up path.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from srtext.options import OPTIONS, Option

_OPTION = re.compile(r"(?<![\w-])(--?[a-z][a-z-]*)")


def _argument(o: Option) -> str | None:
    """What follows the flag in the synopsis: the choices, the metavar, or nothing for a switch."""
    if o.choices is not None:
        return "|".join(o.choices)
    if o.action in ("store_true", "version", "help"):
        return None
    return o.metavar or o.dest.upper()


def _sentence(text: str) -> str:
    """
    >>> _sentence("tolerance (default 0.1)")
    'Tolerance (default 0.1).'
    """
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def options_table() -> str:
    """The README's table of options, in Markdown."""
    rows = ["| option | meaning |", "|---|---|"]
    for o in OPTIONS:
        argument = _argument(o)
        spelled = ", ".join(f"`{name} {argument}`" if argument else f"`{name}`" for name in o.names)
        rows.append(f"| {_cell(spelled)} | {_cell(o.text(more=True))} |")
    return "\n".join(rows) + "\n"


def _cell(text: str) -> str:
    """A table cell's text, its ``|`` escaped for GitHub's Markdown."""
    return text.replace("|", r"\|")


def man_options() -> str:
    """The man page's OPTIONS section, in troff (the ``.SH OPTIONS`` line itself not included)."""
    out = []
    for o in OPTIONS:
        argument = _argument(o)
        names = [_troff(n) for n in o.names]
        if argument is None and len(names) == 1:
            out += [".TP", f".B {names[0]}"]
        else:
            head = ' ", " '.join(names)
            if argument is not None:
                head += ' " " ' + "|".join(f"\\fI{_troff(a)}\\fR" for a in argument.split("|"))
            out += [".TP", f".BR {head}"]
        out.append(_body(_sentence(o.text(more=True))))
    return "\n".join(out) + "\n"


def _troff(text: str) -> str:
    return text.replace("\\", "\\e").replace("-", "\\-")


def _body(text: str) -> str:
    """Running text for troff: options in bold, a leading dot or quote made harmless.

    >>> _body("'lines': see --format and -o DIR")
    "\\\\&'lines': see \\\\fB\\\\-\\\\-format\\\\fR and \\\\fB\\\\-o\\\\fR DIR"
    """
    text = text.replace("\\", "\\e")
    text = _OPTION.sub(lambda m: f"\\fB{m.group(1).replace('-', chr(92) + '-')}\\fR", text)
    return "\\&" + text if text.startswith((".", "'")) else text


def rules_table() -> str:
    """The README's list of the default mode's named decisions, table by table, in the order asked.

    A rule's reason is the first paragraph of its docstring; the page stage's
    rules give theirs in their tables.
    """
    from srtext.pipeline import steps
    from srtext.pipeline.names import MACHINE_NAMES
    from srtext.pipeline.pages import PAGE_RULES
    from srtext.pipeline.rules import RULES

    def table(title: str, rows: list[tuple[str, str]]) -> list[str]:
        out = [title, "", "| name | what it decides |", "|---|---|"]
        out += [f"| `{name}` | {_cell(' '.join(doc.split()))} |" for name, doc in rows]
        return [*out, ""]

    def functions(fs: tuple[Callable[..., object], ...]) -> list[tuple[str, str]]:
        return [(f.__name__, (f.__doc__ or "").strip().split("\n\n")[0]) for f in fs]

    lines = table(
        "The page stage (`srtext/pipeline/pages.py`: furniture, footnotes, front matter) marks lines first:",
        [(name, reason) for name, (_mark, reason) in PAGE_RULES.items()],
    )
    lines += table(
        "Then, for each other line, the transitions of `srtext/pipeline/steps.py`, in this order:",
        functions(steps.TRANSITIONS),
    )
    lines += table(
        "the steps while a caption is open, then the steps, then the rules of `srtext/pipeline/rules/`; "
        "the first that answers decides:",
        functions(steps.CAPTION_STEPS + steps.STEPS + RULES),
    )
    lines += table("and last the amendments, which may rewrite the verdict:", functions(steps.AMENDMENTS))
    lines += table(
        "The recovery's machine (`srtext/pipeline/recover.py`) adds these names where it applies a verdict:",
        list(MACHINE_NAMES.items()),
    )
    return "\n".join(lines)
