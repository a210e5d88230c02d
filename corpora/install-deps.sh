#!/bin/sh
# Installs what `python -m corpora.broad_build` needs (Debian 12). Run as root.
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
pip install -e '.[corpus]'
