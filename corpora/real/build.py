"""Build the real corpus (issue 29): documents other people wrote, several renderers, exact truth.

    python -m corpora.real.build [--out corpora/real/full] [--wheels DIR] [--jobs 2] [--only PREFIX]
        [--renderers weasy-plain,...]

Run from the repository root after ``sh corpora/install-deps.sh`` (which
installs the Debian packages and fetches the pinned wheels into
``corpora/real/full/wheels``).  For each text (corpora/real/sources.py) and
each renderer (corpora/real/render.py) it writes, under ``OUT/<family>/``:

* ``ID.pdf``, ``ID.html`` (the page printed; for the Writer renderers ``ID.fodt``,
  the flat OpenDocument text LibreOffice printed);
* ``ID.pdftotext.txt``: ``pdftotext -enc UTF-8 ID.pdf`` (poppler's default mode);
* ``ID.bbox.html``: ``pdftotext -bbox-layout``'s XHTML (blocks, lines, words and their boxes);
* ``ID.truth.txt``: the truth, one paragraph per line in reading order (code
  blocks and table cells left out: they are objects, listed in the json);
* ``ID.json``: metadata: the blocks with their kinds (``blocks``: kind, level,
  text), the headings, captions, headers and footers (furniture), objects,
  source, renderer, language, licence, split, ``truth_check`` and the truth
  paragraphs not found whole (``truth_missing``).

Then ``corpora/real/manifest.tsv`` (one row per document) and, with
``--sample``, a small copy of some documents of each family in
``corpora/real/sample/`` for the tests.  A document already built from the
same page (the same text printed by the same code) is kept, so the build
resumes and a change rebuilds only what it changes; ``--fresh`` builds
everything again.
A document whose renderer fails is reported and left out of the manifest;
one whose truth check is below 1 is kept, with its share in the manifest.

The LaTeX families (``latex-journal-samples``, ``latex-texdoc``; renderer
``pdflatex``) are TeX Live's own documents printed by pdfLaTeX, their truth
from TeX's paragraph markers (corpora/real/latex.py): for them the page printed
is the PDF itself and ``ID.marked.txt`` holds the marked print's text.
``--only latex`` builds just those.  A build of some families (``--only``,
``--renderers``) replaces those families' rows in the manifest and their
documents in the sample, and keeps the others'.

Not every renderer prints every source (``PRINTS``): the two Writer renderers
print ``pypi-md``, ``python-docs`` and ``debian-reference``; ``weasy-bare``
prints the tuning sources only (``pypi-md``, ``pypi-rst``, ``python-docs``,
``debian-handbook``), e.g. ``--renderers weasy-bare --only pypi-md``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from corpora.real import latex, render, sources, writer
from corpora.real.blocks import leaves
from corpora.real.check import check, words

HERE = Path(__file__).resolve().parent
SOURCES = ("pypi-md", "pypi-rst", "debian-reference", "debian-handbook", "python-docs")
#: The HTML renderers and pdfLaTeX, which prints the LaTeX families (corpora/real/latex.py).
RENDERERS = (*render.RENDERERS, "pdflatex")
#: The sources each renderer prints when not every one (Writer: a source of each split's kind,
#: enough to find and judge rules on a word processor's page without doubling the build;
#: weasy-bare, Chromium's page with no bullet text, is for tuning: every source but the Debian
#: Reference, which is kept for evaluation).
PRINTS = {
    **{w: ("pypi-md", "debian-reference", "python-docs") for w in writer.WRITERS},
    "weasy-bare": ("pypi-md", "pypi-rst", "debian-handbook", "python-docs"),
}
#: Every family of the HTML sources: a source and a renderer that prints it.
FAMILIES = tuple(f"{s}-{r}" for r in render.RENDERERS for s in SOURCES if s in PRINTS.get(r, SOURCES))
COLUMNS = (
    "id", "family", "source", "file", "renderer", "language", "licence", "split", "pages", "words",
    "sha256", "truth_check",
)  # fmt: skip
NOT_TRUTH = frozenset({"code", "cell", "picture"})


def splits(path: Path = HERE / "split.tsv") -> dict[str, str]:
    """Each family's half, ``tuning`` or ``validation``, from the committed split file."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith(("#", "family\t")):
            family, half = line.split("\t")[:2]
            out[family] = half
    return out


def source_family(key: str) -> str:
    return next(s for s in SOURCES if key.startswith(s + "-"))


def texts(wheel_dirs: list[Path]) -> list[sources.Text]:
    return [
        *sources.pypi(wheel_dirs),
        *sources.debian_reference(),
        *sources.debian_handbook(),
        *sources.python_docs(),
    ]


def pdftotext(args: list[str], cwd: Path) -> None:
    p = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", *args], cwd=cwd, capture_output=True, text=True, timeout=300
    )
    if p.returncode != 0:
        raise RuntimeError(f"pdftotext failed: {p.stderr.strip()[:200]}")


def build_one(
    text: sources.Text, renderer: str, family: str, half: str, out: Path
) -> dict[str, object] | str:
    """Print one document and write its files; its manifest row, or a one-line reason it failed."""
    doc_id = f"{text.key}--{renderer}"
    folder = out / family
    meta_file = folder / f"{doc_id}.json"
    page, suffix = render.page(text.tree, text.title, text.language, renderer)
    # Built already from the same page (same text, same code): kept.
    printed = folder / f"{doc_id}{suffix}"
    if meta_file.exists() and printed.exists() and printed.read_text(encoding="utf-8") == page:
        old = json.loads(meta_file.read_text(encoding="utf-8"))
        if old.get("row", {}).get("split") == half:
            return dict(old["row"])
    blocks = list(leaves(text.tree))
    truth = [b.text for b in blocks if b.kind not in NOT_TRUTH]
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        try:
            src, pdf = render.render(page, renderer, tmp)
            pdftotext([pdf.name, "out.txt"], tmp)
            pdftotext(["-bbox-layout", pdf.name, "bbox.html"], tmp)
        except (RuntimeError, OSError, subprocess.TimeoutExpired) as e:
            return f"{doc_id}: {e}"
        except Exception as e:  # the renderer's own failure on one page: reported, the build goes on
            return f"{doc_id}: {type(e).__name__}: {str(e)[:200]}"
        body = (tmp / "out.txt").read_text(encoding="utf-8")
        share, missing = check(truth, body)
        pages = body.count("\f")
        headers, footers = render.furniture(renderer, text.title, pages)
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy(pdf, folder / f"{doc_id}.pdf")
        shutil.copy(src, folder / f"{doc_id}{suffix}")
        shutil.copy(tmp / "bbox.html", folder / f"{doc_id}.bbox.html")
        (folder / f"{doc_id}.pdftotext.txt").write_text(body, encoding="utf-8")
        (folder / f"{doc_id}.truth.txt").write_text("".join(x + "\n" for x in truth), encoding="utf-8")
        sha = hashlib.sha256(pdf.read_bytes()).hexdigest()
    row: dict[str, object] = {
        "id": doc_id,
        "family": family,
        "source": text.source,
        "file": text.file,
        "renderer": render.producer(renderer),
        "language": text.language,
        "licence": text.licence,
        "split": half,
        "pages": pages,
        "words": sum(len(words(x)) for x in truth),
        "sha256": sha,
        "truth_check": f"{share:.4f}",
    }
    meta = {
        "name": doc_id,
        "family": family,
        "language": text.language,
        "split": "tune" if half == "tuning" else "validate",
        "pages": pages,
        "source": text.source,
        "file": text.file,
        "licence": text.licence,
        "renderer": row["renderer"],
        "title": text.title,
        "text_sha256": text.text_sha256,
        "truth_check": round(share, 4),
        "truth_missing": missing,
        "headings": [b.text for b in blocks if b.kind == "heading"],
        "captions": [b.text for b in blocks if b.kind == "caption"],
        "footnotes": [],
        "headers": headers,
        "footers": footers,
        "objects": [x for b in blocks if b.kind in NOT_TRUTH for x in b.text.split("\n") if x.strip()],
        "blocks": [[b.kind, b.level, b.text] for b in blocks],
        "row": row,
    }
    meta_file.write_text(json.dumps(meta, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return row


def _job(args: tuple[sources.Text | latex.Source, str, str, str, Path]) -> dict[str, object] | str:
    text, _renderer, _family, half, out = args
    if isinstance(text, latex.Source):
        return latex.build_one(text, half, out)
    return build_one(*args)  # type: ignore[arg-type]


def merge_rows(path: Path, rows: list[dict[str, object]], built: set[str]) -> list[dict[str, object]]:
    """The manifest's rows of the families not built now, and ``rows``: a partial build's manifest."""
    if not path.exists():
        return rows
    lines = path.read_text(encoding="utf-8").splitlines()
    head = lines[0].split("\t")
    kept: list[dict[str, object]] = [dict(zip(head, x.split("\t"), strict=True)) for x in lines[1:]]
    return [r for r in kept if r["family"] not in built] + rows


def write_manifest(rows: list[dict[str, object]], path: Path) -> None:
    lines = ["\t".join(COLUMNS)]
    for r in sorted(rows, key=lambda r: str(r["id"])):
        lines.append("\t".join(str(r[c]).replace("\t", " ") for c in COLUMNS))
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tmp.replace(path)


def sample(out: Path, dest: Path, rows: list[dict[str, object]], per: int = 2, cap_kb: int = 120) -> int:
    """Copy the ``per`` smallest documents (PDF under ``cap_kb``) of each family to ``dest``; bytes copied.

    Only the families of ``rows`` are replaced in ``dest``: a partial build keeps the others' sample.
    """
    for family in {str(r["family"]) for r in rows}:
        shutil.rmtree(dest / family, ignore_errors=True)
    size = 0
    by: dict[str, list[tuple[int, str]]] = {}
    for r in rows:
        pdf = out / str(r["family"]) / f"{r['id']}.pdf"
        if pdf.exists() and pdf.stat().st_size <= cap_kb * 1024 and float(str(r["truth_check"])) >= 0.99:
            by.setdefault(str(r["family"]), []).append((pdf.stat().st_size, str(r["id"])))
    for family, docs in sorted(by.items()):
        for _size, doc_id in sorted(docs)[:per]:
            (dest / family).mkdir(parents=True, exist_ok=True)
            for f in (out / family).glob(f"{doc_id}.*"):
                if f.name.endswith(
                    (".json", ".truth.txt", ".pdftotext.txt", ".pdf", ".html", ".fodt", ".marked.txt")
                ):
                    shutil.copy(f, dest / family / f.name)
                    size += f.stat().st_size
    return size


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--out", type=Path, default=HERE / "full")
    ap.add_argument("--wheels", type=Path, action="append", help="folders holding the pinned wheels")
    ap.add_argument("--only", default="", help="build only the families whose name starts with this")
    ap.add_argument("--renderers", default=",".join(RENDERERS), help="pdflatex: the LaTeX families")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--fresh", action="store_true", help="build every document again")
    ap.add_argument("--manifest", type=Path, default=HERE / "manifest.tsv")
    ap.add_argument("--sample", type=Path, help="copy a small sample of each family here")
    args = ap.parse_args(argv)
    if shutil.which("pdftotext") is None:
        print("real: pdftotext not found (run corpora/install-deps.sh)", file=sys.stderr)
        return 2
    if args.fresh:
        shutil.rmtree(args.out, ignore_errors=True)
    started = time.monotonic()
    half = splits()
    wheel_dirs = args.wheels or [args.out / "wheels"]
    wanted = [r for r in args.renderers.split(",") if r]
    unknown = [r for r in wanted if r not in RENDERERS]
    if unknown:
        print(f"real: unknown renderer {unknown[0]} (known: {', '.join(RENDERERS)})", file=sys.stderr)
        return 2
    jobs: list[tuple[sources.Text | latex.Source, str, str, str, Path]] = []
    html = [r for r in wanted if r in render.RENDERERS]
    if any(f"{s}-{r}".startswith(args.only) and f"{s}-{r}" in FAMILIES for s in SOURCES for r in html):
        for text in texts(wheel_dirs):
            for r in html:
                family = f"{source_family(text.key)}-{r}"
                if family in FAMILIES and family.startswith(args.only):
                    jobs.append((text, r, family, half[family], args.out))
    if "pdflatex" in wanted and any(f.startswith(args.only) for f in latex.FAMILIES):
        if shutil.which("pdflatex") is None:
            print("real: pdflatex not found (run corpora/install-deps.sh)", file=sys.stderr)
            return 2
        for src in latex.sources():
            if src.family.startswith(args.only):
                jobs.append((src, "pdflatex", src.family, half[src.family], args.out))
    print(f"real: {len(jobs)} documents to build", file=sys.stderr)
    rows: list[dict[str, object]] = []
    failed: list[str] = []
    # Chromium's documents first, in their own order: one browser at a time is what this machine takes.
    jobs.sort(key=lambda j: (j[1] != "chromium", j[0].key))
    built = {j[2] for j in jobs}
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        for n, got in enumerate(pool.map(_job, jobs, chunksize=1), 1):
            if isinstance(got, str):
                failed.append(got)
                print(f"real: failed: {got}", file=sys.stderr)
            else:
                rows.append(got)
            if n % 50 == 0:
                print(f"real: {n}/{len(jobs)} in {time.monotonic() - started:.0f} s", file=sys.stderr)
    # A LaTeX family's files of documents no longer in it (a source gone, or now in the other family) go.
    for family in built & set(latex.FAMILIES):
        ids = {j[0].key for j in jobs if j[2] == family}
        for f in (args.out / family).glob("*") if (args.out / family).is_dir() else []:
            if f.name.rsplit("--", 1)[0] not in ids:
                f.unlink()
    # A partial build replaces its families' rows (every document of a family is built or failed).
    write_manifest(merge_rows(args.manifest, rows, built), args.manifest)
    elapsed = time.monotonic() - started
    size = sum(f.stat().st_size for f in args.out.rglob("*") if f.is_file() and "wheels" not in f.parts)
    families = Counter(str(r["family"]) for r in rows)
    low = sum(float(str(r["truth_check"])) < 1 for r in rows)
    print(
        f"real: {len(rows)} documents in {len(families)} families, {len(failed)} failed, "
        f"{low} with truth_check below 1; {elapsed:.0f} s; {size / 2**20:.0f} MB in {args.out}",
        file=sys.stderr,
    )
    if args.sample:
        copied = sample(args.out, args.sample, rows)
        print(f"real: sample of {copied / 2**20:.1f} MB in {args.sample}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
