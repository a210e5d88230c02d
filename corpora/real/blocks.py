"""Any HTML page as a tree of blocks, written out again as clean HTML with its truth.

The real corpus takes text other people wrote, in HTML from four generators
(markdown-it-py, docutils, DocBook's XSL, Sphinx, Publican), and prints it with
several renderers.  Its ground truth must be exact by construction, so the page
is not printed as it came: it is parsed into blocks (:func:`parse`), and the
HTML that is printed is written from those blocks (:func:`to_html`).  Each
block is then one box of the printed page and its text is the block's text
with white space collapsed, as CSS collapses it: the truth cannot disagree with
the page about where a paragraph starts or ends.

Block kinds (the truth's kinds): ``heading`` (with its level), ``body``,
``item`` (the first paragraph of a list item; a numbered item starts with its
number, ``3.``, as the writer sets it; a bullet is left out), ``term`` (a
definition list's term), ``caption``, ``code`` (a ``pre`` block, lines kept),
``cell`` (a table cell), ``label`` (an admonition's ``Note``).  Pictures become
empty boxes of their size (a badge stays a small box in the line): their text,
if any, is not printed, so it is not in the truth.

>>> page = parse('<h2>Use <a href="x">it</a></h2><p>One\\n  two.<br>Three</p>'
...              '<ol start="4"><li>First</li><li><p>Second</p><pre>$ run\\n</pre></li></ol>')
>>> for b in leaves(page):
...     print(b.kind, b.level, repr(b.text))
heading 2 'Use it'
body 0 'One two. Three'
item 0 '4. First'
item 0 '5. Second'
code 0 '$ run'
>>> print(to_html(page))
<h2>Use <span class="a">it</span></h2>
<p>One two.<br>Three</p>
<ol start="4">
<li>First</li>
<li>Second
<pre>$ run</pre></li>
</ol>
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser

__all__ = ["Block", "Node", "leaves", "parse", "to_html", "words_of"]

#: Elements whose content is never printed.
SKIP = frozenset(
    "script style head title meta link noscript form button input select textarea svg math iframe "
    "video audio object embed template nav canvas map area source track".split()
)
#: Inline elements kept (as themselves, without attributes); other inline tags become spans.
INLINE_KEEP = {
    "em": "em", "i": "em", "cite": "em", "var": "em", "dfn": "em",
    "strong": "strong", "b": "strong",
    "code": "code", "tt": "code", "kbd": "code", "samp": "code",
    "sub": "sub", "sup": "sup", "small": "small", "del": "del", "s": "del", "strike": "del",
    "u": "u", "ins": "u", "mark": "mark",
}  # fmt: skip
#: Block-level elements: they end the paragraph before them.
BLOCK = frozenset(
    "p div section article main header footer aside blockquote figure figcaption li ul ol dl dt dd "
    "h1 h2 h3 h4 h5 h6 pre table thead tbody tfoot tr td th caption details summary hr center "
    "address body html colgroup col menu dir".split()
)
VOID = frozenset("br img hr wbr col input meta link area source track embed".split())
HEADINGS = {f"h{n}": n for n in range(1, 7)}


@dataclass
class Node:
    """An element of the parsed page: tag, attributes, children (nodes or text)."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Node | str] = field(default_factory=list)


class _Tree(HTMLParser):
    """A forgiving tree builder: unclosed ``p`` and ``li`` are closed as browsers close them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("root")
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in BLOCK and any(n.tag == "p" for n in self.stack):
            self._close("p")
        if tag == "li":
            self._close("li", stop={"ul", "ol", "menu"})
        if tag in ("dt", "dd"):
            self._close("dt", stop={"dl"})
            self._close("dd", stop={"dl"})
        if tag in ("td", "th"):
            self._close("td", stop={"tr", "table"})
            self._close("th", stop={"tr", "table"})
        if tag == "tr":
            self._close("tr", stop={"table", "tbody", "thead", "tfoot"})
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack[-1].tag == tag:
            self.stack.pop()

    def _close(self, tag: str, stop: frozenset[str] | set[str] = frozenset()) -> None:
        for k in range(len(self.stack) - 1, 0, -1):
            if self.stack[k].tag in stop:
                return
            if self.stack[k].tag == tag:
                del self.stack[k:]
                return

    def handle_endtag(self, tag: str) -> None:
        self._close(tag)

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def dom(text: str) -> Node:
    """The element tree of an HTML text."""
    t = _Tree()
    t.feed(text)
    t.close()
    return t.root


# ---------------------------------------------------------------- blocks


@dataclass
class Block:
    """A container (``list``, ``li``, ``quote``, ``note``, ``table``, ``row``, ``dl``, ``dd``,
    ``figure``, ``rule``) or a leaf holding text (every kind of the module docstring)."""

    kind: str
    level: int = 0
    text: str = ""  # a leaf's truth: white space collapsed (a code block keeps its lines)
    inline: str = ""  # a leaf's HTML
    children: list[Block] = field(default_factory=list)
    attrs: dict[str, str] = field(default_factory=dict)


LEAF = frozenset({"heading", "body", "item", "term", "caption", "code", "cell", "label", "picture"})


def leaves(b: Block) -> Iterator[Block]:
    """The leaves of ``b`` in reading order."""
    if b.kind in LEAF:
        yield b
    for c in b.children:
        yield from leaves(c)


_SPACE = re.compile(r"[ \t\n\r\f\u200b]+")


def _collapse(s: str) -> str:
    return _SPACE.sub(" ", s.replace("\u00ad", "")).strip()


class _Inline:
    """Collects a run of inline content: its HTML and its text."""

    def __init__(self) -> None:
        self.html: list[str] = []
        self.text: list[str] = []

    def empty(self) -> bool:
        return not _collapse("".join(self.text))

    def add(self, node: Node | str) -> None:
        if isinstance(node, str):
            self.html.append(html.escape(_SPACE.sub(" ", node), quote=False))
            self.text.append(node)
            return
        tag = node.tag
        if tag in SKIP or "headerlink" in node.attrs.get("class", ""):
            return
        if tag == "br":
            self.html.append("<br>")
            self.text.append(" ")
            return
        if tag == "img":
            self.html.append(_picture(node, inline=True))
            return
        if tag == "wbr":
            return
        name = INLINE_KEEP.get(tag, "span")
        cls = ' class="a"' if tag == "a" else ""
        self.html.append(f"<{name}{cls}>")
        for c in node.children:
            self.add(c)
        self.html.append(f"</{name}>")


def _size(value: str, default: int, cap: int) -> int:
    m = re.match(r"\s*(\d+)", value or "")
    return min(cap, int(m.group(1))) if m else default


def _picture(node: Node, inline: bool) -> str:
    """An empty box in a picture's place: a badge (inline) keeps about its size."""
    w = _size(node.attrs.get("width", ""), 80 if inline else 240, 400 if not inline else 120)
    h = _size(node.attrs.get("height", ""), 14 if inline else 90, 220 if not inline else 20)
    return f'<span class="pic" style="width:{w}px;height:{h}px"></span>'


class _Walk:
    """The blocks of an element tree."""

    def __init__(self) -> None:
        self.pending = _Inline()

    def flush(self, out: list[Block], kind: str, level: int = 0) -> None:
        p, self.pending = self.pending, _Inline()
        text = _collapse("".join(p.text))
        inline = "".join(p.html).strip()
        if text:
            out.append(Block(kind, level, text, inline))
        elif 'class="pic"' in inline:  # a row of badges: boxes in a line, no text
            out.append(Block("picture", inline=inline))

    def children(self, node: Node, out: list[Block], kind: str, level: int = 0) -> None:
        """Walk ``node``'s children into ``out``; inline runs become leaves of ``kind``."""
        for c in node.children:
            if isinstance(c, str) or (c.tag not in BLOCK and c.tag not in SKIP):
                if isinstance(c, Node) and c.tag == "img" and self.pending.empty() and _alone(node, c):
                    self.flush(out, kind, level)
                    out.append(Block("picture", inline=_picture(c, inline=False)))
                else:
                    self.pending.add(c)
                continue
            if c.tag in SKIP:
                continue
            self.flush(out, kind, level)
            self.block(c, out)
        self.flush(out, kind, level)

    def block(self, node: Node, out: list[Block]) -> None:
        tag, cls = node.tag, node.attrs.get("class", "")
        if tag in HEADINGS:
            inner = _Walk()
            got: list[Block] = []
            inner.children(node, got, "heading", HEADINGS[tag])
            # A heading is one line of text: anything block-like in it is joined.
            got = [b for b in got if b.text]
            if got:
                text = " ".join(b.text for b in got)
                out.append(Block("heading", HEADINGS[tag], text, " ".join(b.inline for b in got)))
        elif tag == "pre":
            text = _pre_text(node).strip("\n")
            if text.strip():
                out.append(Block("code", text="\n".join(x.rstrip() for x in text.split("\n"))))
        elif tag in ("ul", "ol", "menu", "dir"):
            lst = Block("list", attrs={"ordered": "1" if tag == "ol" else ""})
            number = _size(node.attrs.get("start", ""), 1, 10**6) if tag == "ol" else 0
            for c in node.children:
                if isinstance(c, Node) and c.tag == "li":
                    if tag == "ol" and c.attrs.get("value", "").isdigit():
                        number = int(c.attrs["value"])
                    lst.children.append(self.item(c, number))
                    number += 1 if tag == "ol" else 0
                elif isinstance(c, Node) and c.tag in BLOCK:  # stray blocks in a list: an item each
                    lst.children.append(self.item(c, 0))
            if lst.children:
                if tag == "ol":
                    lst.attrs["start"] = str(lst.children[0].level or 1)
                out.append(lst)
        elif tag == "dl":
            dl = Block("dl")
            for c in node.children:
                if isinstance(c, Node) and c.tag == "dt":
                    _Walk().children(c, dl.children, "term")
                elif isinstance(c, Node) and c.tag == "dd":
                    dd = Block("dd")
                    _Walk().children(c, dd.children, "body")
                    if dd.children:
                        dl.children.append(dd)
            if dl.children:
                out.append(dl)
        elif tag == "table" and not _layout_table(node):
            out.append(self.table(node))
        elif tag in ("blockquote", "aside") or any(
            k in cls.split() for k in ("note", "tip", "warning", "caution", "important", "admonition")
        ):
            box = Block("note" if tag != "blockquote" else "quote")
            _Walk().children(node, box.children, "body")
            if box.children:
                out.append(box)
        elif tag == "hr":
            out.append(Block("rule"))
        elif tag in ("figcaption", "caption") or (tag == "p" and {"title", "caption"} & set(cls.split())):
            self.children(node, out, "caption")
        elif tag == "th" or (tag == "p" and {"admonition-title", "label"} & set(cls.split())):
            self.children(node, out, "label")
        else:
            self.children(node, out, "body")

    def item(self, li: Node, number: int) -> Block:
        item = Block("li", level=number)
        got: list[Block] = []
        _Walk().children(li, got, "body")
        first = next((b for b in got if b.kind in ("body", "item")), None)
        if first is not None and got.index(first) == 0:
            first.kind = "item"
            if number:
                first.text = f"{number}. {first.text}"
        item.children = got
        return item

    def table(self, node: Node) -> Block:
        table = Block("table")
        rows: list[Node] = []

        def collect(n: Node) -> None:
            for c in n.children:
                if isinstance(c, Node):
                    if c.tag == "tr":
                        rows.append(c)
                    elif c.tag in ("thead", "tbody", "tfoot"):
                        collect(c)
                    elif c.tag == "caption":
                        _Walk().children(c, table.children, "caption")

        collect(node)
        for r in rows:
            row = Block("row")
            for c in r.children:
                if isinstance(c, Node) and c.tag in ("td", "th"):
                    inner = _Inline()
                    _flatten(c, inner)
                    text = _collapse("".join(inner.text))
                    row.children.append(Block("cell", text=text, inline="".join(inner.html).strip()))
            if row.children:
                table.children.append(row)
        return table


def _alone(parent: Node, img: Node) -> bool:
    """Is the picture the only thing with content in its parent (a figure, not a badge)?"""
    others = [c for c in parent.children if c is not img and (not isinstance(c, str) or c.strip())]
    return not others and parent.tag in ("p", "div", "figure", "center", "root", "body", "a")


def _flatten(node: Node, into: _Inline) -> None:
    """A table cell's content as one inline run (its paragraphs joined)."""
    for c in node.children:
        if isinstance(c, Node) and (c.tag in BLOCK or c.tag == "pre"):
            into.text.append(" ")
            into.html.append(" ")
            _flatten(c, into)
        else:
            into.add(c)


def _pre_text(node: Node) -> str:
    out = []
    for c in node.children:
        if isinstance(c, str):
            out.append(c)
        elif c.tag == "br":
            out.append("\n")
        elif c.tag not in SKIP:
            out.append(_pre_text(c))
    return "".join(out)


def _layout_table(node: Node) -> bool:
    """A table used for layout (DocBook's admonitions, Sphinx's footnotes): its cells are blocks."""
    return node.attrs.get("border") == "0" or "footnote" in node.attrs.get("class", "")


def parse(page: str | Node) -> Block:
    """The blocks of an HTML page or fragment (or of an element of it)."""
    root = dom(page) if isinstance(page, str) else page
    top = Block("root")
    _Walk().children(root, top.children, "body")
    return _clean(top)


def _clean(b: Block) -> Block:
    """Containers left without text are dropped (a picture counts as content)."""
    kept = []
    for c in b.children:
        c = _clean(c)
        if c.kind in LEAF or c.kind == "rule" or c.children:
            kept.append(c)
    b.children = kept
    return b


# ---------------------------------------------------------------- writing HTML


def to_html(b: Block) -> str:
    """The HTML of a block tree: one element per leaf, so each leaf is one printed box."""
    return "\n".join(_html(c) for c in b.children)


def _html(b: Block) -> str:
    k = b.kind
    inner = "\n".join(_html(c) for c in b.children)
    if k == "heading":
        n = min(max(b.level, 1), 6)
        return f"<h{n}>{b.inline}</h{n}>"
    if k == "body":
        return f"<p>{b.inline}</p>"
    if k == "item":  # the first paragraph of a list item: the marker stands before its first line
        return b.inline
    if k == "label":
        return f'<p class="label">{b.inline}</p>'
    if k == "caption":
        return f'<p class="caption">{b.inline}</p>'
    if k == "term":
        return f"<dt>{b.inline}</dt>"
    if k == "code":
        return f"<pre>{html.escape(b.text, quote=False)}</pre>"
    if k == "picture":
        return f'<p class="pics">{b.inline}</p>'
    if k == "rule":
        return "<hr>"
    if k == "list":
        if b.attrs.get("ordered"):
            return f'<ol start="{b.attrs.get("start", "1")}">\n{inner}\n</ol>'
        return f"<ul>\n{inner}\n</ul>"
    if k == "li":
        return f"<li>{inner}</li>"
    if k == "dl":
        return f"<dl>\n{inner}\n</dl>"
    if k == "dd":
        return f"<dd>{inner}</dd>"
    if k in ("quote", "note"):
        return f"<blockquote>{inner}</blockquote>" if k == "quote" else f'<div class="note">{inner}</div>'
    if k == "table":
        caps = [c for c in b.children if c.kind == "caption"]
        rows = [c for c in b.children if c.kind == "row"]
        cap = f"<caption>{caps[0].inline}</caption>" if caps else ""
        body = "\n".join("<tr>" + "".join(f"<td>{c.inline}</td>" for c in r.children) + "</tr>" for r in rows)
        return f"<table>{cap}\n{body}\n</table>"
    return inner


def words_of(b: Block) -> int:
    """The number of words of the truth in ``b`` (code and cells left out; a CJK character a word)."""
    return sum(
        len(x.text.split()) + sum("\u3040" <= c <= "\u9fff" for c in x.text)
        for x in leaves(b)
        if x.kind not in ("code", "cell")
    )
