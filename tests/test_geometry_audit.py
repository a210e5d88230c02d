"""The audit page with geometry (issue 31, item 4): line boxes drawn per page, evidence in the panel."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from tests.browser import Chromium
from tests.conftest import CASES
from tests.test_audit import _load, browser, needs_chromium

__all__ = ["browser"]  # the module's Chromium, shared

CASE = CASES / "geometry-space-between-paragraphs.in"


def _audit(tmp_path: Path, *args: str) -> str:
    page = tmp_path / "a.html"
    r = subprocess.run(
        [sys.executable, "-m", "srtext", *args, "--audit", str(page), str(CASE)],
        capture_output=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    return page.read_text(encoding="utf-8")


def _data(page: str) -> dict[str, object]:
    found = re.search(r"<script type=application/json id=data>(.*?)</script>", page, re.S)
    assert found is not None
    data: dict[str, object] = json.loads(found.group(1).replace("<\\/", "</"))
    return data


def test_each_page_outlines_its_lines_boxes(tmp_path: Path) -> None:
    page = _audit(tmp_path)
    assert page.count("<svg class=outline") == 1  # one page
    boxes = re.findall(r'<rect class="bx [^"]*" data-l=(L\d+)', page)
    assert boxes == [f"L{n}" for n in range(1, 7)]  # the six printed lines, in order; blank lines have none
    ids = set(re.findall(r'<div class="ln [^"]*" id=(L\d+)', page))
    assert set(boxes) <= ids
    lines = _data(page)["lines"]
    assert isinstance(lines, dict)
    gap = lines["geometry.gap"]
    assert gap["v"][3] == "10.0pt (+0.7 lines)" and gap["v"][6] is None  # line 4; line 7 is blank


def test_without_geometry_the_page_has_no_boxes(tmp_path: Path) -> None:
    page = _audit(tmp_path, "--geometry", "off")
    assert "<svg class=outline" not in page and "geometry." not in page


@needs_chromium
def test_a_box_is_clickable_like_its_line(browser: Chromium, tmp_path: Path) -> None:
    _load(browser, _audit(tmp_path), tmp_path)
    browser.evaluate(
        "document.querySelector('.bx[data-l=L4]').dispatchEvent(new MouseEvent('click', {bubbles: true}))"
    )
    assert browser.evaluate("document.getElementById('panel').hidden") is False
    panel = browser.evaluate("document.getElementById('panel-body').innerText")
    for shown in (
        "line 4, page 1",
        "gap_before_line",
        "geometry.gap",
        "10.0pt (+0.7 lines)",
        "geometry.indent",
    ):
        assert shown in panel
    selected = browser.evaluate("[...document.querySelectorAll('.sel')].map(e => e.id || e.dataset.l)")
    assert "L4" in selected and selected.count("L4") == 2  # the line and its box
    assert browser.errors == []
