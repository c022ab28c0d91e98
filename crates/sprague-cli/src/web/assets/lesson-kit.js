// What the lesson scripts of `sprague serve`'s page share (lessons.js:
// lessons 2 to 6; lessons-more.js: lessons 7 and 8): asking the server
// (each question once), the moves of a position with where each leads, a
// table of numbers in binary, and running the lesson a page names in its
// <body data-lesson>, which a lesson script adds to `lessons`. The kit
// knows no answer either: every number comes from the server.
"use strict";

window.lessonKit = (() => {
  const $ = (id) => document.getElementById(id);
  const make = (tag, className, text) => {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  };

  async function post(name, body) {
    const response = await fetch("/api/" + name, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = await response.json();
    if (!response.ok) throw new Error(data.error || response.statusText);
    return data;
  }

  const cache = new Map();
  /** /api/`name` of `body`, asked once. */
  function once(name, body) {
    const key = name + " " + JSON.stringify(body);
    if (!cache.has(key)) {
      const answer = post(name, body);
      // A failed question is asked again next time, not remembered.
      answer.catch(() => cache.delete(key));
      cache.set(key, answer);
    }
    return cache.get(key);
  }
  /** Misère play: the page's <body data-misere="true"> (lesson 6). */
  const misere = () => document.body.dataset.misere === "true";
  /** `analyze --explain` of `position`: its value, and its rows and nim-sum in binary. */
  const analysis = (position) => once("analyze", { position, explain: true, misere: misere() });
  /** /api/board of `position`: its outcome, value and moves. */
  const board = (position) => once("board", { position, misere: misere() });

  /** The moves of `position`: [{text, label, after}], where each leads. */
  async function moves(position) {
    const clicks = (await board(position)).boards.flatMap((x) => x.clicks);
    const out = [];
    const seen = new Set();
    for (const c of clicks) {
      if (seen.has(c.text)) continue;
      seen.add(c.text);
      const turn = await once("play", { position, move: c.text, reply: false, misere: misere() });
      out.push({ text: c.text, label: turn.you.description, after: turn.you.after });
    }
    return out;
  }

  /**
   * Rows in binary with their nim-sum, as a table: `rows` of {label,
   * value}, the sum row labelled "nim-sum ⊕". The bits are the numbers'
   * own, written by the browser; the numbers are the server's.
   */
  function binaryTable(rows, label) {
    const table = make("table", "binary");
    table.setAttribute("aria-label", label);
    const body = make("tbody");
    const sum = rows.reduce((s, r) => s ^ r.value, 0);
    const width = Math.max(1, ...rows.map((r) => r.value.toString(2).length), sum.toString(2).length);
    const row = (name, value, cls) => {
      const tr = make("tr", cls);
      tr.append(make("th", "", name), make("td", "num", String(value)), make("td", "bits", value.toString(2).padStart(width, "0")));
      body.append(tr);
    };
    for (const r of rows) row(r.label, r.value, "");
    row("nim-sum ⊕", sum, "sum");
    table.append(body);
    return table;
  }

  /** The binary table of `position`'s analysis (Bouton's rows). */
  async function nimSumTable(position) {
    const a = await analysis(position);
    return binaryTable(a.binary.rows, `The heaps of ${position} in binary and their nim-sum`);
  }

  const fail = (box, e) => box.replaceChildren(make("p", "error", "error: " + e.message));
  const paragraph = (cls, ...parts) => {
    const p = make("p", cls);
    for (const x of parts) p.append(typeof x === "string" ? document.createTextNode(x) : x);
    return p;
  };

  /** The heaps of a heap position: "nim 4 5 0" gives [4, 5, 0]. */
  const heapsOf = (position) => position.trim().split(/\s+/).slice(1).map(Number);
  const mex = (values) => {
    let m = 0;
    while (values.includes(m)) m++;
    return m;
  };
  const setText = (values) => `{${[...new Set(values)].sort((a, b) => a - b).join(", ")}}`;

  /** The lessons by name (<body data-lesson>), added by the lesson scripts. */
  const lessons = {};
  document.addEventListener("DOMContentLoaded", async () => {
    try {
      await lessons[document.body.dataset.lesson]();
    } catch (e) {
      document.querySelector("main").prepend(make("p", "error", "error: " + e.message));
    }
    document.body.dataset.ready = "true";
  });

  return { $, make, post, once, misere, analysis, board, moves, binaryTable, nimSumTable, fail, paragraph, heapsOf, mex, setText, lessons };
})();
