// What the lesson scripts of `sprague serve`'s page share (lessons.js:
// lessons 2 to 6; lessons-more.js: lessons 7 and 8): asking the server
// (each question once), the moves of a position with where each leads, a
// table of numbers in binary, a "play a small position" section (every
// lesson but 1: the student plays against the computer, the lesson
// explains each position reached), and running the lesson a page names in
// its <body data-lesson>, which a lesson script adds to `lessons`. The kit
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

  /**
   * A "play a small position" section, its elements named from `p`:
   * `${p}-start` (the position: a <select>), `${p}-new` (Start),
   * `${p}-status`, `${p}-heaps` (the heaps, a token a button for each move
   * it starts, and a button for each move on several heaps; a heap too
   * large for the server to list its moves is a number, its moves typed), the optional
   * `${p}-move` and `${p}-go` (a move typed as `sprague play` takes it)
   * and `${p}-log`. The computer plays perfectly (/api/play). After every
   * turn `explain(position)` (the lesson's) says what the lesson's theorem
   * makes of the position reached; `endings` are the status when the
   * student, or the computer, has made the game's last move. `${p}-heaps`
   * carries the position in data-position, and in data-shown once the
   * explanation of it is written.
   */
  function playSection(p, { explain, endings }) {
    const state = { position: "", over: true };
    const last = endings || ["You made the last move: you win.", "The computer made the last move: it wins. Start again, and follow the lesson's rule."];

    function tokenButton(click) {
      const t = make("button", "token");
      t.type = "button";
      t.dataset.move = click.text;
      t.setAttribute("aria-label", click.label);
      t.title = click.label;
      t.addEventListener("click", () => move(click.text));
      return t;
    }

    async function show(position) {
      state.position = position;
      const b = await board(position);
      const box = $(`${p}-heaps`);
      box.dataset.position = position;
      box.replaceChildren();
      for (const part of b.boards) {
        if (b.boards.length > 1) box.append(make("p", "heap-part", part.notation));
        const unit = (part.shape && part.shape.unit) || "heap";
        ((part.shape && part.shape.heaps) || []).forEach((size, h) => {
          const row = make("div", "heap");
          row.append(make("span", "heap-label", `${unit} ${h + 1}`));
          const tokens = make("span", "tokens");
          if (part.typed_only) tokens.append(make("span", "heap-empty", `${size} tokens: too many to draw, type a move`));
          else for (let i = 0; i < size; i++) {
            const click = part.clicks.find((c) => c.on === "token" && c.heap === h && c.index === i);
            tokens.append(state.over || !click ? make("span", "token inert") : tokenButton(click));
          }
          if (size === 0) tokens.append(make("span", "heap-empty", "empty"));
          row.append(tokens, make("span", "heap-count", String(size)));
          box.append(row);
        });
        const others = state.over ? [] : part.clicks.filter((c) => c.on !== "token");
        if (others.length > 0) {
          const list = make("ul", "lesson-moves");
          for (const c of others) {
            const button = make("button", "", c.label);
            button.type = "button";
            button.dataset.move = c.text;
            button.addEventListener("click", () => move(c.text));
            const li = make("li");
            li.append(button);
            list.append(li);
          }
          box.append(make("p", "note", "Moves on several heaps:"), list);
        }
      }
      await explain(position);
      box.dataset.shown = position;
    }

    async function start() {
      state.over = false;
      $(`${p}-log`).replaceChildren();
      $(`${p}-status`).textContent = "Your move.";
      try {
        await show($(`${p}-start`).value);
      } catch (e) {
        fail($(`${p}-status`), e);
      }
    }

    /** Plays `text`; true when the server took it. */
    async function move(text) {
      if (state.over) return false;
      state.over = true;
      $(`${p}-status`).textContent = "…";
      try {
        const turn = await post("play", { position: state.position, move: text, misere: misere() });
        const left = await analysis(turn.you.after);
        $(`${p}-log`).append(make("li", "", `You: ${turn.you.description}, leaving ${turn.you.after}; ${left.summary}.`));
        if (turn.computer) {
          const then = await analysis(turn.computer.after);
          $(`${p}-log`).append(make("li", "", `Computer: ${turn.computer.description}, leaving ${turn.computer.after}; ${then.summary}.`));
        }
        state.over = turn.winner !== null;
        $(`${p}-status`).textContent = turn.winner === "you" ? last[0] : turn.winner === "computer" ? last[1] : "Your move.";
        await show(turn.position);
        return true;
      } catch (e) {
        state.over = false;
        fail($(`${p}-status`), e);
        return false;
      }
    }

    $(`${p}-new`).addEventListener("click", start);
    const typed = $(`${p}-move`);
    if (typed) {
      const go = () => {
        const text = typed.value.trim();
        // A move the server refuses stays in the box, to be corrected.
        if (text !== "") move(text).then((ok) => { if (ok) typed.value = ""; });
      };
      $(`${p}-go`).addEventListener("click", go);
      typed.addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
    }
    return start();
  }

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

  return { $, make, post, once, misere, analysis, board, moves, binaryTable, nimSumTable, fail, paragraph, heapsOf, mex, setText, playSection, lessons };
})();
