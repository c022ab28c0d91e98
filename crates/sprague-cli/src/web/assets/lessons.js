// Lessons 2 to 4 of `sprague serve`'s page (lesson2.html, lesson3.html,
// lesson4.html; lesson 1 is lesson.js): each page names its lesson in
// <body data-lesson>, and this script runs that lesson's parts. The page
// knows no answer: every outcome, Grundy value, move, nim-sum and winning
// move is asked of the server (/api/analyze, /api/board, /api/play,
// /api/hint), and a wrong answer is explained from the lesson's theorem
// with the numbers the server gives.
"use strict";

(() => {
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
    if (!cache.has(key)) cache.set(key, post(name, body));
    return cache.get(key);
  }
  /** `analyze --explain` of `position`: its value, and its rows and nim-sum in binary. */
  const analysis = (position) => once("analyze", { position, explain: true });
  /** /api/board of `position`: its outcome, value and moves. */
  const board = (position) => once("board", { position });

  /** The moves of `position`: [{text, label, after}], where each leads. */
  async function moves(position) {
    const clicks = (await board(position)).boards.flatMap((x) => x.clicks);
    const out = [];
    const seen = new Set();
    for (const c of clicks) {
      if (seen.has(c.text)) continue;
      seen.add(c.text);
      const turn = await once("play", { position, move: c.text, reply: false });
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

  // -------------------------------------------------------------------------
  // Lesson 2: Nim and Bouton's theorem.

  const nim = { position: "", over: true };

  /** The heaps of a Nim position: "nim 4 5 0" gives [4, 5, 0]. */
  const heapsOf = (position) => position.trim().split(/\s+/).slice(1).map(Number);

  async function nimShow(position) {
    nim.position = position;
    const heaps = heapsOf(position);
    const [a, b] = await Promise.all([analysis(position), board(position)]);
    const clicks = b.boards.flatMap((x) => x.clicks);
    const box = $("nim-heaps");
    box.dataset.position = position;
    box.replaceChildren();
    heaps.forEach((size, h) => {
      const row = make("div", "heap");
      row.append(make("span", "heap-label", `heap ${h + 1}`));
      const tokens = make("span", "tokens");
      for (let i = 0; i < size; i++) {
        const click = clicks.find((c) => c.heap === h && c.index === i);
        if (nim.over || !click) {
          tokens.append(make("span", "token inert"));
          continue;
        }
        const t = make("button", "token");
        t.type = "button";
        t.dataset.move = click.text;
        t.setAttribute("aria-label", click.label);
        t.title = click.label;
        t.addEventListener("click", () => nimMove(click.text));
        tokens.append(t);
      }
      if (size === 0) tokens.append(make("span", "heap-empty", "empty"));
      row.append(tokens, make("span", "heap-count", String(size)));
      box.append(row);
    });
    $("nim-binary").replaceChildren(make("p", "note", "The heaps in binary; the nim-sum is the XOR of the rows:"), await nimSumTable(position));
    const s = a.binary.nim_sum;
    $("nim-verdict").textContent = s === 0
      ? `${a.summary}: a P-position. Whoever moves from here leaves a nim-sum that is not 0.`
      : `${a.summary}, not 0: an N-position. The player to move wins by leaving a nim-sum of 0.`;
    $("nim-verdict").dataset.nimSum = String(s);
  }

  async function nimStart() {
    nim.over = false;
    $("nim-log").replaceChildren();
    $("nim-status").textContent = "Your move.";
    try {
      await nimShow($("nim-start").value);
    } catch (e) {
      fail($("nim-status"), e);
    }
  }

  async function nimMove(text) {
    if (nim.over) return;
    nim.over = true;
    $("nim-status").textContent = "…";
    try {
      const turn = await post("play", { position: nim.position, move: text });
      const left = await analysis(turn.you.after);
      $("nim-log").append(make("li", "", `You: ${turn.you.description}, leaving ${turn.you.after}; ${left.summary}.`));
      if (turn.computer) {
        const then = await analysis(turn.computer.after);
        $("nim-log").append(make("li", "", `Computer: ${turn.computer.description}, leaving ${turn.computer.after}; ${then.summary}.`));
      }
      nim.over = turn.winner !== null;
      $("nim-status").textContent = turn.winner === "you"
        ? "You took the last token: you win."
        : turn.winner === "computer" ? "The computer took the last token: it wins. Start again, and leave a nim-sum of 0 after each of your moves." : "Your move.";
      await nimShow(turn.position);
    } catch (e) {
      nim.over = false;
      fail($("nim-status"), e);
    }
  }

  async function nimExercise() {
    const position = $("exercise-position").textContent.trim();
    const heaps = heapsOf(position);
    heaps.forEach((size, h) => {
      const o = make("option", "", `heap ${h + 1} (${size} tokens)`);
      o.value = String(h + 1);
      $("exercise-heap").append(o);
    });
    $("exercise-check").addEventListener("click", async () => {
      const box = $("exercise-result");
      const h = Number($("exercise-heap").value);
      const size = heaps[h - 1];
      const raw = $("exercise-leave").value.trim();
      const leave = Number(raw);
      if (raw === "" || !Number.isInteger(leave) || leave < 0 || leave >= size) {
        box.replaceChildren(make("p", "lesson-wrong", `Not a move: a move takes at least one token from the heap, so heap ${h} (${size} tokens) can be left with 0 to ${size - 1}.`));
        return;
      }
      box.replaceChildren(make("p", "note", "checking…"));
      try {
        const text = `${h} ${size - leave}`;
        const [turn, hint, before] = await Promise.all([
          once("play", { position, move: text, reply: false }), once("hint", { position }), analysis(position)]);
        const after = turn.you.after;
        const left = await analysis(after);
        const table = await nimSumTable(after);
        if (hint.winning.includes(text)) {
          box.replaceChildren(
            paragraph("lesson-right", `Right: ${turn.you.description} leaves ${after}, and ${left.summary}:`),
            table,
            paragraph("", `a P-position. Whatever your opponent takes next changes a column, so the nim-sum is no longer 0, and you can make it 0 again, until you take the last token. (${position} has ${hint.winning.length} winning moves; any of them is right.)`));
          return;
        }
        const reply = await once("hint", { position: after });
        box.replaceChildren(
          paragraph("lesson-wrong", `Not this one: ${turn.you.description} leaves ${after}, and ${left.summary}, not 0:`),
          table,
          paragraph("", `an N-position: your opponent wins from it, by ${reply.move.description}, which leaves ${reply.move.after} with a nim-sum of 0. A winning move leaves a nim-sum of 0. In ${position}, ${before.summary} (${before.binary.nim_sum_binary} in binary): take from a heap with a 1 in the highest column of the nim-sum, and leave it h ⊕ ${before.binary.nim_sum}.`));
      } catch (e) {
        fail(box, e);
      }
    });
  }

  async function nimLesson() {
    $("nim-new").addEventListener("click", nimStart);
    await nimStart();
    await nimExercise();
  }

  // -------------------------------------------------------------------------
  // Lesson 3: mex and Grundy values.

  /** The heaps of the Grundy table: 0 to G_LAST. */
  const G_LAST = 13;
  const mex = (values) => {
    let m = 0;
    while (values.includes(m)) m++;
    return m;
  };
  const setText = (values) => `{${[...new Set(values)].sort((a, b) => a - b).join(", ")}}`;

  /**
   * The explanation of the value `said` (a string as typed) for heap `n`
   * of `ruleset`, whose Grundy value is `truth`: the options, each with its
   * value (the server's), and their mex.
   */
  async function explainValue(ruleset, n, said, truth) {
    if (said === "") return `G(${n}) is not filled in.`;
    const options = [];
    for (const m of await moves(`${ruleset} ${n}`)) {
      const heap = m.after.trim().split(/\s+/).slice(1).join(" ");
      options.push({ heap, value: (await board(m.after)).value, label: m.label });
    }
    const not = `G(${n}) is ${truth}, not ${said}`;
    if (options.length === 0) {
      return `${not}: heap ${n} has no move, so the set of its options' values is empty, and mex{} = 0.`;
    }
    const values = options.map((o) => o.value);
    const listed = options.map((o) => `G(${o.heap}) = ${o.value} (${o.label})`).join(", ");
    const why = Number(said) === truth ? "" : values.includes(Number(said))
      ? ` ${said} is the value of an option, so it cannot be the mex.`
      : Number(said) > truth ? ` ${truth} is missing from the set, and the mex is the least number missing.` : "";
    return `${not}: the moves from heap ${n} lead to ${listed}. The set of these values is ${setText(values)}; its mex, the least whole number not in it, is ${mex(values)}.${why}`;
  }

  function buildValueTable() {
    for (let n = 0; n <= G_LAST; n++) {
      const th = make("th", "", String(n));
      th.scope = "col";
      $("g-heaps").append(th);
      const td = make("td", "pn-cell");
      const input = make("input", "g-answer");
      input.id = `g-${n}`;
      input.type = "text";
      input.inputMode = "numeric";
      input.autocomplete = "off";
      input.setAttribute("aria-label", `G(${n})`);
      td.append(input);
      $("g-answers").append(td);
    }
  }

  async function checkValues() {
    const ruleset = $("lesson-ruleset").textContent.trim();
    const box = $("g-result");
    box.replaceChildren(make("p", "note", "checking…"));
    try {
      const wrong = [];
      for (let n = 0; n <= G_LAST; n++) {
        const truth = (await board(`${ruleset} ${n}`)).value;
        const said = $(`g-${n}`).value.trim();
        const ok = said !== "" && /^\d+$/.test(said) && Number(said) === truth;
        $(`g-${n}`).parentElement.classList.toggle("right", ok);
        $(`g-${n}`).parentElement.classList.toggle("wrong", !ok);
        $(`g-${n}`).setAttribute("aria-invalid", String(!ok));
        if (!ok) wrong.push([n, said, truth]);
      }
      box.replaceChildren();
      if (wrong.length === 0) {
        const zeros = [];
        for (let n = 0; n <= G_LAST; n++) if ((await board(`${ruleset} ${n}`)).value === 0) zeros.push(n);
        box.append(make("p", "lesson-right", `All ${G_LAST + 1} right. The heaps of value 0 (${zeros.join(", ")}) are the P-positions of ${ruleset}; a heap of value g plays like a Nim heap of g tokens.`));
        return;
      }
      box.append(make("p", "lesson-wrong", `${wrong.length} of ${G_LAST + 1} not right yet (marked in the table):`));
      const list = make("ul", "explanations");
      for (const [n, said, truth] of wrong) {
        const li = make("li", "", await explainValue(ruleset, n, said, truth));
        li.dataset.heap = String(n);
        list.append(li);
      }
      box.append(list);
    } catch (e) {
      fail(box, e);
    }
  }

  async function grundyLesson() {
    buildValueTable();
    $("g-check").addEventListener("click", checkValues);
    const ruleset = $("lesson-ruleset").textContent.trim();
    const rules = (await board(`${ruleset} 0`)).rules;
    if (rules && rules[0]) $("lesson-rule").textContent = `In the notation of sprague: ${rules[0].ruleset}: ${rules[0].rule}.`;
  }

  // -------------------------------------------------------------------------
  // Lesson 4: sums of games (the Sprague-Grundy theorem).

  /** The components of a sum as typed: "a + b" gives ["a", "b"]. */
  const componentsOf = (position) => position.split(/\s+\+\s+/).map((c) => c.trim());

  /** The explanation of `said` for the sum `position` of value `truth`. */
  async function explainSum(position, said, truth) {
    const parts = [];
    for (const c of componentsOf(position)) parts.push({ label: `G(${c})`, value: (await board(c)).value });
    const values = parts.map((p) => p.value);
    const written = `${values.join(" ⊕ ")} = ${truth}`;
    const table = binaryTable(parts, `The Grundy values of the components of ${position} in binary and their nim-sum`);
    const start = said === "" ? `G(${position}) is not filled in.` : `G(${position}) is ${truth}, not ${said}.`;
    const plain = values.reduce((a, b) => a + b, 0);
    const added = said !== "" && Number(said) === plain && plain !== truth
      ? ` ${said} is the ordinary sum ${values.join(" + ")}: Grundy values are added by the nim-sum, in binary without carrying.` : "";
    const cancel = new Set(values).size < values.length ? " Components of equal value cancel: g ⊕ g = 0." : "";
    return [
      paragraph("", `${start} By the Sprague-Grundy theorem the value of a sum is the nim-sum of its components' values: ${parts.map((p) => `${p.label} = ${p.value}`).join(", ")}, and ${written}.${added}${cancel}`),
      table,
      paragraph("", truth === 0 ? "The nim-sum is 0: the sum is a P-position." : `The nim-sum is ${truth}, not 0: the sum is an N-position, and plays like a Nim heap of ${truth}.`),
    ];
  }

  async function checkSums() {
    const box = $("sum-result");
    box.replaceChildren(make("p", "note", "checking…"));
    try {
      const items = [...document.querySelectorAll("#sum-items li")];
      const wrong = [];
      for (const li of items) {
        const position = li.dataset.position;
        const truth = (await board(position)).value;
        const input = li.querySelector("input");
        const said = input.value.trim();
        const ok = /^\d+$/.test(said) && Number(said) === truth;
        li.classList.toggle("right", ok);
        li.classList.toggle("wrong", !ok);
        input.setAttribute("aria-invalid", String(!ok));
        if (!ok) wrong.push([position, said, truth]);
      }
      box.replaceChildren();
      if (wrong.length === 0) {
        box.append(make("p", "lesson-right", `All ${items.length} right: each sum's value is the nim-sum of its components' values.`));
        return;
      }
      box.append(make("p", "lesson-wrong", `${wrong.length} of ${items.length} not right yet:`));
      const list = make("ul", "explanations");
      for (const [position, said, truth] of wrong) {
        const li = make("li");
        li.dataset.position = position;
        li.append(...(await explainSum(position, said, truth)));
        list.append(li);
      }
      box.append(list);
    } catch (e) {
      fail(box, e);
    }
  }

  async function sumsLesson() {
    document.querySelectorAll("#sum-items li").forEach((li, i) => {
      const position = li.querySelector(".sum-position").textContent.trim();
      li.dataset.position = position;
      const label = make("label", "", " G = ");
      const input = make("input", "sum-answer");
      input.id = `sum-${i + 1}`;
      input.type = "text";
      input.inputMode = "numeric";
      input.autocomplete = "off";
      label.htmlFor = input.id;
      input.setAttribute("aria-label", `the Grundy value of ${position}`);
      li.append(label, input);
    });
    $("sum-check").addEventListener("click", checkSums);
  }

  const lessons = { nim: nimLesson, grundy: grundyLesson, sums: sumsLesson };

  document.addEventListener("DOMContentLoaded", async () => {
    try {
      await lessons[document.body.dataset.lesson]();
    } catch (e) {
      document.querySelector("main").prepend(make("p", "error", "error: " + e.message));
    }
    document.body.dataset.ready = "true";
  });
})();
