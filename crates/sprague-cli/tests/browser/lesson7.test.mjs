// Browser test of lesson 7 (lesson7.html, lessons-more.js): Moore's
// Nim-k, and the pitfall of reading "at most k heaps" as "at most k
// tokens". In headless Chromium driven by playwright-core, with the
// axe-core audit; run by tests/browser.rs with SPRAGUE_URL, CHROMIUM and
// SHOTS. Answers the exercise with a one-heap move that loses (explained
// by the columns' counts of 1s), a move on three heaps (not a move), and
// every winning move; then ticks the pitfall's moves all legal, then as
// the misreading would, then right. Moore's theorem, the winning moves and
// the legal moves are computed here, not read from the page. First it
// plays moore:2 1 2 3 to the end, each move to a P-position by Moore's
// theorem (the first typed, the rest clicked: a token, or a two-heap
// move's button), checking after every turn the columns' counts of 1s the
// page writes and the outcome it draws from them.
import { audit, check, playToEnd, shot, shotsAtBothWidths, text, withPage } from "./common.mjs";

const heapsOf = (position) => position.trim().split(/\s+/).slice(1).map(Number);
const kOf = (position) => Number(position.trim().split(/\s+/)[0].split(":")[1]);
/** The count of 1s in each binary column, highest first. */
const counts = (heaps) => {
  const width = Math.max(1, ...heaps.map((h) => h.toString(2).length));
  const out = [];
  for (let b = width - 1; b >= 0; b--) out.push(heaps.filter((h) => (h >> b) & 1).length);
  return out;
};
const isP = (heaps, k) => counts(heaps).every((c) => c % (k + 1) === 0);
/** Every position a move of Nim_k leads to from `heaps`. */
const options = (heaps, k) => {
  const out = [];
  const walk = (i, acc) => {
    if (i === heaps.length) {
      const changed = acc.filter((x, j) => x < heaps[j]).length;
      if (changed >= 1 && changed <= k) out.push(acc);
      return;
    }
    for (let x = 0; x <= heaps[i]; x++) walk(i + 1, [...acc, x]);
  };
  walk(0, []);
  return out;
};

async function leave(page, after) {
  for (const [i, x] of after.entries()) await page.fill(`#moore-${i + 1}`, String(x));
  await page.click("#moore-check");
}

await withPage("body[data-ready=true]", async (page) => {
  await page.click('nav a[href="/lesson7.html"]');
  await page.waitForSelector("body[data-lesson=moore][data-ready=true]");
  check((await text(page, "h1")).includes("Moore's Nim"), "lesson 7 is reached from the home page");

  // Play moore:2 1 2 3: the page's counts after every turn, the test's moves to a P-position.
  /** Where the move "h:n h:n" (take n from heap h, for each pair) leads. */
  const afterMove = (heaps, move) => {
    const out = [...heaps];
    for (const part of move.split(" ")) {
      const [h, n] = part.split(":").map(Number);
      out[h - 1] -= n;
    }
    return out;
  };
  const played = await playToEnd(page, "mplay", "moore:2 1 2 3", {
    inspect: async (position) => {
      const hs = heapsOf(position);
      const c = counts(hs);
      const said = await text(page, "#mplay-explain");
      const p = isP(hs, 2);
      check(said.includes(`hold ${c.join(", ")} ones`) && said.includes(p ? "a P-position" : "an N-position"), `${position}: the page counts ${c.join(", ")}, ${p ? "P" : "N"} (${said})`);
      const row = await page.locator("#mplay-explain tr.sum td.bits").allTextContents();
      check(row.join(",") === c.join(","), `${position}: the table's counts row is ${c.join(", ")}`);
    },
    choose: (position, offered) => {
      const hs = heapsOf(position);
      const move = offered.find((m) => isP(afterMove(hs, m), 2));
      check(move !== undefined, `${position}: a move to a P-position is offered (${move})`);
      return move;
    },
    typed: (moves) => moves === 0,
  });
  check(played.status.includes("you win"), `the student, leaving P-positions, wins (${played.status})`);
  await audit(page, "on lesson 7 after a game");

  const position = await text(page, "#moore-position");
  const k = kOf(position);
  const heaps = heapsOf(position);
  check(!isP(heaps, k), `${position} is an N-position (counts ${counts(heaps)})`);
  const all = options(heaps, k);
  const right = all.filter((a) => isP(a, k));
  // A losing move on one heap: empty the last heap, or the first such.
  const wrong = all.find((a) => a.filter((x, j) => x < heaps[j]).length === 1 && !isP(a, k));
  await leave(page, wrong);
  await page.waitForSelector("#moore-result .lesson-wrong");
  const said = await text(page, "#moore-result");
  check(said.includes(`leaves moore:${k} ${wrong.join(" ")}`) && said.includes(`not every count is a multiple of ${k + 1}`) && said.includes("your opponent wins"),
    `a losing move is explained by Moore's theorem (${said})`);
  const row = await page.locator("#moore-result tr.sum td.bits").allTextContents();
  check(row.map(Number).join(",") === counts(wrong).join(","), `the counts of 1s written are ${counts(wrong)}`);
  await audit(page, "on lesson 7 with a wrong move explained");
  await shot(page, "lesson7-exercise", "#lesson-exercise");

  // Three heaps at once is not a move of Nim_2.
  await leave(page, heaps.map((h, i) => (i < k + 1 ? h - 1 : h)));
  check((await text(page, "#moore-result")).includes(`it changes ${k + 1} heaps`), `a move on ${k + 1} heaps is refused`);

  for (const a of right) {
    await leave(page, a);
    await page.waitForSelector("#moore-result .lesson-right");
    check((await text(page, "#moore-result")).includes(`leaves moore:${k} ${a.join(" ")}`), `the winning move to ${a.join(" ")} is accepted`);
  }
  check(right.length > 0, `${right.length} winning move(s) tried`);

  // The pitfall.
  const legalPosition = await text(page, "#legal-position");
  const lk = kOf(legalPosition);
  const lh = heapsOf(legalPosition);
  const moves = await page.locator("#legal-moves li").evaluateAll((lis) => lis.map((li) => li.dataset.move));
  const parts = (m) => m.split(" ").map((x) => x.split(":").map(Number));
  const legal = (m) => parts(m).length <= lk && parts(m).every(([h, t]) => t >= 1 && t <= lh[h - 1]);
  const misread = (m) => parts(m).reduce((s, [, t]) => s + t, 0) <= lk;
  const tick = async (rule) => {
    for (const [i, m] of moves.entries()) await page.setChecked(`#legal-${i + 1}`, rule(m));
    await page.click("#legal-check");
  };
  await tick(() => true);
  await page.waitForSelector("#legal-result ul.explanations");
  for (const m of moves.filter((x) => !legal(x))) {
    const why = await text(page, `#legal-result li[data-move="${m}"]`);
    check(why.includes("is not legal") && why.includes(`more than k = ${lk}`) && why.includes("the server:"), `${m} ticked is explained: too many heaps (${why})`);
  }
  check(moves.some((m) => !legal(m)), "some move is illegal");
  await tick(misread);
  await page.waitForSelector("#legal-result ul.explanations");
  const differ = moves.filter((m) => misread(m) !== legal(m));
  check(differ.length > 0 && (await page.locator("#legal-moves li.wrong").count()) === differ.length, `the misreading is wrong on ${differ.length} moves`);
  for (const m of differ) {
    const why = await text(page, `#legal-result li[data-move="${m}"]`);
    check(why.includes("is legal") && why.includes("not the number of tokens"), `${m} is explained: heaps, not tokens (${why})`);
  }
  await audit(page, "on lesson 7 with the pitfall explained");
  await shot(page, "lesson7");
  await tick(legal);
  await page.waitForFunction(() => document.getElementById("legal-result").textContent.startsWith("All "));
  check((await page.locator("#legal-moves li.wrong").count()) === 0, "the right ticks are all right");
  // At phone width nothing makes the page scroll sideways.
  await shotsAtBothWidths(page, "lesson7-page", "main");
}, { audit: true });
