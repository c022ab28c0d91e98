// Browser test of lesson 3 (lesson3.html, lessons.js): mex and Grundy
// values, in headless Chromium driven by playwright-core, with the axe-core
// audit. Run by tests/browser.rs with SPRAGUE_URL, CHROMIUM and SHOTS.
// Reaches the lesson from the home page, fills the table of G(n) of
// sub:2,3,5 with three kinds of mistake (a value for a heap with no move,
// the value of an option, a number above the mex) and a blank, reads the
// explanations (each option's value and their mex), then corrects the
// table. The values the test expects are computed here by the definition
// (G(n) = mex of G(n - s), s in {2, 3, 5}), not read from the page.
// First it plays a heap of sub:2,3,5 to the end, each move to a heap of
// value 0 (a click, the first one typed), checking after every turn the
// page's G of the heap reached as the mex of its options' values.
import { audit, check, playToEnd, shot, shotsAtBothWidths, text, withPage } from "./common.mjs";

const S = [2, 3, 5];
const mex = (values) => {
  let m = 0;
  while (values.includes(m)) m++;
  return m;
};
const G = [];
for (let n = 0; n <= 13; n++) G.push(mex(S.filter((s) => s <= n).map((s) => G[n - s])));
const options = (n) => S.filter((s) => s <= n).map((s) => n - s);

await withPage("body[data-ready=true]", async (page) => {
  await page.click('nav a[href="/lesson3.html"]');
  await page.waitForSelector("body[data-lesson=grundy][data-ready=true]");
  check((await text(page, "h1")).includes("mex and Grundy values"), "lesson 3 is reached from the home page");
  check((await text(page, "#lesson-rule")).includes("sub:2,3,5"), "its game's rule comes from the server");

  // Play sub:2,3,5 9: the page's mex after every turn, the test's moves to value 0.
  const played = await playToEnd(page, "mex", "sub:2,3,5 9", {
    inspect: async (position) => {
      const n = Number(position.split(" ")[1]);
      const o = options(n);
      const line = `G(${n}) = mex{${o.map((m) => `G(${m})`).join(", ")}} = mex{${[...new Set(o.map((m) => G[m]))].sort((a, b) => a - b).join(", ")}} = ${G[n]}`;
      const said = await text(page, "#mex-explain");
      check(said.includes(line) && said.includes(G[n] === 0 ? "a P-position" : "an N-position"), `${position}: the page says ${line}, ${G[n] === 0 ? "P" : "N"} (${said})`);
    },
    choose: (position, offered) => {
      const n = Number(position.split(" ")[1]);
      const s = S.find((x) => x <= n && G[n - x] === 0);
      check(s !== undefined && offered.includes(`1 ${s}`), `${position}: the move to heap ${n - s} of value 0 is offered`);
      return `1 ${s}`;
    },
    typed: (moves) => moves === 0,
  });
  check(played.status.includes("you win"), `the student, moving to value 0 each time, wins (${played.status})`);
  check((await page.locator("#mex-log li").count()) === 2 * played.moves - 1, "the log has every move");
  await audit(page, "on lesson 3 after a game");

  // Mistakes: heap 1 (no move) said 1; heap 6 said the value of one of its
  // options; heap 9 said a number above its value that no option has; heap
  // 11 left blank.
  const optionValue = G[options(6).find((m) => G[m] !== G[6])];
  // Above G(9) and the value of no option of 9: only the mex explains it.
  let above = G[9] + 1;
  while (options(9).some((m) => G[m] === above)) above++;
  const said = { 1: 1, 6: optionValue, 9: above };
  check(options(1).length === 0 && G[1] === 0, "heap 1 has no move, so G(1) = 0");
  for (let n = 0; n <= 13; n++) {
    if (n === 11) continue;
    await page.fill(`#g-${n}`, String(n in said ? said[n] : G[n]));
  }
  await page.click("#g-check");
  await page.waitForSelector("#g-result ul.explanations");
  check((await page.locator("#g-answers td.wrong").count()) === 4, "four cells marked wrong");
  check((await page.locator("#g-answers td.right").count()) === 10, "ten marked right");
  const one = await text(page, '#g-result li[data-heap="1"]');
  check(one.includes("G(1) is 0, not 1") && one.includes("no move") && one.includes("mex{} = 0"), `G(1) explained: no move, the mex of the empty set (${one})`);
  const six = await text(page, '#g-result li[data-heap="6"]');
  const sixValues = options(6).map((m) => G[m]);
  const set = `{${[...new Set(sixValues)].sort((a, b) => a - b).join(", ")}}`;
  check(six.includes(`G(6) is ${G[6]}, not ${optionValue}`) && options(6).every((m) => six.includes(`G(${m}) = ${G[m]}`))
    && six.includes(`The set of these values is ${set}`) && six.includes(`is ${mex(sixValues)}`) && six.includes("is the value of an option"),
  `G(6) explained: each option's value listed, their set ${set}, its mex ${G[6]} (${six})`);
  const nine = await text(page, '#g-result li[data-heap="9"]');
  check(nine.includes(`G(9) is ${G[9]}, not ${above}`) && options(9).every((m) => nine.includes(`G(${m}) = ${G[m]}`)) && nine.includes("the least number missing"),
    `G(9) explained: ${G[9]} is missing from the options' values (${nine})`);
  check((await text(page, '#g-result li[data-heap="11"]')).includes("not filled in"), "the blank G(11) is named");
  await audit(page, "on lesson 3 with wrong values explained");
  await shot(page, "lesson3");

  // Corrected: all right, and the heaps of value 0 are named.
  for (const n of [1, 6, 9, 11]) await page.fill(`#g-${n}`, String(G[n]));
  await page.click("#g-check");
  await page.waitForFunction(() => document.getElementById("g-result").textContent.startsWith("All 14 right"));
  const zeros = G.flatMap((g, n) => (g === 0 ? [n] : []));
  check((await text(page, "#g-result")).includes(`(${zeros.join(", ")}) are the P-positions`), `the heaps of value 0 (${zeros}) are named P-positions`);
  check((await page.locator("#g-answers td.wrong").count()) === 0, "the corrected table is all right");
  // At phone width nothing makes the page scroll sideways.
  await shotsAtBothWidths(page, "lesson3-page", "main");
}, { audit: true });
