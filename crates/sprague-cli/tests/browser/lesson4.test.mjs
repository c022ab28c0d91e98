// Browser test of lesson 4 (lesson4.html, lessons.js): sums of games and
// the Sprague-Grundy theorem, in headless Chromium driven by
// playwright-core, with the axe-core audit. Run by tests/browser.rs with
// SPRAGUE_URL, CHROMIUM and SHOTS. Reaches the lesson from the home page,
// gives the value of each sum the page asks for: one as the ordinary sum
// of its components' values, one right, one blank; reads the explanations
// (the components' values, their nim-sum in binary), then corrects them.
// The values are computed here (a Nim heap of n is worth n; sub:2,3,5 by
// the mex; a sum by the nim-sum), not read from the page. First it plays
// sub:2,3,5 7 + nim 3 to the end, each move to a nim-sum of 0 (a click,
// the second typed), checking after every turn each component's value and
// their nim-sum as the page gives them.
import { audit, check, playToEnd, shot, shotsAtBothWidths, text, withPage } from "./common.mjs";

const mex = (values) => {
  let m = 0;
  while (values.includes(m)) m++;
  return m;
};
const subValues = [];
for (let n = 0; n <= 100; n++) subValues.push(mex([2, 3, 5].filter((s) => s <= n).map((s) => subValues[n - s])));
/** The Grundy value of a component the lesson uses. */
const value = (component) => {
  const [rules, ...heaps] = component.trim().split(/\s+/);
  if (heaps.length !== 1) throw new Error(`${component} is not one heap`);
  const n = Number(heaps[0]);
  if (rules === "nim") return n;
  if (rules === "sub:2,3,5") return subValues[n];
  throw new Error(`the test knows no value of ${component}`);
};
const components = (position) => position.split(" + ");

await withPage("body[data-ready=true]", async (page) => {
  await page.click('nav a[href="/lesson4.html"]');
  await page.waitForSelector("body[data-lesson=sums][data-ready=true]");
  check((await text(page, "h1")).includes("Sums of games"), "lesson 4 is reached from the home page");

  // Play a sum: the page's values and nim-sum after every turn; the test's moves to a nim-sum of 0.
  /** Where the move "cI 1 k" (take k from component I) leads. */
  const after = (position, move) => {
    const [c, , k] = move.split(" ");
    return components(position).map((x, i) => {
      if (i !== Number(c.slice(1)) - 1) return x;
      const [rules, n] = x.split(" ");
      return `${rules} ${Number(n) - Number(k)}`;
    }).join(" + ");
  };
  const nimSumOf = (position) => components(position).map(value).reduce((a, b) => a ^ b, 0);
  const played = await playToEnd(page, "sumplay", "sub:2,3,5 7 + nim 3", {
    inspect: async (position) => {
      const values = components(position).map(value);
      const s = nimSumOf(position);
      const line = `${components(position).map((c, i) => `G(${c}) = ${values[i]}`).join(", ")}; the value of the sum is their nim-sum, ${values.join(" ⊕ ")} = ${s}`;
      const said = await text(page, "#sumplay-explain");
      check(said.includes(line) && said.includes(s === 0 ? "a P-position" : "an N-position"), `${position}: the page says ${line}, ${s === 0 ? "P" : "N"}`);
      check((await text(page, "#sumplay-explain tr.sum")).endsWith(s.toString(2).padStart(Math.max(1, ...values).toString(2).length, "0")), `${position}: the nim-sum ${s} in binary`);
    },
    choose: (position, offered) => {
      const move = offered.find((m) => nimSumOf(after(position, m)) === 0);
      check(move !== undefined, `${position}: a move to a nim-sum of 0 is offered (${move})`);
      return move;
    },
    typed: (moves) => moves === 1,
  });
  check(played.status.includes("you win"), `the student, leaving a nim-sum of 0 each time, wins (${played.status})`);
  await audit(page, "on lesson 4 after a game");

  const sums = await page.locator("#sum-items li").evaluateAll((lis) => lis.map((li) => li.dataset.position));
  check(sums.length === 3, `three sums asked (${sums.join("; ")})`);
  const truth = sums.map((p) => components(p).map(value).reduce((a, b) => a ^ b, 0));
  const plain = sums.map((p) => components(p).map(value).reduce((a, b) => a + b, 0));
  check(plain[0] !== truth[0], `the first sum's ordinary sum ${plain[0]} is not its value ${truth[0]}`);
  await page.fill("#sum-1", String(plain[0]));
  await page.fill("#sum-2", String(truth[1]));
  await page.click("#sum-check");
  await page.waitForSelector("#sum-result ul.explanations");
  check((await page.locator("#sum-items li.wrong").count()) === 2 && (await page.locator("#sum-items li.right").count()) === 1, "two sums marked wrong, one right");
  const first = await text(page, `#sum-result li[data-position="${sums[0]}"]`);
  const values = components(sums[0]).map(value);
  check(first.includes(`is ${truth[0]}, not ${plain[0]}`) && components(sums[0]).every((c) => first.includes(`G(${c}) = ${value(c)}`))
    && first.includes(`${values.join(" ⊕ ")} = ${truth[0]}`) && first.includes("is the ordinary sum"),
  `the ordinary sum is explained: each component's value, their nim-sum (${first})`);
  const bits = truth[0].toString(2);
  check((await text(page, `#sum-result li[data-position="${sums[0]}"] tr.sum`)).endsWith(bits.padStart(Math.max(...values, 1).toString(2).length, "0")),
    `the nim-sum ${truth[0]} is written in binary`);
  const third = await text(page, `#sum-result li[data-position="${sums[2]}"]`);
  check(third.includes("not filled in") && third.includes(`= ${truth[2]}`), `the blank third sum is named and explained (${third})`);
  const equal = new Set(components(sums[2]).map(value)).size < components(sums[2]).length;
  check(third.includes("cancel") === equal, "components of equal value are said to cancel exactly when there are some");
  check(third.includes(truth[2] === 0 ? "a P-position" : "an N-position"), "and the sum's outcome follows from its value");
  await audit(page, "on lesson 4 with wrong answers explained");
  await shot(page, "lesson4");

  await page.fill("#sum-1", String(truth[0]));
  await page.fill("#sum-3", String(truth[2]));
  await page.click("#sum-check");
  await page.waitForFunction(() => document.getElementById("sum-result").textContent.startsWith("All 3 right"));
  check((await page.locator("#sum-items li.wrong").count()) === 0, "the corrected answers are all right");
  // At phone width nothing makes the page scroll sideways.
  await shotsAtBothWidths(page, "lesson4-page", "main");
}, { audit: true });
