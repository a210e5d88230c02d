"""The documentation that is generated, so that it cannot drift from the code.

README.md and man/srtext.1 hold cog blocks (https://cog.readthedocs.io) that call
these functions: the options table and the man page's OPTIONS section are made
from :data:`srtext.options.OPTIONS` (the same table ``--help`` is built from), and
the README's list of rules from :data:`srtext.pipeline.rules.RULES` and
:data:`srtext.pipeline.recover.STEPS`.  After changing an option or a rule::

    cog -r README.md man/srtext.1

and ``tests/test_docs.py`` runs ``cog --check`` on both.  Not on srtext's start-up path.
"""

from __future__ import annotations

import re

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
    """The README's list of the default mode's named decisions: the steps, then the rules in order.

    A rule's reason is the first paragraph of its docstring.
    """
    from srtext.pipeline.recover import STEPS
    from srtext.pipeline.rules import RULES

    steps = ", ".join(f"`{step}`" for step in STEPS)
    lines = [
        f"Before the rules, steps of `srtext/pipeline/recover.py` decide some lines: {steps}.",
        "Then the rules of `srtext/pipeline/rules/`, asked in this order; the first that answers decides:",
        "",
        "| rule | what it decides |",
        "|---|---|",
    ]
    for rule in RULES:
        doc = (rule.__doc__ or "").strip().split("\n\n")[0]
        lines.append(f"| `{rule.__name__}` | {_cell(' '.join(doc.split()))} |")
    return "\n".join(lines) + "\n"
