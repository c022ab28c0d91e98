// Lesson 1 of `sprague serve`'s page (lesson.html): P- and N-positions of
// a subtraction game found by hand in a table, then an exercise (find the
// winning move from a larger heap). The page knows no answer: each is
// asked of the server (/api/board: a position's outcome and its moves;
// /api/play with "reply": false: where a move leads; /api/hint: a winning
// move; /api/sequence: the period), and a wrong answer is explained from
// the two facts of the lesson: a position with a move to a P-position is
// N, a position whose every move leads to an N-position is P.
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

  /** The lesson's game, as the page names it. */
  const game = () => $("lesson-ruleset").textContent.trim();
  /** The heaps of the table: 0 to LAST. */
  const LAST = 12;
  const heap = (n) => `${game()} ${n}`;

  const boards = new Map();
  /** /api/board of `position` (its outcome and its moves), asked once. */
  function board(position) {
    if (!boards.has(position)) boards.set(position, post("board", { position }));
    return boards.get(position);
  }

  /** The moves of `position`: [{text, label, after}], where each leads. */
  async function moves(position) {
    const b = await board(position);
    const clicks = b.boards.flatMap((x) => x.clicks);
    const seen = new Set();
    const out = [];
    for (const c of clicks) {
      if (seen.has(c.text)) continue;
      seen.add(c.text);
      const turn = await post("play", { position, move: c.text, reply: false });
      out.push({ text: c.text, label: turn.you.description, after: turn.you.after });
    }
    return out;
  }

  /** Why `position` is an N-position: a move to a P-position (from /api/hint). */
  async function whyN(position) {
    const h = await post("hint", { position });
    return `${h.move.description} leaves ${h.move.after}, a P-position`;
  }

  /**
   * The explanation of a wrong answer `said` ("P", "N" or "") for heap
   * `n`, whose outcome is `truth`, from the lesson's two facts.
   */
  async function explain(n, said, truth) {
    const position = heap(n);
    if (said === "") return `Heap ${n} is not filled in.`;
    if (truth === "N") {
      return `Heap ${n} is an N-position, not P: ${await whyN(position)}. A position with a move to a P-position is N: the player to move wins by making that move.`;
    }
    const all = await moves(position);
    if (all.length === 0) {
      return `Heap ${n} is a P-position, not N: it has no move at all, so the player to move has already lost.`;
    }
    const each = [];
    for (const m of all) each.push(`${m.label} leaves ${m.after}, an N-position (from there, ${await whyN(m.after)})`);
    return `Heap ${n} is a P-position, not N: every move leads to an N-position: ${each.join("; ")}. A position whose every move leads to an N-position is P: whoever must move from it loses.`;
  }

  function buildTable() {
    const heaps = $("pn-heaps");
    const answers = $("pn-answers");
    for (let n = 0; n <= LAST; n++) {
      const th = make("th", "", String(n));
      th.scope = "col";
      heaps.append(th);
      const td = make("td", "pn-cell");
      td.dataset.heap = String(n);
      const select = make("select", "pn-answer");
      select.id = `pn-${n}`;
      select.setAttribute("aria-label", `heap ${n}: P or N`);
      for (const [value, words] of [["", "?"], ["P", "P"], ["N", "N"]]) {
        const option = make("option", "", words);
        option.value = value;
        select.append(option);
      }
      td.append(select);
      answers.append(td);
    }
  }

  async function checkTable() {
    const box = $("pn-result");
    box.replaceChildren(make("p", "note", "checking…"));
    try {
      const wrong = [];
      for (let n = 0; n <= LAST; n++) {
        const truth = (await board(heap(n))).outcome;
        const said = $(`pn-${n}`).value;
        const cell = $(`pn-${n}`).parentElement;
        cell.classList.toggle("right", said === truth);
        cell.classList.toggle("wrong", said !== truth);
        $(`pn-${n}`).setAttribute("aria-invalid", String(said !== truth));
        if (said !== truth) wrong.push([n, said, truth]);
      }
      box.replaceChildren();
      if (wrong.length === 0) {
        box.append(make("p", "lesson-right", `All ${LAST + 1} right. The P-positions are the heaps marked P: from each of them every move leads to an N-position, and from every other heap a move leads to one of them.`));
        return;
      }
      box.append(make("p", "lesson-wrong", `${wrong.length} of ${LAST + 1} not right yet (marked in the table):`));
      const list = make("ul", "explanations");
      for (const [n, said, truth] of wrong) {
        const li = make("li", "", await explain(n, said, truth));
        li.dataset.heap = String(n);
        list.append(li);
      }
      box.append(list);
    } catch (e) {
      box.replaceChildren(make("p", "error", "error: " + e.message));
    }
  }

  /** The exercise: each move from the exercise's heap a button; the page checks the choice. */
  async function buildExercise() {
    const n = Number($("exercise-heap").textContent);
    const position = heap(n);
    const box = $("exercise-moves");
    for (const m of await moves(position)) {
      const b = make("button", "move", m.label);
      b.type = "button";
      b.dataset.move = m.text;
      b.addEventListener("click", () => answer(position, m));
      box.append(b);
    }
  }

  async function answer(position, m) {
    const box = $("exercise-result");
    box.replaceChildren(make("p", "note", "checking…"));
    try {
      const h = await post("hint", { position });
      const seq = await post("sequence", { ruleset: game(), to: LAST });
      const from = seq.preperiod > 0 ? ` from heap ${seq.preperiod + seq.period} on` : "";
      const period = seq.period === null ? "" : ` (The outcomes repeat with period ${seq.period}: heap n is as heap n − ${seq.period}${from}.)`;
      if (h.winning.includes(m.text)) {
        box.replaceChildren(make("p", "lesson-right", `Right: ${m.label} leaves ${m.after}, a P-position: whatever your opponent does next leads to an N-position, from which you win again.${period}`));
        return;
      }
      box.replaceChildren(make("p", "lesson-wrong", `Not this one: ${m.label} leaves ${m.after}, an N-position: your opponent wins from it, as ${await whyN(m.after)}. Only a move to a P-position wins.${period}`));
    } catch (e) {
      box.replaceChildren(make("p", "error", "error: " + e.message));
    }
  }

  document.addEventListener("DOMContentLoaded", async () => {
    buildTable();
    $("pn-check").addEventListener("click", checkTable);
    try {
      const rules = (await board(heap(0))).rules;
      if (rules && rules[0]) $("lesson-rule").textContent = `In the notation of sprague: ${rules[0].ruleset}: ${rules[0].rule}.`;
      await buildExercise();
    } catch (e) {
      $("exercise-result").replaceChildren(make("p", "error", "error: " + e.message));
    }
    document.body.dataset.ready = "true";
  });
})();
