"""srtext: recover whole paragraphs and sentences from PDF-extracted text.

>>> from srtext import SentenceRecovery
>>> SentenceRecovery("A line that goes on\\nto its end.\\n").out_text
'A line that goes on to its end.\\n'

The public names are imported when first asked for (PEP 562's module
``__getattr__``): the command line, whose modules are all below this package,
then starts without the library's imports, and can start pdftotext first
(:mod:`srtext.run.early`).
"""

from srtext.version import __version__

TYPE_CHECKING = False
if TYPE_CHECKING:
    from srtext.api import (
        Result,
        SentenceRecovery,
        paragraphs,
        recover,
        recover_documents,
        recover_paths,
        recover_text,
        recover_texts,
    )
    from srtext.config import Config
    from srtext.pipeline.events import Decision, Paragraph
    from srtext.pipeline.lines import Line

__all__ = [
    "Config",
    "Decision",
    "Line",
    "Paragraph",
    "Result",
    "SentenceRecovery",
    "__version__",
    "paragraphs",
    "recover",
    "recover_documents",
    "recover_paths",
    "recover_text",
    "recover_texts",
]

_WHERE = {
    "Config": "srtext.config",
    "Decision": "srtext.pipeline.events",
    "Paragraph": "srtext.pipeline.events",
    "Line": "srtext.pipeline.lines",
    **dict.fromkeys(
        (
            "Result",
            "SentenceRecovery",
            "paragraphs",
            "recover",
            "recover_documents",
            "recover_paths",
            "recover_text",
            "recover_texts",
        ),
        "srtext.api",
    ),
}


def __getattr__(name: str) -> object:
    """A public name, imported from its module the first time it is asked for."""
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'srtext' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(where), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
