"""srtext: recover whole paragraphs and sentences from PDF-extracted text.

>>> from srtext import SentenceRecovery
>>> SentenceRecovery("A line that goes on\\nto its end.\\n").out_text
'A line that goes on to its end.\\n'
"""

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
from srtext.version import __version__

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
