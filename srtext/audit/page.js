"use strict";
(function () {
  const data = JSON.parse(document.getElementById("data").textContent);
  const cols = data.lines;
  const count = cols["line.number"] ? (cols["line.number"].v || cols["line.number"].c).length : 0;
  const fields = Object.keys(cols);
  function value(name, i) {
    const col = cols[name];
    if (!col) return undefined;
    return col.d ? col.d[col.c[i]] : col.v[i];
  }
  let rows = null;  // element -> row, in document order; line number -> its elements; made on first use
  let byNumber = null;
  function index() {
    if (rows !== null) return;
    rows = new Map();
    byNumber = new Map();
    const all = document.querySelectorAll("#input .ln");
    for (let i = 0; i < all.length; i++) {
      rows.set(all[i], i);
      const n = value("line.number", i);
      if (!byNumber.has(n)) byNumber.set(n, []);
      byNumber.get(n).push(all[i]);
    }
  }
  function row(el) {
    index();
    return rows.get(el);
  }
  function elements(number) {
    index();
    return byNumber.get(number) || [];
  }
  const input = document.getElementById("input");
  const output = document.getElementById("output");
  const panel = document.getElementById("panel");
  const body = document.getElementById("panel-body");
  const style = document.createElement("style");
  document.head.appendChild(style);
  const selects = {kind: "f-kind", action: "f-action", rule: "f-rule"};
  const prefix = {kind: "k", action: "a", rule: "r"};
  const codes = {kind: data.kinds, action: data.actions, rule: data.rules};

  function tip(i) {
    return (value("rule", i) || "-") + ": " + value("reason", i);
  }
  input.addEventListener("mouseover", function (e) {
    const el = e.target.closest(".ln");
    if (el && !el.title) {
      const i = row(el);
      if (i !== undefined) el.title = tip(i);
    }
  });

  function clearSelection() {
    for (const el of document.querySelectorAll(".sel")) el.classList.remove("sel");
  }
  function cell(k, v) {
    const tr = document.createElement("tr");
    const a = document.createElement("td");
    const b = document.createElement("td");
    a.textContent = k;
    b.textContent = v === null || v === undefined ? "-"
      : (typeof v === "object" ? JSON.stringify(v) : String(v));
    tr.append(a, b);
    return tr;
  }
  function showLine(el) {
    const i = row(el);
    if (i === undefined) return;
    clearSelection();
    el.classList.add("sel");
    const box = document.querySelector('.bx[data-l="' + el.id.split("-")[0] + '"]');
    if (box) box.classList.add("sel");
    body.textContent = "";
    const h = document.createElement("h2");
    h.textContent = "line " + value("line.number", i) + ", page " + value("line.page", i);
    const pre = document.createElement("pre");
    pre.textContent = el.textContent;
    const table = document.createElement("table");
    for (const name of fields) {
      if (name !== "paragraph") table.append(cell(name, value(name, i)));
    }
    body.append(h, pre, table);
    const number = value("line.number", i);
    for (const [n, type, fields] of data.records) {
      if (n !== number) continue;
      const sub = document.createElement("table");
      const caption = document.createElement("caption");
      caption.textContent = type;
      sub.append(caption);
      const entries = fields && typeof fields === "object" && !Array.isArray(fields)
        ? Object.entries(fields) : [["value", fields]];
      for (const [k, v] of entries) sub.append(cell(k, v));
      body.append(sub);
    }
    const p = value("paragraph", i);
    if (p !== null && p !== undefined) {
      const par = document.getElementById("P" + p);
      if (par) {
        par.classList.add("sel");
        par.scrollIntoView({block: "nearest"});
        const note = document.createElement("p");
        note.textContent = "in paragraph " + (p + 1) + " (" + par.textContent.length
          + " characters), shown on the right";
        body.append(note);
      }
    } else {
      const note = document.createElement("p");
      note.textContent = "in no paragraph of the output";
      body.append(note);
    }
    panel.hidden = false;
  }
  function showParagraph(el) {
    const p = Number(el.id.slice(1));
    const lines = data.paragraphs[p] || [];
    clearSelection();
    el.classList.add("sel");
    const marked = [];
    for (const n of lines) {
      for (const ln of elements(n)) {
        const i = rows.get(ln);
        if (value("paragraph", i) === p || elements(n).length === 1) {
          ln.classList.add("sel");
          marked.push(i);
        }
      }
    }
    if (marked.length) document.querySelectorAll("#input .ln")[marked[0]].scrollIntoView({block: "nearest"});
    body.textContent = "";
    const h = document.createElement("h2");
    h.textContent = "paragraph " + (p + 1);
    const table = document.createElement("table");
    const span = lines.length ? lines[0] + "-" + lines[lines.length - 1] + " (" + lines.length + ")" : "-";
    table.append(cell("lines", span));
    table.append(cell("characters", el.textContent.length));
    const rules = new Map();
    for (const i of marked) rules.set(value("rule", i), (rules.get(value("rule", i)) || 0) + 1);
    for (const [r, n] of rules) table.append(cell("rule " + r, n + " line" + (n === 1 ? "" : "s")));
    body.append(h, table);
    panel.hidden = false;
  }
  input.addEventListener("click", function (e) {
    const box = e.target.closest(".bx");
    if (box) {  // a line's box on its page's outline: the line itself
      const line = document.getElementById(box.dataset.l);
      if (line) {
        showLine(line);
        line.scrollIntoView({block: "nearest"});
      }
      return;
    }
    const el = e.target.closest(".ln");
    if (el) showLine(el);
  });
  output.addEventListener("click", function (e) {
    const el = e.target.closest(".par");
    if (el) showParagraph(el);
  });
  function close() {
    panel.hidden = true;
    clearSelection();
  }
  document.getElementById("close").addEventListener("click", close);
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && !panel.hidden) close();
  });

  function chosen() {
    const out = {};
    for (const key in selects) out[key] = document.getElementById(selects[key]).value;
    return out;
  }
  function apply() {
    const c = chosen();
    let lines = "";
    let pars = "";
    for (const key in c) {
      if (c[key] !== "") lines += ":not(." + prefix[key] + c[key] + ")";
    }
    if (c.kind !== "") pars = "#output .par:not(.k" + c.kind + "){display:none}";
    style.textContent = (lines ? "#input .ln" + lines + "{display:none}" : "") + pars;
    let shown = Object.values(c).some(v => v !== "") ? 0 : count;  // no filter: no walk over the lines
    const want = {};
    for (const key in c) if (c[key] !== "") want[key] = codes[key][Number(c[key])];
    const keys = Object.keys(want);
    for (let i = 0; i < count && keys.length; i++) {
      let ok = true;
      for (const key of keys) {
        const v = value(key, i);
        if (v !== want[key] && !(key === "rule" && want[key] === "-" && !v)) { ok = false; break; }
      }
      if (ok) shown++;
    }
    document.getElementById("shown").textContent = shown + " of " + count + " lines shown";
  }
  function set(kind, action, rule) {
    document.getElementById("f-kind").value = kind;
    document.getElementById("f-action").value = action;
    document.getElementById("f-rule").value = rule;
    apply();
  }
  for (const key in selects) document.getElementById(selects[key]).addEventListener("change", apply);
  document.getElementById("only-dropped").addEventListener("click", function (e) {
    set("", e.target.dataset.action, "");
  });
  document.getElementById("only-headings").addEventListener("click", function (e) {
    set(e.target.dataset.kind, "", "");
  });
  document.getElementById("show-all").addEventListener("click", function () { set("", "", ""); });
  document.getElementById("counts").addEventListener("click", function (e) {
    const tr = e.target.closest("tr[data-rule]");
    if (tr) set("", "", tr.dataset.rule);
  });
  apply();
})();
