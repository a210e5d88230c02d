"""The real corpus (issue 29): documents other people wrote, printed by several renderers, exact truth.

Run ``python -m corpora.real.build`` from the repository root (see corpora/real/README.md).  The modules:

* ``sources``: the texts (PyPI READMEs, Debian Reference, the Debian handbook, Python's docs) as blocks;
* ``blocks``: an HTML page as blocks, written out again as the HTML that is printed, with its truth;
* ``render``: WeasyPrint in three styles and Chromium, and the furniture each prints;
* ``check``: the share of the truth's words found in order in pdftotext's text;
* ``build``: the one command, the manifest and the sample.
"""
