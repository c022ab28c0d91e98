// Browser test of lesson 6 (lesson6.html, lessons.js): misère Nim, in
// headless Chromium driven by playwright-core, with the axe-core audit.
// Run by tests/browser.rs with SPRAGUE_URL, CHROMIUM and SHOTS. Reaches the
// lesson from the home page, plays nim 2 3 6 in misère play to the end by
// clicking tokens, each move one Bouton's misère rule gives (computed
// here), checking the outcome the page gives after every turn; then
// answers the exercise with the normal-play winning move (explained: it
// leaves an even number of heaps of 1) and with every misère winning move.
// Outcomes and moves are computed here from the rule, not read from the page.
import { audit, check, shot, shotsAtBothWidths, text, withPage } from "./common.mjs";

const heapsOf = (position) => position.trim().split(/\s+/).slice(1).map(Number);
const nimSum = (heaps) => heaps.reduce((s, h) => s ^ h, 0);
/** Bouton's misère rule: P with no heap above 1 and an odd number of 1s; else P when the nim-sum is 0. */
const misereP = (heaps) => (heaps.every((h) => h <= 1) ? heaps.filter((h) => h === 1).length % 2 === 1 : nimSum(heaps) === 0);
/** Every move [heap number, tokens left] to a misère P-position. */
const winning = (heaps) => heaps.flatMap((h, i) => {
  const out = [];
  for (let l = 0; l < h; l++) if (misereP(heaps.map((x, j) => (j === i ? l : x)))) out.push([i + 1, l]);
  return out;
});

await withPage("body[data-ready=true]", async (page) => {
  await page.click('nav a[href="/lesson6.html"]');
  await page.waitForSelector("body[data-lesson=nim][data-misere=true][data-ready=true]");
  check((await text(page, "h1")).includes("Misère Nim"), "lesson 6 is reached from the home page");

  await page.selectOption("#nim-start", "nim 2 3 6");
  await page.click("#nim-new");
  await page.waitForSelector('#nim-heaps[data-position="nim 2 3 6"] button.token');
  let moves = 0;
  for (;;) {
    const position = await page.getAttribute("#nim-heaps", "data-position");
    const heaps = heapsOf(position);
    const outcome = misereP(heaps) ? "P" : "N";
    check((await page.getAttribute("#nim-verdict", "data-outcome")) === outcome, `${position}: ${outcome} in misère play`);
    check((await text(page, "#nim-verdict")).includes(`${outcome === "P" ? "a P-position" : "an N-position"} in misère play`), `${position}: said so`);
    if ((await text(page, "#nim-status")).includes("you win")) break;
    check(outcome === "N", `${position}: the student following the misère rule always has a winning move`);
    const [heap, left] = winning(heaps)[0];
    await page.click(`#nim-heaps button[data-move="${heap} ${heaps[heap - 1] - left}"]`);
    await page.waitForFunction((p) => document.getElementById("nim-heaps").dataset.position !== p
      && !document.getElementById("nim-status").textContent.startsWith("…"), position);
    moves++;
    check(moves < 20, "the game ends");
  }
  check((await text(page, "#nim-status")).includes("The computer had to take the last token"), "the computer took the last token and lost");
  await audit(page, "on lesson 6 after a game");

  const position = await text(page, "#exercise-position");
  const heaps = heapsOf(position);
  const s = nimSum(heaps);
  const right = winning(heaps);
  const normal = heaps.flatMap((h, i) => ((h ^ s) < h ? [[i + 1, h ^ s]] : []));
  const trap = normal.find(([h, l]) => !right.some(([a, b]) => a === h && b === l));
  check(trap !== undefined, `${position}: a normal-play winning move loses in misère play`);
  await page.selectOption("#exercise-heap", String(trap[0]));
  await page.fill("#exercise-leave", String(trap[1]));
  await page.click("#exercise-check");
  await page.waitForSelector("#exercise-result .lesson-wrong");
  const after = heaps.map((h, i) => (i === trap[0] - 1 ? trap[1] : h));
  const ones = after.filter((h) => h === 1).length;
  const wrong = await text(page, "#exercise-result");
  check(after.every((h) => h <= 1) && wrong.includes(`${ones} heaps of 1, an even number`) && wrong.includes("an N-position in misère play")
    && wrong.includes("In normal play this move would win"), `the normal-play move is explained by the misère rule (${wrong})`);
  await audit(page, "on lesson 6 with a wrong answer explained");
  await shot(page, "lesson6-exercise", "#lesson-exercise");
  for (const [h, l] of right) {
    await page.selectOption("#exercise-heap", String(h));
    await page.fill("#exercise-leave", String(l));
    await page.click("#exercise-check");
    await page.waitForSelector("#exercise-result .lesson-right");
    const ok = await text(page, "#exercise-result");
    check(ok.includes("a P-position in misère play") && ok.includes(`has ${right.length} winning move`), `heap ${h} left with ${l} is accepted (${ok})`);
  }
  // At phone width nothing makes the page scroll sideways.
  await shotsAtBothWidths(page, "lesson6-page", "main");
}, { audit: true });
