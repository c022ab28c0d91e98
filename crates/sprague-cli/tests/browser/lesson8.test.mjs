// Browser test of lesson 8 (lesson8.html, lessons-more.js): staircase
// Nim, and the pitfall of numbering the stairs from 0 or from 1. In
// headless Chromium driven by playwright-core, with the axe-core audit;
// run by tests/browser.rs with SPRAGUE_URL, CHROMIUM and SHOTS. Answers the
// exercise with a losing move from an even step (explained by the odd
// steps' nim-sum it leaves), a non-move, and every winning move; then
// ticks the counting stairs with one numbering for both staircases
// (explained where wrong), then right. The theory is computed here: a coin
// counts when it is an odd number of moves from where coins stop (the
// ground below step 1; in staircase:floor, the floor, stair 1). First it
// plays staircase 2 1 3 to the end, each move to an odd-step nim-sum of 0
// (the first typed, the rest clicked), checking after every turn the odd
// steps' nim-sum the page writes, in binary, and the outcome.
import { audit, check, playToEnd, shot, shotsAtBothWidths, text, withPage } from "./common.mjs";

const coinsOf = (position) => position.trim().split(/\s+/).slice(1).map(Number);
/** The stairs (from 1) whose coins count. */
const countingStairs = (position) => {
  const floor = position.startsWith("staircase:floor");
  return coinsOf(position).map((_, i) => i + 1).filter((s) => (floor ? s - 1 : s) % 2 === 1);
};
const oddSum = (coins) => coins.reduce((x, c, i) => ((i + 1) % 2 === 1 ? x ^ c : x), 0);
/** Every move [step, coins] of plain staircase Nim with what it leaves. */
const movesOf = (coins) => coins.flatMap((c, i) => {
  const out = [];
  for (let n = 1; n <= c; n++) {
    const after = [...coins];
    after[i] -= n;
    if (i > 0) after[i - 1] += n;
    out.push({ step: i + 1, n, after });
  }
  return out;
});

async function carry(page, step, n) {
  await page.selectOption("#stair-step", String(step));
  await page.fill("#stair-coins", String(n));
  await page.click("#stair-check");
}

await withPage("body[data-ready=true]", async (page) => {
  await page.click('nav a[href="/lesson8.html"]');
  await page.waitForSelector("body[data-lesson=staircase][data-ready=true]");
  check((await text(page, "h1")).includes("Staircase Nim"), "lesson 8 is reached from the home page");

  // A move typed that the server refuses (step 1 has 2 coins) is named as an error and stays in the box.
  await page.selectOption("#splay-start", "staircase 2 1 3");
  await page.click("#splay-new");
  await page.waitForSelector('#splay-heaps[data-shown="staircase 2 1 3"]');
  await page.fill("#splay-move", "1 9");
  await page.click("#splay-go");
  await page.waitForSelector("#splay-status .error");
  check((await page.inputValue("#splay-move")) === "1 9", `a refused move stays in the box (${await text(page, "#splay-status")})`);

  // Play staircase 2 1 3: the page's nim-sum of the odd steps after every turn, the test's moves to 0.
  const played = await playToEnd(page, "splay", "staircase 2 1 3", {
    inspect: async (position) => {
      const cs = coinsOf(position);
      const odd = cs.filter((_, i) => i % 2 === 0);
      const s = oddSum(cs);
      const said = await text(page, "#splay-explain");
      const line = `the nim-sum of the odd steps is ${odd.join(" ⊕ ")} = ${s}`;
      check(said.includes(line) && said.includes(s === 0 ? "a P-position" : "an N-position"), `${position}: the page says ${line}, ${s === 0 ? "P" : "N"}`);
      check((await text(page, "#splay-explain tr.sum")).endsWith(s.toString(2).padStart(Math.max(1, ...odd).toString(2).length, "0")), `${position}: ${s} in binary`);
    },
    choose: (position, offered) => {
      const m = movesOf(coinsOf(position)).find((x) => oddSum(x.after) === 0 && offered.includes(`${x.step} ${x.n}`));
      check(m !== undefined, `${position}: a move to an odd-step nim-sum of 0 is offered`);
      return `${m.step} ${m.n}`;
    },
    typed: (moves) => moves === 0,
  });
  check(played.status.includes("you win"), `the student, leaving an odd-step nim-sum of 0, wins (${played.status})`);
  await audit(page, "on lesson 8 after a game");

  const position = await text(page, "#stair-position");
  const coins = coinsOf(position);
  check(oddSum(coins) !== 0, `${position}: the odd steps' nim-sum is ${oddSum(coins)}, an N-position`);
  const all = movesOf(coins);
  const right = all.filter((m) => oddSum(m.after) === 0);
  const wrong = all.find((m) => m.step % 2 === 0 && oddSum(m.after) !== 0);
  await carry(page, wrong.step, wrong.n);
  await page.waitForSelector("#stair-result .lesson-wrong");
  const said = await text(page, "#stair-result");
  const odd = wrong.after.filter((_, i) => i % 2 === 0);
  check(said.includes(`leaves staircase ${wrong.after.join(" ")}`) && said.includes(`${odd.join(" ⊕ ")} = ${oddSum(wrong.after)}, not 0`) && said.includes("your opponent wins"),
    `carrying ${wrong.n} from step ${wrong.step} is explained by the odd steps' nim-sum it leaves (${said})`);
  await audit(page, "on lesson 8 with a wrong move explained");
  await shot(page, "lesson8-exercise", "#lesson-exercise");
  await carry(page, 1, 0);
  check((await text(page, "#stair-result")).startsWith("Not a move"), "carrying no coin is not a move");
  for (const m of right) {
    await carry(page, m.step, m.n);
    await page.waitForSelector("#stair-result .lesson-right");
    const ok = await text(page, "#stair-result");
    check(ok.includes(`leaves staircase ${m.after.join(" ")}`) && ok.includes(`has ${right.length} winning move`), `carrying ${m.n} from step ${m.step} is accepted`);
  }
  check(right.length > 0, `${right.length} winning move(s) tried`);

  // The pitfall: the same coins, two numberings.
  const positions = await page.locator("#count-items li").evaluateAll((lis) => lis.map((li) => li.dataset.position));
  check(positions.length === 2 && positions.some((p) => p.startsWith("staircase:floor")), `two staircases (${positions.join("; ")})`);
  const tick = async (rule) => {
    for (const [k, p] of positions.entries()) {
      for (const s of coinsOf(p).map((_, i) => i + 1)) await page.setChecked(`#count-${k + 1}-${s}`, rule(p, s));
    }
    await page.click("#count-check");
  };
  // One numbering for both: the odd stairs.
  await tick((_, s) => s % 2 === 1);
  await page.waitForSelector("#count-result ul.explanations");
  for (const p of positions) {
    const truth = countingStairs(p);
    const same = truth.every((s) => s % 2 === 1) && truth.length === coinsOf(p).filter((_, i) => i % 2 === 0).length;
    const li = page.locator(`#count-result li[data-position="${p}"]`);
    check((await li.count()) === (same ? 0 : 1), `${p}: the odd stairs are ${same ? "right" : "wrong"}`);
    if (same) continue;
    const why = await text(page, `#count-result li[data-position="${p}"]`);
    const values = truth.map((s) => coinsOf(p)[s - 1]);
    check(why.includes(`the stairs that count are ${truth.join(" and ")}`) && why.includes("the other numbering")
      && why.includes(`${values.join(" ⊕ ")} = ${values.reduce((a, b) => a ^ b, 0)}`), `${p}: explained (${why})`);
  }
  await audit(page, "on lesson 8 with the pitfall explained");
  await shot(page, "lesson8");
  await tick((p, s) => countingStairs(p).includes(s));
  await page.waitForFunction(() => document.getElementById("count-result").textContent.startsWith("Both right"));
  check((await page.locator("#count-items li.wrong").count()) === 0, "both right");
  // At phone width nothing makes the page scroll sideways.
  await shotsAtBothWidths(page, "lesson8-page", "main");
}, { audit: true });
