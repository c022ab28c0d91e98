// Browser test of the drawings of `sprague serve`'s page (board.js), in
// headless Chromium driven by playwright-core, with the axe-core audit.
// Run by tests/browser.rs after page.test.mjs, with SPRAGUE_URL, CHROMIUM
// and BOARD_SHOTS (where each board's screenshot goes). Plays a game of
// every ruleset in `sprague rulesets` by clicking its drawing, wins Kayles
// from `kayles 7` against the computer by knocking pins, cuts a Hackenbush
// edge by clicking it and another from the keyboard, and fails on any
// accessibility violation axe-core reports. Exits non-zero on the first
// failed check.
import { chromium } from "playwright-core";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

const require = createRequire(import.meta.url);
const url = process.env.SPRAGUE_URL;
const shots = process.env.BOARD_SHOTS || "/tmp/web-shots/boards";
mkdirSync(shots, { recursive: true });

function check(ok, what) {
  if (!ok) throw new Error("check failed: " + what);
  console.log("ok: " + what);
}

const profile = mkdtempSync(join(tmpdir(), "sprague-chromium-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  viewport: { width: 1000, height: 900 },
  // The page's Content-Security-Policy allows no inline script; the audit
  // injects axe-core as one.
  bypassCSP: true,
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
});

/** Runs axe-core on the page as it is; fails on any violation, naming it. */
async function audit(page, when) {
  if (!(await page.evaluate(() => typeof window.axe !== "undefined"))) {
    await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
  }
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document);
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("; ")}`);
  });
  check(violations.length === 0, `axe-core finds no accessibility violation ${when}` + (violations.length ? ":\n  " + violations.join("\n  ") : ""));
}

/** Starts a game of `position`; `first` is "human", "computer" or "both". */
async function newGame(page, position, first) {
  await page.fill("#play-position", position);
  await page.selectOption("#first", first);
  await page.evaluate(() => { document.getElementById("game-status").textContent = ""; });
  await page.click("#play-form button[type=submit]");
  await page.waitForFunction(() => document.getElementById("game-status").textContent !== "");
}

const logged = (page) => page.locator("#game-log li").count();
const status = (page) => page.textContent("#game-status");
const over = async (page) => /wins/.test(await status(page));

/** Clicks `locator` and waits for the move to be logged. */
async function clickMove(page, locator) {
  const before = await logged(page);
  await locator.click();
  await page.waitForFunction((n) => document.querySelectorAll("#game-log li").length > n, before);
}

let failed = false;
try {
  const page = context.pages()[0] || (await context.newPage());
  page.setDefaultTimeout(15000);
  const problems = [];
  page.on("pageerror", (e) => problems.push("page error: " + e.message));
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of 4\d\d/.test(m.text())) problems.push("console: " + m.text());
  });
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]");
  // The audit itself: a button without a name is a violation it reports.
  await page.evaluate(() => document.body.append(Object.assign(document.createElement("button"), { id: "axe-probe" })));
  await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
  const probe = await page.evaluate(async () => (await window.axe.run(document)).violations.map((v) => v.id));
  check(probe.includes("button-name"), `the audit reports a button without a name (${probe})`);
  await page.evaluate(() => document.getElementById("axe-probe").remove());
  await audit(page, "on the page as loaded");

  // 1. The game picker lists every ruleset of `sprague rulesets`.
  const registry = await page.evaluate(async () =>
    (await (await fetch("/api/rulesets", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })).json()).rulesets);
  await page.waitForFunction((n) => document.querySelectorAll("#game-pick option").length === n + 1, registry.length);
  check(true, `the picker lists the ${registry.length} rulesets`);
  await page.selectOption("#game-pick", "kayles 10");
  check((await page.inputValue("#play-position")) === "kayles 10", "picking kayles puts its example in the game's position");
  check((await page.textContent("#game-about")).includes("take-and-break"), "and shows its rule");

  // 2. The analysis: basis and winning moves in words, the heaps drawn.
  await page.fill("#position", "nim 3 4 5");
  await page.press("#position", "Enter");
  await page.waitForFunction(() => document.getElementById("grundy").textContent.includes("Bouton"));
  check((await page.textContent("#grundy")).includes("decided by Bouton's theorem"), "the basis in words");
  check((await page.textContent("#moves")).includes("take 2 from heap 1 (3 -> 1), leaving nim 1 4 5"), "the winning move in words, as `analyze` writes it");
  await audit(page, "with an analysis shown");

  // 3. Win Kayles from `kayles 7` against the computer by knocking pins:
  // each hint's move is made by clicking the pin (or the gap between two
  // pins) whose move it is.
  await newGame(page, "kayles 7", "human");
  check((await page.locator("#board button.pin").count()) === 7, "kayles 7: seven pins to knock down");
  check((await page.locator("#board button.gap").count()) === 6, "and six gaps, each knocking down two adjacent pins");
  await page.locator("#play").screenshot({ path: join(shots, "kayles-7.png") });
  let turns = 0;
  let pins = 0;
  while (!(await over(page))) {
    check(turns < 10, "the game of Kayles ends");
    await page.click("#hint-button");
    const hint = page.locator("#hint button.play-hint");
    await hint.waitFor();
    const text = await hint.getAttribute("data-move");
    const target = page.locator(`#board [data-move="${text}"]`).first();
    const cls = await target.getAttribute("class");
    check(/\b(pin|gap)\b/.test(cls), `the hint ${text} is a pin or a gap on the drawing (${cls})`);
    pins += /\bpin\b/.test(cls) ? 1 : 2;
    if (turns === 0) {
      // The first move from the keyboard: focus the pin or gap, press Enter.
      await target.focus();
      const before = await logged(page);
      await page.keyboard.press("Enter");
      await page.waitForFunction((n) => document.querySelectorAll("#game-log li").length > n, before);
    } else {
      await clickMove(page, target);
    }
    turns++;
    if (turns === 1) {
      await page.locator("#play").screenshot({ path: join(shots, "kayles-7-played.png") });
      await audit(page, "during a game of Kayles (pins, gaps, the chart)");
    }
  }
  check((await status(page)).startsWith("You win"), `won kayles 7 by knocking down ${pins} pins in ${turns} moves (${await status(page)})`);
  const dots = await page.locator("#chart circle.dot").count();
  const plies = await logged(page);
  check(dots === plies + 1, `the chart has a point for each position of the game (${dots} for ${plies} moves)`);
  check((await page.locator("#chart circle.dot.P").count()) >= turns, "the positions left by your winning moves are P-positions on the chart");

  // 4. Cut a Hackenbush edge by clicking it: the stalk 0-1,1-2 falls whole
  // when its ground edge is cut (both sides' moves made here).
  await newGame(page, "hackenbush 0-1,1-2 0-1,1-2,2-0", "both");
  check((await page.locator("#board svg.hackenbush g.edge.clickable").count()) === 5, "five edges to cut");
  await page.locator("#board").screenshot({ path: join(shots, "hackenbush.png") });
  await audit(page, "with Hackenbush pictures");
  await clickMove(page, page.locator('#board g.edge[aria-label^="picture 1, edge 0-1"]'));
  check((await status(page)).includes("hackenbush 0 0-1,1-2,2-0"), `the cut stalk fell whole (${await status(page)})`);
  check((await page.locator("#board g.edge").count()) === 3, "the triangle's three edges are left");
  // The next cut from the keyboard.
  await page.locator("#board g.edge.clickable").first().focus();
  const before = await logged(page);
  await page.keyboard.press("Enter");
  await page.waitForFunction((n) => document.querySelectorAll("#game-log li").length > n, before);
  check((await page.locator("#board g.edge").count()) === 2, "an edge cut from the keyboard (Enter on the focused edge)");

  // 5. A graph: choose a token, then a node one edge away.
  await newGame(page, "digraph:a>b,b>c,a>c c a", "both");
  await page.locator('#board g.graph-token[aria-label^="token 2"]').click();
  check((await page.locator("#board g.node.target").count()) === 2, "token 2 on a can go to b or c");
  await page.locator("#board").screenshot({ path: join(shots, "digraph.png") });
  await audit(page, "with a graph and a chosen token");
  await clickMove(page, page.locator('#board g.node.target[aria-label^="token 2 to node c"]'));
  check((await status(page)).includes("wins"), `both tokens on the sink c: the game is over (${await status(page)})`);

  // 6. Wythoff's queen.
  await newGame(page, "wythoff 3 5", "both");
  await page.locator("#board").screenshot({ path: join(shots, "wythoff.png") });
  await audit(page, "with Wythoff's grid");
  await clickMove(page, page.locator('#board button.cell[aria-label^="to (1, 3)"]'));
  check((await status(page)).includes("wythoff 1 3"), "the queen moved diagonally to (1, 3)");

  // 7. A game of every ruleset in the list, from its example, by clicking
  // its drawing (both sides' moves), to the end or 40 moves.
  const kinds = new Set();
  for (const r of registry) {
    await newGame(page, r.example, "both");
    const name = r.names[0];
    const kind = await page.getAttribute("#board .component", "data-kind");
    await page.locator("#board").screenshot({ path: join(shots, `board-${name}.png`) });
    if (!kinds.has("audited " + kind)) {
      await audit(page, `with a drawing of kind ${kind} (${r.example})`);
      kinds.add("audited " + kind);
    }
    let ply = 0;
    while (!(await over(page)) && ply < 40) {
      const clickable = page.locator("#board .clickable");
      const n = await clickable.count();
      if (n === 0) break;
      const pick = clickable.nth((ply * 7 + 3) % n);
      if ((await pick.getAttribute("data-move")) === null) {
        // A graph's token: choose it, then a node.
        await pick.click();
        const targets = page.locator("#board g.node.target");
        await clickMove(page, targets.nth(ply % (await targets.count())));
      } else {
        await clickMove(page, pick);
      }
      ply++;
    }
    const typed = await page.locator("#board .component .note").count();
    check(ply > 0 || typed > 0, `${r.example}: ${ply} moves made by clicking its ${kind} drawing` + (ply === 0 ? " (too large to draw: moves typed)" : ""));
    if (ply > 0) kinds.add(kind);
  }
  for (const kind of ["heaps", "pin_rows", "grid", "hackenbush", "graph", "text"]) {
    check(kinds.has(kind), `a game was played on a drawing of kind ${kind}`);
  }

  // Phone width: the drawings fit.
  await page.setViewportSize({ width: 375, height: 800 });
  await newGame(page, "kayles 12 + nim 5", "human");
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  check(wide <= 375, `no horizontal scrolling at 375 px with a board (page width ${wide})`);
  await page.locator("#play").screenshot({ path: join(shots, "phone-board.png") });
  await audit(page, "at phone width");

  check(problems.length === 0, "no script errors: " + problems.join("; "));
} catch (e) {
  failed = true;
  console.error(e.stack || String(e));
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
