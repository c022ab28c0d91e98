// Browser test of lesson 1 (lesson.html, lesson.js), in headless Chromium
// driven by playwright-core, with the axe-core audit. Run by
// tests/browser.rs with SPRAGUE_URL, CHROMIUM and SHOTS. Reaches the
// lesson from the home page, fills its P/N table of sub:1,3,4 with two
// mistakes and a blank, reads the explanations, corrects them, then
// answers the exercise wrong and right. The answers the test expects are
// the theory's (the P-positions of sub:1,3,4 are the heaps 0 and 2 modulo
// 7, Winning Ways ch. 4), not the page's.
import { audit, check, shot, text, withPage } from "./common.mjs";

const truth = (n) => (n % 7 === 0 || n % 7 === 2 ? "P" : "N");

await withPage("body[data-ready=true]", async (page) => {
  await page.click('nav a[href="/lesson.html"]');
  await page.waitForSelector("#pn-table");
  await page.waitForSelector("body[data-ready=true]");
  check((await text(page, "h1")).includes("P- and N-positions"), "the lesson is reached from the home page");
  check((await text(page, "#lesson-rule")).includes("sub:1,3,4"), "its game's rule comes from the server");

  // The table with two mistakes (heap 2 said N, heap 4 said P) and heap 9 blank.
  for (let n = 0; n <= 12; n++) {
    if (n === 9) continue;
    const said = n === 2 ? "N" : n === 4 ? "P" : truth(n);
    await page.selectOption(`#pn-${n}`, said);
  }
  await page.click("#pn-check");
  await page.waitForSelector("#pn-result ul.explanations");
  check((await page.locator("#pn-answers td.wrong").count()) === 3, "three cells marked wrong");
  check((await page.locator("#pn-answers td.right").count()) === 10, "ten marked right");
  const two = await text(page, '#pn-result li[data-heap="2"]');
  check(two.includes("P-position, not N") && two.includes("every move leads to an N-position") && two.includes("leaves sub:1,3,4 1, an N-position"),
    `heap 2 said N is explained: its only move leads to an N-position (${two})`);
  const four = await text(page, '#pn-result li[data-heap="4"]');
  check(four.includes("N-position, not P") && four.includes("leaves sub:1,3,4 0, a P-position"),
    `heap 4 said P is explained: a move leads to the P-position 0 (${four})`);
  check((await text(page, '#pn-result li[data-heap="9"]')).includes("not filled in"), "the blank heap 9 is named");
  await audit(page, "on the lesson with wrong answers explained");
  await shot(page, "lesson");

  // Corrected: all right.
  await page.selectOption("#pn-2", "P");
  await page.selectOption("#pn-4", "N");
  await page.selectOption("#pn-9", truth(9));
  await page.click("#pn-check");
  await page.waitForFunction(() => document.getElementById("pn-result").textContent.startsWith("All 13 right"));
  check((await page.locator("#pn-answers td.wrong").count()) === 0, "the corrected table is all right");

  // The exercise from 17: taking 4 leaves 13 (N), taking 1 leaves 16 (P).
  const buttons = page.locator("#exercise-moves button");
  check((await buttons.count()) === 3, "three moves to choose from a heap of 17");
  await page.locator('#exercise-moves button:has-text("take 4")').click();
  await page.waitForSelector("#exercise-result .lesson-wrong");
  const wrong = await text(page, "#exercise-result");
  check(wrong.includes("sub:1,3,4 13, an N-position") && wrong.includes("Only a move to a P-position wins") && wrong.includes("period 7"),
    `a wrong move is explained: it leaves an N-position, the opponent's winning reply named (${wrong})`);
  check(/leaves sub:1,3,4 (9|11|12), a P-position/.test(wrong), "the opponent's reply leaves a P-position");
  await page.locator('#exercise-moves button:has-text("take 1")').click();
  await page.waitForSelector("#exercise-result .lesson-right");
  const right = await text(page, "#exercise-result");
  check(right.includes("sub:1,3,4 16, a P-position"), `the right move is confirmed (${right})`);
  await shot(page, "lesson-exercise", "#lesson-exercise");
}, { audit: true });
