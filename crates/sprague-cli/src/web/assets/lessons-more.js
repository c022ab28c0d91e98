// Lessons 7 and 8 of `sprague serve`'s page (lesson7.html: Moore's Nim-k,
// and the pitfall of reading its "at most k heaps" as "at most k tokens";
// lesson8.html: staircase Nim, and the pitfall of numbering the stairs from
// 0 or from 1). Runs on lesson-kit.js. The page knows no answer: the winning moves come from
// /api/hint, where a move leads from /api/play, the counts' verdict from
// /api/analyze, and which moves are legal from the moves /api/board lists
// (an illegal one's reason is the server's error).
"use strict";

(() => {
  const { $, make, post, once, analysis, binaryTable, nimSumTable, fail, paragraph, heapsOf, playSection, lessons } = window.lessonKit;

  /** k of a position of moore:K. */
  const kOf = (position) => Number(position.trim().split(/\s+/)[0].split(":")[1]);

  /**
   * The heaps of `position` in binary, a cell per bit, and under them the
   * count of 1s in each column (the server's heaps; the counting is the
   * theorem's, shown, not decided, here).
   */
  function columnsTable(position, k) {
    const heaps = heapsOf(position);
    const width = Math.max(1, ...heaps.map((h) => h.toString(2).length));
    const table = make("table", "binary columns");
    table.setAttribute("aria-label", `The heaps of ${position} in binary and the 1s in each column`);
    const body = make("tbody");
    heaps.forEach((h, i) => {
      const tr = make("tr");
      tr.append(make("th", "", `heap ${i + 1}`), make("td", "num", String(h)));
      for (const bit of h.toString(2).padStart(width, "0")) tr.append(make("td", "bits", bit));
      body.append(tr);
    });
    const counts = [];
    for (let c = 0; c < width; c++) counts.push(heaps.filter((h) => h.toString(2).padStart(width, "0")[c] === "1").length);
    const tr = make("tr", "sum");
    tr.append(make("th", "", "1s in the column"), make("td", "num", ""));
    for (const n of counts) tr.append(make("td", n % (k + 1) === 0 ? "bits" : "bits off", String(n)));
    body.append(tr);
    table.append(body);
    return table;
  }

  /** The move text of leaving `after` (tokens per heap) from `before`: "2:1 4:1". */
  const moveText = (before, after) => before.flatMap((h, i) => (after[i] < h ? [`${i + 1}:${h - after[i]}`] : [])).join(" ");

  async function mooreCheck() {
    const position = $("moore-position").textContent.trim();
    const k = kOf(position);
    const before = heapsOf(position);
    const box = $("moore-result");
    const raw = before.map((_, i) => $(`moore-${i + 1}`).value.trim());
    const after = raw.map(Number);
    if (raw.some((x, i) => !/^\d+$/.test(x) || after[i] > before[i])) {
      box.replaceChildren(make("p", "lesson-wrong", "Not a move: each heap can only keep its tokens or lose some (a whole number from 0 to its size)."));
      return;
    }
    const changed = after.filter((x, i) => x < before[i]).length;
    if (changed === 0 || changed > k) {
      box.replaceChildren(make("p", "lesson-wrong", changed === 0
        ? "Not a move: change at least one heap."
        : `Not a move: it changes ${changed} heaps, and in Nim_${k} a move changes at least one and at most ${k} heaps (any number of tokens from each).`));
      return;
    }
    box.replaceChildren(make("p", "note", "checking…"));
    try {
      const text = moveText(before, after);
      const [turn, hint] = await Promise.all([once("play", { position, move: text, reply: false }), once("hint", { position })]);
      const left = turn.you.after;
      const a = await analysis(left);
      if (hint.winning.includes(text)) {
        box.replaceChildren(
          paragraph("lesson-right", `Right: ${turn.you.description} leaves ${left}: ${a.summary}, so it is a P-position by Moore's theorem:`),
          columnsTable(left, k),
          paragraph("", `whatever your opponent does changes at most ${k} heaps, so some column's count stops being a multiple of ${k + 1}, and you can restore them all again.`));
        return;
      }
      const reply = await once("hint", { position: left });
      box.replaceChildren(
        paragraph("lesson-wrong", `Not this one: ${turn.you.description} leaves ${left}: ${a.summary}, and not every count is a multiple of ${k + 1}:`),
        columnsTable(left, k),
        paragraph("", `an N-position: your opponent wins from it by ${reply.move.description}, leaving ${reply.move.after} (${reply.move.why}) A winning move makes every column's count of 1s a multiple of ${k + 1}, from the highest column down, changing at most ${k} heaps.`));
    } catch (e) {
      fail(box, e);
    }
  }

  async function legalCheck() {
    const position = $("legal-position").textContent.trim();
    const k = kOf(position);
    const box = $("legal-result");
    box.replaceChildren(make("p", "note", "checking…"));
    try {
      const b = await once("board", { position });
      const legal = new Set(b.boards.flatMap((x) => x.clicks).map((c) => c.text));
      const items = [...document.querySelectorAll("#legal-moves li")];
      const wrong = [];
      for (const li of items) {
        const move = li.dataset.move;
        const ticked = li.querySelector("input").checked;
        const ok = ticked === legal.has(move);
        li.classList.toggle("right", ok);
        li.classList.toggle("wrong", !ok);
        if (ok) continue;
        const heaps = move.split(/\s+/).length;
        const tokens = move.split(/\s+/).reduce((s, m) => s + Number(m.split(":")[1]), 0);
        const words = li.querySelector("label").textContent.trim();
        if (legal.has(move)) {
          const turn = await once("play", { position, move, reply: false });
          wrong.push([move, `"${words}" is legal: it changes ${heaps} heap${heaps === 1 ? "" : "s"}, at most ${k}, and leaves ${turn.you.after}. It takes ${tokens} tokens, more than ${k}, but Moore's k limits the number of heaps a move changes, not the number of tokens: from each of them it may take any number.`]);
        } else {
          let why = "";
          try {
            await post("play", { position, move, reply: false });
          } catch (e) {
            why = ` (the server: ${e.message})`;
          }
          wrong.push([move, `"${words}" is not legal: it changes ${heaps} heaps, more than k = ${k}${why}. It takes only ${tokens} tokens, but what counts is the number of heaps.`]);
        }
      }
      box.replaceChildren();
      if (wrong.length === 0) {
        box.append(make("p", "lesson-right", `All ${items.length} right: a move of Nim_${k} changes 1 to ${k} heaps, taking any number of tokens from each.`));
        return;
      }
      box.append(make("p", "lesson-wrong", `${wrong.length} of ${items.length} not right yet:`));
      const list = make("ul", "explanations");
      for (const [move, why] of wrong) {
        const li = make("li", "", why);
        li.dataset.move = move;
        list.append(li);
      }
      box.append(list);
    } catch (e) {
      fail(box, e);
    }
  }

  /** The play section's explanation: the binary columns' counts of 1s, and what Moore's theorem makes of them. */
  async function mooreExplain(position) {
    const k = kOf(position);
    const a = await analysis(position);
    const box = $("mplay-explain");
    box.dataset.outcome = a.outcome;
    box.replaceChildren(
      paragraph("", `${a.summary}:`),
      columnsTable(position, k),
      paragraph("", a.outcome === "P"
        ? `every count is a multiple of ${k + 1}: a P-position. Any move changes at most ${k} heaps, so some count stops being a multiple of ${k + 1}.`
        : `not every count is a multiple of ${k + 1}: an N-position. A winning move makes every count a multiple of ${k + 1}, from the highest column down, changing at most ${k} heaps.`));
  }

  async function mooreLesson() {
    await playSection("mplay", { explain: mooreExplain });
    const position = $("moore-position").textContent.trim();
    heapsOf(position).forEach((h, i) => {
      const label = make("label", "", `heap ${i + 1}`);
      const input = make("input", "moore-heap");
      input.id = `moore-${i + 1}`;
      input.type = "text";
      input.inputMode = "numeric";
      input.autocomplete = "off";
      input.value = String(h);
      label.htmlFor = input.id;
      $("moore-heaps").append(label, input);
    });
    document.querySelectorAll("#legal-moves li").forEach((li, i) => {
      const box = make("input");
      box.type = "checkbox";
      box.id = `legal-${i + 1}`;
      const label = make("label", "", li.textContent.trim());
      label.htmlFor = box.id;
      li.replaceChildren(box, label);
    });
    $("moore-check").addEventListener("click", mooreCheck);
    $("legal-check").addEventListener("click", legalCheck);
  }

  // -------------------------------------------------------------------------
  // Lesson 8: staircase Nim, and the pitfall of numbering the stairs from
  // 0 or from 1 (which stairs count).

  /** The stairs that count in `position`: those the server's analysis writes in binary. */
  async function counting(position) {
    const a = await analysis(position);
    return a.binary.rows.map((r) => Number(r.label.match(/(\d+)$/)[1]));
  }

  async function stairCheck() {
    const position = $("stair-position").textContent.trim();
    const coins = heapsOf(position);
    const step = Number($("stair-step").value);
    const raw = $("stair-coins").value.trim();
    const box = $("stair-result");
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < 1 || n > coins[step - 1]) {
      box.replaceChildren(make("p", "lesson-wrong", `Not a move: a move carries 1 to ${coins[step - 1]} coins down from step ${step} (the coins it holds).`));
      return;
    }
    box.replaceChildren(make("p", "note", "checking…"));
    try {
      const text = `${step} ${n}`;
      const [turn, hint] = await Promise.all([once("play", { position, move: text, reply: false }), once("hint", { position })]);
      const after = turn.you.after;
      const a = await analysis(after);
      const table = binaryTable(a.binary.rows, `The counting steps of ${after} in binary and their nim-sum`);
      if (hint.winning.includes(text)) {
        box.replaceChildren(
          paragraph("lesson-right", `Right: ${turn.you.description} leaves ${after}: ${a.summary}:`),
          table,
          paragraph("", `a P-position: it plays like Nim with a nim-sum of 0. (${position} has ${hint.winning.length} winning move${hint.winning.length === 1 ? "" : "s"}.)`));
        return;
      }
      const reply = await once("hint", { position: after });
      const before = await analysis(position);
      box.replaceChildren(
        paragraph("lesson-wrong", `Not this one: ${turn.you.description} leaves ${after}: ${a.summary}, not 0:`),
        table,
        paragraph("", `an N-position: your opponent wins from it by ${reply.move.description} (${reply.move.why}) Only the odd steps count: in ${position}, ${before.summary}; a winning move makes that nim-sum 0.`));
    } catch (e) {
      fail(box, e);
    }
  }

  async function countCheck() {
    const box = $("count-result");
    box.replaceChildren(make("p", "note", "checking…"));
    try {
      const items = [...document.querySelectorAll("#count-items li")];
      const wrong = [];
      for (const li of items) {
        const position = li.dataset.position;
        const truth = await counting(position);
        const ticked = [...li.querySelectorAll("input")].filter((x) => x.checked).map((x) => Number(x.dataset.stair));
        const ok = ticked.length === truth.length && ticked.every((x) => truth.includes(x));
        li.classList.toggle("right", ok);
        li.classList.toggle("wrong", !ok);
        if (ok) continue;
        const ruleset = position.split(/\s+/)[0];
        const a = await analysis(position);
        const parity = truth.every((x) => x % 2 === 0) ? "even" : "odd";
        const other = parity === "even" ? "odd" : "even";
        const stairs = heapsOf(position).map((_, i) => i + 1);
        const flipped = ticked.length > 0 && ticked.every((x) => (x % 2 === 0) === (other === "even")) && stairs.filter((x) => (x % 2 === 0) === (other === "even")).length === ticked.length;
        const where = ruleset === "staircase"
          ? "the steps are numbered from 1 above the ground, so a coin on an odd step is an odd number of moves from the ground"
          : "stair 1 is the floor, where coins stop, so a coin on an even stair is an odd number of moves from the floor";
        const mistake = flipped ? ` You ticked the ${other} stairs: that is the other numbering, counting from the wrong bottom stair.` : "";
        wrong.push([position, `In ${position} the stairs that count are ${truth.join(" and ")}, the ${parity} ones: ${where}.${mistake} So ${a.summary}.`]);
      }
      box.replaceChildren();
      if (wrong.length === 0) {
        box.append(make("p", "lesson-right", "Both right: what counts is how many moves a coin is from where coins stop, so the numbering decides which stairs count."));
        return;
      }
      box.append(make("p", "lesson-wrong", `${wrong.length} of ${items.length} not right yet:`));
      const list = make("ul", "explanations");
      for (const [position, why] of wrong) {
        const li = make("li", "", why);
        li.dataset.position = position;
        list.append(li);
      }
      box.append(list);
    } catch (e) {
      fail(box, e);
    }
  }

  /** The play section's explanation: the nim-sum of the odd steps, in binary. */
  async function stairExplain(position) {
    const a = await analysis(position);
    const box = $("splay-explain");
    box.dataset.nimSum = String(a.binary.nim_sum);
    box.replaceChildren(
      paragraph("", `Only the odd steps count: ${a.summary}:`),
      await nimSumTable(position),
      paragraph("", a.binary.nim_sum === 0
        ? "a P-position, as in Nim: every move either changes an odd step (and the nim-sum) or carries coins from an even step, which the next player carries one step further down."
        : "not 0, an N-position: a winning move makes the odd steps' nim-sum 0."));
  }

  async function staircaseLesson() {
    await playSection("splay", { explain: stairExplain });
    const position = $("stair-position").textContent.trim();
    heapsOf(position).forEach((c, i) => {
      const o = make("option", "", `step ${i + 1} (${c} coins)`);
      o.value = String(i + 1);
      $("stair-step").append(o);
    });
    document.querySelectorAll("#count-items li").forEach((li, k) => {
      const position = li.dataset.position;
      const group = make("fieldset", "stairs");
      group.append(make("legend", "", position));
      heapsOf(position).forEach((c, i) => {
        const box = make("input");
        box.type = "checkbox";
        box.id = `count-${k + 1}-${i + 1}`;
        box.dataset.stair = String(i + 1);
        const label = make("label", "", `stair ${i + 1} (${c} coins)`);
        label.htmlFor = box.id;
        group.append(box, label, document.createTextNode(" "));
      });
      li.append(group);
    });
    $("stair-check").addEventListener("click", stairCheck);
    $("count-check").addEventListener("click", countCheck);
  }

  Object.assign(lessons, { moore: mooreLesson, staircase: staircaseLesson });
})();
