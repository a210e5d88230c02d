"""The tuning/validation split of the broad corpus (issue 20, item 4).

A document's half is fixed by its id alone: the first byte of sha256(id) below
128 is "tune", otherwise "validate".  The rule never changes with the corpus, so
a document keeps its half when others are added or removed.

>>> split_of("latex-article-en-0000")
'validate'
>>> split_of("latex-article-en-0003")
'tune'
>>> sorted({split_of(f"x-{i}") for i in range(20)})
['tune', 'validate']
"""

from __future__ import annotations

import hashlib

SPLITS = ("tune", "validate")


def split_of(doc_id: str) -> str:
    """The half ("tune" or "validate") that the document ``doc_id`` belongs to."""
    first = hashlib.sha256(doc_id.encode("utf-8")).digest()[0]
    return SPLITS[0] if first < 128 else SPLITS[1]
