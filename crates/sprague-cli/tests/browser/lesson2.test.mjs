// Browser test of lesson 2 (lesson2.html, lessons.js): Nim and Bouton's
// theorem, in headless Chromium driven by playwright-core, with the
// axe-core audit. Run by tests/browser.rs with SPRAGUE_URL, CHROMIUM and
// SHOTS. Reaches the lesson from the home page, plays nim 2 3 6 to the end
// by clicking tokens, each move the one Bouton's theorem gives (computed
// here: make the nim-sum 0), checking the nim-sum the page writes out in
// binary after every turn; then answers the exercise with a move that
// leaves a nim-sum of 1 (explained), a non-move, and every winning move.
// The nim-sums and winning moves are computed here, not read from the page.
import { audit, check, shot, shotsAtBothWidths, text, withPage } from "./common.mjs";

const heapsOf = (position) => position.trim().split(/\s+/).slice(1).map(Number);
const nimSum = (heaps) => heaps.reduce((s, h) => s ^ h, 0);
/** Every winning move of a Nim position: [heap number, tokens left]. */
const winning = (heaps) => {
  const s = nimSum(heaps);
  return s === 0 ? [] : heaps.flatMap((h, i) => ((h ^ s) < h ? [[i + 1, h ^ s]] : []));
};

await withPage("body[data-ready=true]", async (page) => {
  await page.click('nav a[href="/lesson2.html"]');
  await page.waitForSelector("body[data-lesson=nim][data-ready=true]");
  check((await text(page, "h1")).includes("Nim and Bouton's theorem"), "lesson 2 is reached from the home page");
  check((await page.locator('nav[aria-label="Lessons"] a').count()) >= 2, "the lesson chooser lists the lessons");

  // Play nim 2 3 6, each move Bouton's.
  await page.selectOption("#nim-start", "nim 2 3 6");
  await page.click("#nim-new");
  await page.waitForSelector('#nim-heaps[data-position="nim 2 3 6"] button.token');
  let moves = 0;
  for (;;) {
    const position = await page.getAttribute("#nim-heaps", "data-position");
    const heaps = heapsOf(position);
    const s = nimSum(heaps);
    check(Number(await page.getAttribute("#nim-verdict", "data-nim-sum")) === s, `${position}: the page's nim-sum is ${s}`);
    const sumRow = await text(page, "#nim-binary tr.sum");
    check(sumRow.endsWith(s.toString(2).padStart(Math.max(...heaps, 1).toString(2).length, "0")), `${position}: written in binary (${sumRow})`);
    check((await text(page, "#nim-verdict")).includes(s === 0 ? "a P-position" : "an N-position"), `${position}: called ${s === 0 ? "P" : "N"}`);
    if ((await text(page, "#nim-status")).includes("you win")) break;
    check(s !== 0, `${position}: the computer never leaves the student a P-position once the student plays Bouton's moves`);
    const [heap, left] = winning(heaps)[0];
    await page.click(`#nim-heaps button[data-move="${heap} ${heaps[heap - 1] - left}"]`);
    await page.waitForFunction((p) => {
      const box = document.getElementById("nim-heaps");
      return box.dataset.position !== p && !document.getElementById("nim-status").textContent.startsWith("…");
    }, position);
    moves++;
    check(moves < 20, "the game ends");
  }
  check((await page.locator("#nim-log li").count()) === 2 * moves - 1, `the log has the student's ${moves} moves and the computer's replies`);
  check((await text(page, "#nim-log li:last-child")).includes("= 0"), "the student's last move left a nim-sum of 0");
  await audit(page, "on lesson 2 after a game");

  // The exercise: the page asks for a winning move in this position.
  const position = await text(page, "#exercise-position");
  const heaps = heapsOf(position);
  const s = nimSum(heaps);
  check(s !== 0, `${position} is an N-position (nim-sum ${s})`);
  const right = winning(heaps);
  // A wrong move: empty the last heap, unless that wins.
  const last = heaps.length;
  let wrongLeft = 0;
  while (right.some(([h, l]) => h === last && l === wrongLeft)) wrongLeft++;
  const after = heaps.map((h, i) => (i === last - 1 ? wrongLeft : h));
  await page.selectOption("#exercise-heap", String(last));
  await page.fill("#exercise-leave", String(wrongLeft));
  await page.click("#exercise-check");
  await page.waitForSelector("#exercise-result .lesson-wrong");
  const wrong = await text(page, "#exercise-result");
  const written = `${after.join(" ⊕ ")} = ${nimSum(after)}`;
  check(wrong.includes(written) && wrong.includes("not 0") && wrong.includes("an N-position: your opponent wins from it"),
    `a wrong move is explained by the nim-sum it leaves, ${written} (${wrong})`);
  check((await text(page, "#exercise-result tr.sum")).includes(nimSum(after).toString(2)), "that nim-sum is written out in binary");
  check(wrong.includes(`${heaps.join(" ⊕ ")} = ${s}`), "and the nim-sum of the exercise's position is named");
  await audit(page, "on lesson 2 with a wrong answer explained");
  await shot(page, "lesson2-exercise", "#lesson-exercise");

  // Not a move: leaving the whole heap.
  await page.fill("#exercise-leave", String(heaps[last - 1]));
  await page.click("#exercise-check");
  check((await text(page, "#exercise-result")).startsWith("Not a move"), "leaving a heap as it is is not a move");

  // Every winning move is accepted.
  for (const [h, l] of right) {
    await page.selectOption("#exercise-heap", String(h));
    await page.fill("#exercise-leave", String(l));
    await page.click("#exercise-check");
    await page.waitForSelector("#exercise-result .lesson-right");
    const ok = await text(page, "#exercise-result");
    const leaves = heaps.map((x, i) => (i === h - 1 ? l : x));
    check(ok.includes(`${leaves.join(" ⊕ ")} = 0`) && ok.includes(`has ${right.length} winning moves`),
      `heap ${h} left with ${l} is accepted, its nim-sum 0 shown (${ok})`);
  }
  await shot(page, "lesson2");
  // At phone width nothing makes the page scroll sideways.
  await shotsAtBothWidths(page, "lesson2-page", "main");
}, { audit: true });
