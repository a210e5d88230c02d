"""The broad development corpus: many producers, layouts and languages, exact ground truth.

Run ``python -m corpora.broad_build --seed 1 --out corpora/broad`` from the
repository root (see corpora/README.md).  The modules:

* ``split``: which half (tune or validate) a document belongs to;
* ``sources``: the paragraphs and section titles documents are made of;
* ``doc``: a document as blocks, composed from a seeded RNG, with its truth and metadata;
* ``latex``, ``writer``, ``htmlpdf``: render a document with one producer;
* ``check``: verify the truth against the PDF's text, and find pdftotext's artefacts.
"""
