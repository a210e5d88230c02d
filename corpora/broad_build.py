"""Build the broad development corpus (issue 20): many producers, layouts, languages.

    python -m corpora.broad_build --seed 1 --out corpora/broad [--only PREFIX] [--per N]

Run from the repository root; corpora/install-deps.sh installs what it needs
(TeX Live's xelatex and classes, LibreOffice Writer, WeasyPrint, fonts,
poppler-utils, debian-handbook).  For each document it writes, under
``OUT/<family>/``: ``ID.pdftotext.txt`` (pdftotext's default output),
``ID.truth.txt`` (one paragraph per line), ``ID.json`` (metadata), and the PDF
and source when small; then ``OUT/index.tsv``.  A document whose truth is not
in its PDF's text is skipped with a message.  Documents are deterministic from
the seed (the PDFs up to the producers' timestamps).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from corpora.broadgen import check, doc, htmlpdf, latex, writer
from corpora.broadgen.split import split_of

ALL_LANGS = ("en", "de", "sr-cyrl", "sr-latn", "ru", "zh")
# family -> (languages, tool it needs)
PLAN: dict[str, tuple[tuple[str, ...], str]] = {
    "latex-article": (ALL_LANGS, "xelatex"),
    "latex-report": (("en", "de", "sr-cyrl", "sr-latn", "ru"), "xelatex"),
    "latex-amsart": (ALL_LANGS, "xelatex"),
    "latex-revtex": (ALL_LANGS, "xelatex"),
    "latex-ieee": (ALL_LANGS, "xelatex"),
    "latex-koma": (ALL_LANGS, "xelatex"),
    "writer-odt": ((*ALL_LANGS, "ar"), "soffice"),
    "html-weasy": ((*ALL_LANGS, "ar"), "weasyprint"),
}


def run(cmd: list[str], cwd: Path, timeout: int = 300) -> None:
    """Run a tool; on failure a one-line RuntimeError, on a time-out its whole process group ended."""
    p = subprocess.Popen(
        cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True
    )
    try:
        out, _ = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)  # soffice leaves soffice.bin behind otherwise
        p.communicate()
        raise RuntimeError(f"{cmd[0]} timed out after {timeout} s") from None
    if p.returncode != 0:
        errors = [x for x in out.splitlines() if x.startswith("!")] or out.splitlines()[-3:]
        raise RuntimeError(f"{cmd[0]} failed: {' | '.join(errors[:3])}")


def produce(family: str, d: doc.Doc, rng: random.Random, tmp: Path) -> tuple[Path, Path, str]:
    """Typeset ``d``: (PDF, source file, producer name)."""
    if family.startswith("latex-"):
        cls, _ = latex.FAMILIES[family]
        src = tmp / "doc.tex"
        src.write_text(latex.render(d, cls, rng), encoding="utf-8")
        for _ in range(2):  # twice, for Page N of M
            run(["xelatex", "-interaction=nonstopmode", "-halt-on-error", "doc.tex"], tmp)
        return tmp / "doc.pdf", src, f"xelatex {cls}"
    if family == "writer-odt":
        src = tmp / "doc.odt"
        writer.render(d, rng, src)
        run(
            [
                "soffice",
                f"-env:UserInstallation=file://{tmp}/lo",
                "--headless",
                "--convert-to",
                "pdf",
                "--outdir",
                str(tmp),
                str(src),
            ],
            tmp,
            timeout=120,
        )
        return tmp / "doc.pdf", src, writer.PRODUCER
    src = tmp / "doc.html"
    src.write_text(htmlpdf.render(d, rng), encoding="utf-8")
    htmlpdf.to_pdf(src, tmp / "doc.pdf")
    return tmp / "doc.pdf", src, htmlpdf.PRODUCER


def features(family: str) -> doc.Features:
    if family.startswith("latex-"):
        return latex.FAMILIES[family][1]
    return writer.FEATURES if family == "writer-odt" else htmlpdf.FEATURES


def build_one(
    family: str, lang: str, n: int, seed: int, out: Path, budget: list[int], keep_kb: int
) -> str | None:
    """Build one document; its id, or None (with a message) when it failed its check."""
    doc_id = f"{family}-{lang}-{n:04d}"
    rng = random.Random(f"{seed}/{doc_id}/layout")
    d = doc.compose(doc_id, family, lang, seed, features(family))
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        try:
            pdf, src, producer = produce(family, d, rng, tmp)
            run(["pdftotext", "-enc", "UTF-8", pdf.name, "out.txt"], tmp)
            run(["pdftotext", "-enc", "UTF-8", "-raw", pdf.name, "raw.txt"], tmp)
        except RuntimeError as e:
            print(f"{doc_id}: skipped: {e}", file=sys.stderr)
            return None
        text = (tmp / "out.txt").read_text(encoding="utf-8")
        raw = (tmp / "raw.txt").read_text(encoding="utf-8")
        pages = text.count("\f")
        truth = d.truth()
        meta = d.meta(pages)
        bad = check.problems(doc_id, raw, truth, meta, rtl=lang == "ar")  # type: ignore[arg-type]
        if bad:
            print(f"{doc_id}: skipped: {len(bad)} problems: " + "; ".join(bad[:3]), file=sys.stderr)
            return None
        folder = out / family
        folder.mkdir(parents=True, exist_ok=True)
        size = pdf.stat().st_size
        keep_pdf = size <= keep_kb * 1024 and budget[0] + size <= budget[1]
        if keep_pdf:
            shutil.copy(pdf, folder / f"{doc_id}.pdf")
            budget[0] += size
        else:
            (folder / f"{doc_id}.pdf").unlink(missing_ok=True)
        keep_src = src.stat().st_size <= keep_kb * 1024
        if keep_src:
            shutil.copy(src, folder / f"{doc_id}{src.suffix}")
        (folder / f"{doc_id}.pdftotext.txt").write_text(text, encoding="utf-8")
        (folder / f"{doc_id}.truth.txt").write_text("\n".join(truth) + "\n", encoding="utf-8")
        info = {
            "name": doc_id,
            "family": family,
            "producer": producer,
            "language": lang,
            "layout": layout_of(d),
            "pages": pages,
            "licence": "; ".join(sorted(d.licences)),
            "source": ", ".join(d.sources),
            "split": split_of(doc_id),
            "seed": seed,
            "pdf_kept": keep_pdf,
            "source_file": f"{doc_id}{src.suffix}" if keep_src else None,
            "settings": d.settings,
            **meta,
            # The same check on the default output, which orders text by position and
            # may mix columns: what fails there is damage in srtext's input, recorded.
            "pdftotext_misordered": [
                x.split(": ", 1)[1]
                for x in check.problems(doc_id, text, truth, meta, rtl=lang == "ar")  # type: ignore[arg-type]
            ],
            "artefacts": check.artefacts(text, truth, meta["headings"], meta["footnotes"]),  # type: ignore[arg-type]
        }
        (folder / f"{doc_id}.json").write_text(
            json.dumps(info, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
    return doc_id


def layout_of(d: doc.Doc) -> str:
    s = d.settings
    parts = ["twocol" if s.get("twocolumn") else "onecol"]
    parts.append("ragged" if s.get("ragged") else "justified")
    for k in ("sloppy", "nohyphen", "wide_gap", "twoside"):
        if s.get(k):
            parts.append(k.replace("_", "-"))
    if s.get("paper"):
        parts.append(str(s["paper"]))
    return " ".join(parts)


def recount(out: Path) -> int:
    """Count the artefacts again in every document under ``out`` (after a change to the counting)."""
    n = 0
    for p in sorted(out.glob("*/*.json")):
        m = json.loads(p.read_text(encoding="utf-8"))
        truth = (p.parent / f"{m['name']}.truth.txt").read_text(encoding="utf-8").splitlines()
        text = (p.parent / f"{m['name']}.pdftotext.txt").read_text(encoding="utf-8")
        m["artefacts"] = check.artefacts(text, truth, m["headings"], m["footnotes"])
        p.write_text(json.dumps(m, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        n += 1
    return n


def write_index(out: Path) -> int:
    rows = []
    for p in sorted(out.glob("*/*.json")):
        m = json.loads(p.read_text(encoding="utf-8"))
        rows.append(
            "\t".join([m["name"], m["family"], m["language"], str(m["pages"]), m["split"], m["licence"]])
        )
    (out / "index.tsv").write_text(
        "id\tfamily\tlanguage\tpages\tsplit\tlicence\n" + "".join(r + "\n" for r in rows), encoding="utf-8"
    )
    return len(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=Path("corpora/broad"))
    ap.add_argument("--only", default="", help="build only the families whose name starts with this")
    ap.add_argument("--langs", default="", help="comma-separated languages (default: each family's)")
    ap.add_argument("--per", type=int, default=6, help="documents per family and language (at least)")
    ap.add_argument("--keep-pdf-under", type=int, default=40, metavar="KB")
    ap.add_argument("--pdf-budget", type=int, default=10_000, metavar="KB", help="PDFs kept in total")
    ap.add_argument("--recount", action="store_true", help="only count the artefacts again in OUT")
    args = ap.parse_args(argv)
    if args.recount:
        print(f"broad_build: artefacts counted again in {recount(args.out)} documents", file=sys.stderr)
        return 0
    if shutil.which("pdftotext") is None:
        print("broad_build: pdftotext not found (run corpora/install-deps.sh)", file=sys.stderr)
        return 2
    kept = sum(p.stat().st_size for p in args.out.glob("*/*.pdf"))
    budget = [kept, args.pdf_budget * 1024]
    failed = 0
    start = time.monotonic()
    wanted_langs = set(args.langs.split(",")) if args.langs else None
    for family, (langs, tool) in PLAN.items():
        if not family.startswith(args.only):
            continue
        if tool != "weasyprint" and shutil.which(tool) is None:
            print(f"broad_build: {family}: {tool} not found, skipped", file=sys.stderr)
            continue
        for lang in langs:
            if wanted_langs is not None and lang not in wanted_langs:
                continue
            per = 2 if lang == "ar" else args.per
            for old in (args.out / family).glob(f"{family}-{lang}-[0-9]*"):
                old.unlink()  # a rebuilt family and language leaves nothing of the last build
            built: list[str] = []
            n = 0
            # At least `per` documents, and both halves of the split (a few more ids at most).
            while n < per + 12 and (len(built) < per or len({split_of(x) for x in built}) < 2):
                got = build_one(family, lang, n, args.seed, args.out, budget, args.keep_pdf_under)
                n += 1
                if got is None:
                    failed += 1
                else:
                    built.append(got)
            print(f"{family} {lang}: {len(built)} built, {time.monotonic() - start:.0f} s", file=sys.stderr)
    total = write_index(args.out)
    print(f"broad_build: {total} documents in {args.out}/index.tsv, {failed} skipped", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
