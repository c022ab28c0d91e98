// Browser test of lesson 5 (lesson5.html, lessons.js): subtraction games
// and their periods, and the pitfall of a Grundy table that stops short of
// the largest heap. In headless Chromium driven by playwright-core, with
// the axe-core audit; run by tests/browser.rs with SPRAGUE_URL, CHROMIUM
// and SHOTS. Checks the preperiod and period the page names and the values
// it shows; answers the exercise (G(1000)) by counting the period from
// heap 0 (explained) and right; answers the pitfall's sum as if the heap
// past the table were 0 (explained, the table extended) and right. Every
// value is computed here by the mex (G(n) = mex of G(n - s), s in S), and
// the period found here by comparing values, not read from the page.
// First it plays a large heap, sub:2,4,7 61, to the end, each move to a
// heap of value 0 (typed above 40 tokens, clicked below), checking after every turn
// the page's reduction of the heap by the period and the value it gives.
import { audit, check, playToEnd, shot, shotsAtBothWidths, text, withPage } from "./common.mjs";

const mex = (values) => {
  let m = 0;
  while (values.includes(m)) m++;
  return m;
};
const TO = 1200;
/** G(0..TO) of sub:S. */
const grundy = (S) => {
  const G = [];
  for (let n = 0; n <= TO; n++) G.push(mex(S.filter((s) => s <= n).map((s) => G[n - s])));
  return G;
};
const setOf = (ruleset) => ruleset.slice(4).split(",").map(Number);
/** The least period p, then the least preperiod q, with G(n) = G(n - p) for q + p <= n <= TO. */
const periodOf = (G) => {
  for (let p = 1; p < 200; p++) {
    for (let q = 0; q < 200; q++) {
      let ok = true;
      for (let n = q + p; n <= TO && ok; n++) ok = G[n] === G[n - p];
      if (ok) return { p, q };
    }
  }
  throw new Error("no period below 200");
};
const componentsOf = (position) => position.split(" + ").map((c) => c.trim().split(/\s+/));

await withPage("body[data-ready=true]", async (page) => {
  await page.click('nav a[href="/lesson5.html"]');
  await page.waitForSelector("body[data-lesson=periods][data-ready=true]");
  check((await text(page, "h1")).includes("periods"), "lesson 5 is reached from the home page");

  // Play a large heap: the page's reduction by the period after every turn, the test's moves to value 0.
  {
    const S = setOf("sub:2,4,7");
    const G = grundy(S);
    const { p, q } = periodOf(G);
    const played = await playToEnd(page, "big", "sub:2,4,7 61", {
      inspect: async (position) => {
        const n = Number(position.split(" ")[1]);
        const r = q + ((n - q) % p);
        const line = n < q + p ? `heap ${n} is below ${q + p}, where the repetition starts, so G(${n}) = ${G[n]} is read off the table` : `${n} − ${q} = ${n - q} = ${p} × ${Math.floor((n - q) / p)} + ${(n - q) % p}, so G(${n}) = G(${r}) = ${G[n]}`;
        const said = await text(page, "#big-explain");
        if (n >= q + p) check(G[r] === G[n], `G(${n}) = G(${r}) by the test's own values`);
        check(said.includes(line) && said.includes(`period ${p}`) && said.includes(G[n] === 0 ? "a P-position" : "an N-position"),
          `${position}: the page says ${line}, ${G[n] === 0 ? "P" : "N"} (${said})`);
      },
      choose: (position, offered) => {
        const n = Number(position.split(" ")[1]);
        const s = S.find((x) => x <= n && G[n - x] === 0);
        check(s !== undefined && (n > 40 || offered.includes(`1 ${s}`)), `${position}: the move to heap ${n - s} of value 0 is ${n > 40 ? "there (typed: too many tokens to draw)" : "offered"}`);
        return `1 ${s}`;
      },
      // Above 40 tokens the server lists no moves: they are typed.
      typed: (moves, position) => Number(position.split(" ")[1]) > 40,
    });
    check(played.status.includes("you win"), `the student, moving to value 0 each time, wins (${played.status})`);
    await audit(page, "on lesson 5 after a game");
  }

  for (const ruleset of ["sub:2,4,7", "sub:1,4,5"]) {
    await page.selectOption("#period-game", ruleset);
    await page.click("#period-show");
    await page.waitForFunction((r) => document.getElementById("period-words").textContent.startsWith(r + ":"), ruleset);
    const G = grundy(setOf(ruleset));
    const { p, q } = periodOf(G);
    check(Number(await page.getAttribute("#period-words", "data-period")) === p && Number(await page.getAttribute("#period-words", "data-preperiod")) === q,
      `${ruleset}: the page names period ${p} and preperiod ${q}`);
    const cells = await page.locator("#period-values td").evaluateAll((tds) => tds.map((td) => Number(td.textContent)));
    check(cells.length > q + p && cells.every((v, n) => v === G[n]), `${ruleset}: the values shown are G(0..${cells.length - 1})`);
    check((await page.locator("#period-values td.pre").count()) === q && (await page.locator("#period-values td.first-period").count()) === p,
      `${ruleset}: the preperiod (${q} cells) and the first period (${p}) are marked`);
  }

  // The exercise: G(1000), first counted from heap 0.
  const farGame = await text(page, "#far-game");
  const n = Number(await text(page, "#far-heap"));
  const G = grundy(setOf(farGame));
  const { p, q } = periodOf(G);
  check(q > 0 && G[n % p] !== G[n], `${farGame}: counting the period from heap 0 gives G(${n % p}) = ${G[n % p]}, not G(${n}) = ${G[n]}`);
  await page.fill("#far-answer", String(G[n % p]));
  await page.click("#far-check");
  await page.waitForSelector("#far-result .lesson-wrong");
  const far = await text(page, "#far-result");
  const r = q + ((n - q) % p);
  check(far.includes(`G(${n}) is ${G[n]}, not ${G[n % p]}`) && far.includes(`G(${n}) = G(${r}) = ${G[r]}`) && far.includes("counts the period from heap 0"),
    `the wrong G(${n}) is explained by the period counted from heap ${q} (${far})`);
  await page.fill("#far-answer", String(G[n]));
  await page.click("#far-check");
  await page.waitForSelector("#far-result .lesson-right");
  check((await text(page, "#far-result")).startsWith(`Right: G(${n}) = ${G[n]}`), "the right G(1000) is confirmed");

  // The pitfall: the table stops at heap `last`, short of the position's largest heap.
  const shortGame = await text(page, "#short-game");
  const last = Number(await text(page, "#short-last"));
  const H = grundy(setOf(shortGame));
  const shown = await page.locator("#short-table td").evaluateAll((tds) => tds.map((td) => Number(td.textContent)));
  check(shown.length === last + 1 && shown.every((v, k) => v === H[k]), `the program's table is G(0..${last})`);
  const heaps = componentsOf(await text(page, "#short-position")).map(([, h]) => Number(h));
  const largest = Math.max(...heaps);
  check(largest > last, `the position's largest heap ${largest} is past the table`);
  const truth = heaps.reduce((s, h) => s ^ H[h], 0);
  const asZero = heaps.reduce((s, h) => s ^ (h <= last ? H[h] : 0), 0);
  check(asZero !== truth, `counting the heap past the table as 0 gives ${asZero}, not ${truth}`);
  await page.fill("#short-answer", String(asZero));
  await page.click("#short-check");
  await page.waitForSelector("#short-result ul.explanations");
  const short = await text(page, "#short-result");
  check(short.includes(`is ${truth}, not ${asZero}`) && short.includes(`short of the largest heap of the position, ${largest}`) && short.includes("counts as 0"),
    `the short table is named as the mistake (${short})`);
  const lines = await page.locator("#short-result ul.explanations li").allTextContents();
  check(lines.length === largest - last, `the table is extended from heap ${last + 1} to ${largest}`);
  for (const [k, line] of lines.entries()) {
    const m = last + 1 + k;
    const opts = setOf(shortGame).filter((s) => s <= m).map((s) => m - s);
    check(line.startsWith(`G(${m}) = mex{`) && line.endsWith(`= ${H[m]}`) && opts.every((o) => line.includes(`G(${o})`)), `extended: ${line}`);
  }
  check(short.includes(`${heaps.map((h) => H[h]).join(" ⊕ ")} = ${truth}`), "and the sum's value is the nim-sum of its heaps' values");
  await audit(page, "on lesson 5 with the pitfall explained");
  await shot(page, "lesson5");
  await page.fill("#short-answer", String(truth));
  await page.click("#short-check");
  await page.waitForSelector("#short-result .lesson-right");
  check((await text(page, "#short-result")).includes(`extended to heap ${largest}`), "the right value is confirmed");
  // At phone width nothing makes the page scroll sideways.
  await shotsAtBothWidths(page, "lesson5-page", "main");
}, { audit: true });
