// The Genus and Quotient sections of the page of `sprague serve` (issue
// 40): the misère analysis of a heap game, as `sprague genus --json` and
// `sprague quotient --json` give it (/api/genus, /api/quotient). The genus
// g^(γ0 γ1 ...) of each heap (Conway, ONAG ch. 12) as a table with its
// tame/wild column; the misère quotient (Plambeck & Siegel 2008) as its
// presentation (generators, relations), its elements with the P-portion
// marked, and the pretending function heap by heap. Exponents are drawn as
// superscripts; the words are the command's.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);

  function make(tag, className, text) {
    const el = document.createElement(tag);
    if (className) el.className = className;
    if (text !== undefined) el.textContent = text;
    return el;
  }

  /**
   * A word of the command's notation with its exponents as superscripts:
   * `ab^2c` (an element), `a^2 = 1` (a relation), `0^120` (a genus).
   */
  function powers(word) {
    const span = make("span", "word");
    let at = 0;
    for (const m of word.matchAll(/\^([0-9,]+)/g)) {
      span.append(word.slice(at, m.index), make("sup", "", m[1]));
      at = m.index + m[0].length;
    }
    span.append(word.slice(at));
    return span;
  }

  /** POSTs `body` to /api/`name`: {ok, data}, the error in the page's terms. */
  async function ask(name, body) {
    try {
      const response = await fetch("/api/" + name, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const type = response.headers.get("Content-Type") || "";
      const data = type.startsWith("application/json") ? await response.json() : { error: await response.text() };
      if (!response.ok) data.error = SpragueLimits.forAnswer(name, data);
      return { ok: response.ok, data };
    } catch (e) {
      return { ok: false, data: { error: "cannot reach the server: " + e.message } };
    }
  }

  const latest = {};

  /**
   * Reads the section `name`'s form (ruleset, up to heap), asks the API,
   * and calls `draw` with the answer; errors go beside the fields, a limit
   * marking "up to heap".
   */
  async function run(name, draw) {
    const ruleset = $(`${name}-ruleset`);
    const to = $(`${name}-to`);
    const error = $(`${name}-error`);
    const out = $(`${name}-out`);
    const fail = (input, message) => {
      error.textContent = "error: " + message;
      error.hidden = false;
      input.setAttribute("aria-invalid", "true");
      out.hidden = true;
    };
    for (const el of [ruleset, to]) el.removeAttribute("aria-invalid");
    const text = to.value.trim();
    if (!/^\d+$/.test(text)) return fail(to, `\u201cup to heap\u201d: type a whole number (digits only), not "${text}"`);
    if (ruleset.value.trim() === "") return fail(ruleset, "type a ruleset first, e.g. kayles");
    const ticket = (latest[name] = (latest[name] || 0) + 1);
    const section = $(name);
    section.setAttribute("aria-busy", "true");
    const { ok, data } = await ask(name, { ruleset: ruleset.value.trim(), to: Number(text) });
    if (latest[name] !== ticket) return;
    section.removeAttribute("aria-busy");
    if (!ok) return fail(data.kind === "limit" || data.reason === "timeout" ? to : ruleset, data.error);
    error.hidden = true;
    error.textContent = "";
    draw(data);
    out.hidden = false;
  }

  // -------------------------------------------------------------------------
  // Genus

  function drawGenus(data) {
    const summary = $("genus-summary");
    summary.textContent =
      data.first_wild === null
        ? `${data.ruleset}: tame up to heap ${data.to}.`
        : data.first_wild === 0
        ? `${data.ruleset}: wild from heap 0.`
        : `${data.ruleset}: tame up to heap ${data.first_wild - 1}; first wild heap: ${data.first_wild}.`;
    const table = make("table", "genus");
    table.append(make("caption", "", `Genus of each heap of ${data.ruleset}, 0 to ${data.to}`));
    const head = make("tr");
    for (const [label, abbr] of [
      ["heap", null],
      ["genus", null],
      ["normal value g", null],
      ["misère values \u03b30 \u03b31 \u2026", "misère Grundy values with 0, 1, 2, … copies of *2 added"],
      ["tame", null],
    ]) {
      const th = make("th", "", label);
      th.scope = "col";
      if (abbr) th.title = abbr;
      head.append(th);
    }
    const thead = make("thead");
    thead.append(head);
    const tbody = make("tbody");
    for (const h of data.heaps) {
      const tr = make("tr", h.tame ? "tame" : "wild");
      if (h.heap === data.first_wild) tr.classList.add("first-wild");
      const th = make("th", "num", String(h.heap));
      th.scope = "row";
      const genus = make("td", "genus-cell");
      genus.append(powers(h.genus));
      tr.append(
        th,
        genus,
        make("td", "num", String(h.normal)),
        make("td", "num", h.misere.join(", ")),
        make("td", "", h.tame ? "tame" : "wild"),
      );
      tbody.append(tr);
    }
    table.append(thead, tbody);
    $("genus-table").replaceChildren(table);
  }

  // -------------------------------------------------------------------------
  // Quotient

  function drawQuotient(data) {
    $("quotient-summary").textContent =
      `${data.ruleset}, heaps 0 to ${data.to}: a monoid of order ${data.order}, ` +
      `${data.p_portion.length} of its elements in the P-portion.`;
    const gens = $("quotient-generators");
    gens.replaceChildren();
    if (data.generators.length === 0) gens.append(make("li", "", "none"));
    for (const g of data.generators) {
      const li = make("li");
      li.append(make("span", "word", g.name), ` = heap ${g.heap}`);
      gens.append(li);
    }
    const rels = $("quotient-relations");
    rels.replaceChildren();
    if (data.relations.length === 0) rels.append(make("li", "", "none"));
    for (const r of data.relations) {
      const li = make("li");
      li.append(powers(r));
      rels.append(li);
    }
    const inP = new Set(data.p_portion);
    const elements = $("quotient-elements");
    elements.replaceChildren();
    for (const e of data.elements) {
      const li = make("li", inP.has(e) ? "element p" : "element");
      li.append(powers(e));
      if (inP.has(e)) li.append(make("span", "sr-only", " (P-portion)"));
      elements.append(li);
    }
    const pretend = $("quotient-pretend");
    pretend.replaceChildren();
    data.pretend.forEach((e, heap) => {
      const li = make("li", inP.has(e) ? "p" : "");
      li.append(make("span", "heap-of", `heap ${heap}: `), powers(e));
      if (inP.has(e)) li.append(make("span", "sr-only", " (P-portion)"));
      pretend.append(li);
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("genus-form").addEventListener("submit", (e) => {
      e.preventDefault();
      run("genus", drawGenus);
    });
    $("quotient-form").addEventListener("submit", (e) => {
      e.preventDefault();
      run("quotient", drawQuotient);
    });
    document.body.dataset.misereReady = "true";
  });
})();
