// Lessons 2 to 6 of `sprague serve`'s page (lesson2.html to lesson6.html;
// lesson 1 is lesson.js): each page names its lesson in
// <body data-lesson>; this script adds the lessons' parts to the kit's
// `lessons` (lesson-kit.js, which runs the one the page names). The page
// knows no answer: every outcome, Grundy value, move, nim-sum and winning
// move is asked of the server (/api/analyze, /api/board, /api/play,
// /api/hint, /api/sequence), and a wrong answer is explained from the lesson's theorem
// with the numbers the server gives.
"use strict";

(() => {
  const { $, make, post, once, misere, analysis, board, moves, binaryTable, nimSumTable, fail, paragraph, heapsOf, mex, setText, playSection, lessons } = window.lessonKit;

  // -------------------------------------------------------------------------
  // Lesson 2: Nim and Bouton's theorem; lesson 6: misère Nim (the same
  // parts, in misère play).

  /** The play section's explanation of `position`: its nim-sum in binary, P or N. */
  async function nimExplain(position) {
    const a = await analysis(position);
    $("nim-binary").replaceChildren(make("p", "note", "The heaps in binary; the nim-sum is the XOR of the rows:"), await nimSumTable(position));
    const s = a.binary.nim_sum;
    const kind = a.outcome === "P" ? "a P-position" : "an N-position";
    if (misere()) {
      $("nim-verdict").textContent = `${a.summary}, and the nim-sum is ${s}: ${kind} in misère play. ${a.outcome === "P" ? "Whoever moves from here loses against perfect play." : "The player to move wins by Bouton's misère rule."}`;
    } else $("nim-verdict").textContent = s === 0
      ? `${a.summary}: a P-position. Whoever moves from here leaves a nim-sum that is not 0.`
      : `${a.summary}, not 0: an N-position. The player to move wins by leaving a nim-sum of 0.`;
    $("nim-verdict").dataset.nimSum = String(s);
    $("nim-verdict").dataset.outcome = a.outcome;
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
          once("play", { position, move: text, reply: false, misere: misere() }), once("hint", { position, misere: misere() }), analysis(position)]);
        const after = turn.you.after;
        const left = await analysis(after);
        const table = await nimSumTable(after);
        if (misere()) {
          await misereAnswer(box, { position, text, turn, hint, before, left, table });
          return;
        }
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

  /** Lesson 6's answer to the exercise: a move judged in misère play. */
  async function misereAnswer(box, { position, text, turn, hint, before, left, table }) {
    const after = turn.you.after;
    const heaps = heapsOf(after);
    const endgame = heaps.every((h) => h <= 1);
    const ones = heaps.filter((h) => h === 1).length;
    const state = endgame
      ? `it leaves no heap above 1 and ${ones} heap${ones === 1 ? "" : "s"} of 1, an ${ones % 2 ? "odd" : "even"} number`
      : `it leaves a heap above 1, and ${left.binary.nim_sum === 0 ? "a nim-sum of 0" : `a nim-sum of ${left.binary.nim_sum}, not 0`}`;
    if (hint.winning.includes(text)) {
      box.replaceChildren(
        paragraph("lesson-right", `Right: ${turn.you.description} leaves ${after}: ${state}, a P-position in misère play. (${position} has ${hint.winning.length} winning move${hint.winning.length === 1 ? "" : "s"} in misère play.)`),
        table);
      return;
    }
    const reply = await once("hint", { position: after, misere: true });
    const normal = left.binary.nim_sum === 0
      ? ` In normal play this move would win, as it leaves a nim-sum of 0; in misère play that holds only while a heap above 1 is left. ${before.basis_words[0].toUpperCase()}${before.basis_words.slice(1)}.`
      : "";
    box.replaceChildren(
      paragraph("lesson-wrong", `Not this one: ${turn.you.description} leaves ${after}: ${state}, an N-position in misère play. Your opponent wins from it by ${reply.move.description}, leaving ${reply.move.after}: ${reply.move.why}${normal}`),
      table);
  }

  async function nimLesson() {
    const endings = misere() ? ["The computer had to take the last token: you win.", "You had to take the last token: the computer wins. Start again, and follow Bouton's misère rule."]
      : ["You took the last token: you win.", "The computer took the last token: it wins. Start again, and leave a nim-sum of 0 after each of your moves."];
    await playSection("nim", { explain: nimExplain, endings });
    await nimExercise();
  }

  // -------------------------------------------------------------------------
  // Lesson 3: mex and Grundy values.

  /** The heaps of the Grundy table: 0 to G_LAST. */
  const G_LAST = 13;

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

  /** The play section's explanation: G of the heap reached, the mex of its options' values. */
  async function mexExplain(position) {
    const game = position.trim().split(/\s+/)[0];
    const n = heapOf(position);
    const [line] = await extension(game, n, n);
    const v = (await board(position)).value;
    const box = $("mex-explain");
    box.dataset.value = String(v);
    box.replaceChildren(paragraph("", `${line}: ${v === 0
      ? "a P-position. No option has value 0, so every move leaves a position of value above 0, from which there is a move back to 0."
      : `not 0, an N-position: 0 is among the options' values (the mex is above 0), and a move to an option of value 0 wins.`}`));
  }

  async function grundyLesson() {
    await playSection("mex", { explain: mexExplain });
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

  /** The play section's explanation: each component's value and their nim-sum. */
  async function sumExplain(position) {
    const parts = [];
    for (const c of componentsOf(position)) parts.push({ label: `G(${c})`, value: (await board(c)).value });
    const values = parts.map((x) => x.value);
    const s = values.reduce((x, y) => x ^ y, 0);
    const box = $("sumplay-explain");
    box.dataset.nimSum = String(s);
    box.replaceChildren(
      paragraph("", `${parts.map((x) => `${x.label} = ${x.value}`).join(", ")}; the value of the sum is their nim-sum, ${values.join(" ⊕ ")} = ${s}:`),
      binaryTable(parts, `The Grundy values of the components of ${position} in binary and their nim-sum`),
      paragraph("", s === 0
        ? "The nim-sum is 0: a P-position. Every move changes one component's value, and so the nim-sum."
        : `The nim-sum is ${s}, not 0: an N-position. A winning move changes one component's value v to v ⊕ ${s}.`));
  }

  async function sumsLesson() {
    await playSection("sumplay", { explain: sumExplain });
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

  // -------------------------------------------------------------------------
  // Lesson 5: subtraction games and their periods (and the pitfall of a
  // table that stops short of the largest heap).

  const sequence = (ruleset, to) => once("sequence", { ruleset, to });
  const heapOf = (position) => Number(position.trim().split(/\s+/)[1]);

  /**
   * The values G(0..values.length-1) as a table with a caption; with
   * `seq`, the preperiod's cells and the first period's are marked.
   */
  function valuesTable(values, caption, seq) {
    const table = make("table", "grid pn lesson-values");
    table.append(make("caption", "", caption));
    const head = make("tr");
    const body = make("tr");
    const th = make("th", "", "n");
    th.scope = "row";
    const tv = make("th", "", "G(n)");
    tv.scope = "row";
    head.append(th);
    body.append(tv);
    values.forEach((v, n) => {
      const h = make("th", "", String(n));
      h.scope = "col";
      head.append(h);
      let cls = "pn-cell";
      if (seq && seq.period !== null) {
        if (n < seq.preperiod) cls += " pre";
        else if (n < seq.preperiod + seq.period) cls += " first-period";
      }
      const cell = make("td", cls, String(v));
      cell.dataset.heap = String(n);
      body.append(cell);
    });
    const thead = make("thead");
    thead.append(head);
    const tbody = make("tbody");
    tbody.append(body);
    table.append(thead, tbody);
    return table;
  }

  /** "preperiod q, period p" of `seq` in words. */
  const periodWords = (seq) => seq.preperiod === 0
    ? `no preperiod, period ${seq.period}: G(n) = G(n − ${seq.period}) for every n ≥ ${seq.period}`
    : `a preperiod of ${seq.preperiod} (G(0) to G(${seq.preperiod - 1}) come before the repetition), then period ${seq.period}: G(n) = G(n − ${seq.period}) for every n ≥ ${seq.preperiod + seq.period}`;

  async function periodShow() {
    const ruleset = $("period-game").value;
    try {
      const seq = await sequence(ruleset, 40);
      $("period-words").textContent = `${ruleset}: ${periodWords(seq)}. In the table the preperiod is shaded and the first period framed.`;
      $("period-words").dataset.preperiod = String(seq.preperiod);
      $("period-words").dataset.period = String(seq.period);
      $("period-values").replaceChildren(valuesTable(seq.values, `G(n) of ${ruleset} for n from 0 to ${seq.values.length - 1}`, seq));
    } catch (e) {
      fail($("period-words"), e);
    }
  }

  /** Why G(n) of a game of values `seq` is what it is: read, or reduced by the period. */
  function byPeriod(n, seq) {
    const q = seq.preperiod;
    const p = seq.period;
    if (n < q + p) return `heap ${n} is below ${q + p}, where the repetition starts, so G(${n}) = ${seq.values[n]} is read off the table`;
    const r = q + ((n - q) % p);
    return `${n} − ${q} = ${n - q} = ${p} × ${Math.floor((n - q) / p)} + ${(n - q) % p}, so G(${n}) = G(${r}) = ${seq.values[r]}`;
  }

  /** The play section's explanation: G of the heap reached, reduced by the period. */
  async function bigExplain(position) {
    const game = position.trim().split(/\s+/)[0];
    const n = heapOf(position);
    const [seq, b] = await Promise.all([sequence(game, 40), board(position)]);
    const box = $("big-explain");
    box.dataset.value = String(b.value);
    if (seq.period === null) {
      box.replaceChildren(paragraph("", `G(${n}) = ${b.value} (no period was found to heap 40).`));
      return;
    }
    box.replaceChildren(paragraph("", `${game} has ${periodWords(seq)}. Here ${byPeriod(n, seq)}: ${b.value === 0
      ? "a P-position."
      : "not 0, an N-position: a move to a heap of value 0 wins."}`));
  }

  async function farCheck() {
    const box = $("far-result");
    const game = $("far-game").textContent.trim();
    const n = Number($("far-heap").textContent);
    const said = $("far-answer").value.trim();
    box.replaceChildren(make("p", "note", "checking…"));
    try {
      const [b, seq] = await Promise.all([board(`${game} ${n}`), sequence(game, 40)]);
      const truth = b.value;
      const q = seq.preperiod;
      const p = seq.period;
      const reason = `The values of ${game} have ${periodWords(seq)}. ${byPeriod(n, seq)}.`;
      if (/^\d+$/.test(said) && Number(said) === truth) {
        box.replaceChildren(make("p", "lesson-right", `Right: G(${n}) = ${truth}. ${reason}`));
        return;
      }
      const start = said === "" ? `G(${n}) is not filled in.` : `G(${n}) is ${truth}, not ${said}.`;
      const m = n % p;
      const fromZero = q > 0 && said !== "" && Number(said) === seq.values[m] && seq.values[m] !== truth
        ? ` ${said} is G(${m}), from ${n} mod ${p} = ${m}: that counts the period from heap 0, but the heaps before ${q} are the preperiod, which does not repeat; count from heap ${q}.` : "";
      box.replaceChildren(make("p", "lesson-wrong", `${start} ${reason}${fromZero}`));
    } catch (e) {
      fail(box, e);
    }
  }

  /** The lines extending the table of `game` from heap `from` to `to`, each value the mex of its options'. */
  async function extension(game, from, to) {
    const lines = [];
    for (let n = from; n <= to; n++) {
      const options = [];
      for (const m of await moves(`${game} ${n}`)) options.push({ heap: heapOf(m.after), value: (await board(m.after)).value });
      const v = (await board(`${game} ${n}`)).value;
      lines.push(`G(${n}) = mex{${options.map((o) => `G(${o.heap})`).join(", ")}} = mex${setText(options.map((o) => o.value))} = ${v}`);
    }
    return lines;
  }

  async function shortCheck() {
    const box = $("short-result");
    const game = $("short-game").textContent.trim();
    const last = Number($("short-last").textContent);
    const position = $("short-position").textContent.trim();
    const said = $("short-answer").value.trim();
    box.replaceChildren(make("p", "note", "checking…"));
    try {
      const truth = (await board(position)).value;
      const parts = componentsOf(position).map(heapOf);
      const values = [];
      for (const h of parts) values.push((await board(`${game} ${h}`)).value);
      const largest = Math.max(...parts);
      const written = `${parts.map((h) => `G(${h})`).join(" ⊕ ")} = ${values.join(" ⊕ ")} = ${truth}`;
      if (/^\d+$/.test(said) && Number(said) === truth) {
        box.replaceChildren(make("p", "lesson-right", `Right: ${written}. The table had to be extended to heap ${largest}, the largest heap of the position, before it could be read.`));
        return;
      }
      const table = (await sequence(game, last)).values.slice(0, last + 1);
      const inside = parts.filter((h) => h <= last);
      const known = inside.reduce((s, h) => s ^ table[h], 0);
      const guesses = [];
      if (said !== "" && Number(said) === known) guesses.push(` ${said} is what the table gives if a heap past its end counts as 0.`);
      if (said !== "" && Number(said) === parts.reduce((s, h) => s ^ table[Math.min(h, last)], 0) && Number(said) !== known) guesses.push(` ${said} is what the table gives if a heap past its end takes the last value, G(${last}).`);
      const start = said === "" ? "The value is not filled in." : `The value is ${truth}, not ${said}.`;
      const list = make("ul", "explanations");
      for (const line of await extension(game, last + 1, largest)) list.append(make("li", "", line));
      box.replaceChildren(
        paragraph("lesson-wrong", `${start} The table stops at heap ${last}, short of the largest heap of the position, ${largest}: G(${largest}) is not in it.${guesses.join("")} A table must reach the largest heap of the input. Extended, each value the mex of its options' values:`),
        list,
        paragraph("", `and then, by the Sprague-Grundy theorem, ${written}.`));
    } catch (e) {
      fail(box, e);
    }
  }

  async function periodsLesson() {
    await playSection("big", { explain: bigExplain });
    $("period-show").addEventListener("click", periodShow);
    $("far-check").addEventListener("click", farCheck);
    $("short-check").addEventListener("click", shortCheck);
    await periodShow();
    const game = $("short-game").textContent.trim();
    const last = Number($("short-last").textContent);
    const seq = await sequence(game, last);
    $("short-table").replaceChildren(valuesTable(seq.values.slice(0, last + 1), `The program's table: G(n) of ${game} for n from 0 to ${last}`));
  }

  Object.assign(lessons, { nim: nimLesson, grundy: grundyLesson, sums: sumsLesson, periods: periodsLesson });
})();
