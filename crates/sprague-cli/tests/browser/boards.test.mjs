// Browser test of the drawings of `sprague serve`'s page (board.js), in
// headless Chromium driven by playwright-core, with the axe-core audit.
// Run by tests/browser.rs after page.test.mjs, with SPRAGUE_URL, CHROMIUM
// and BOARD_SHOTS (where each board's screenshot goes). Plays a game of
// every ruleset in `sprague rulesets` by clicking its drawing, wins Kayles
// from `kayles 7` against the computer by knocking pins, cuts a Hackenbush
// edge by clicking it and another from the keyboard, plays moves on graphs
// (Node Kayles, Arc Kayles, Geography), boards (Cram, Chomp), coins,
// Welter's strip and Fibonacci Nim's heap, and fails on any
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
  // (besides "choose a ruleset…" and "—", the game not being one of them)
  await page.waitForFunction((n) => document.querySelectorAll("#game-pick option").length === n + 2, registry.length);
  check(true, `the picker lists the ${registry.length} rulesets`);
  await page.selectOption("#game-pick", "kayles 10");
  check((await page.inputValue("#play-position")) === "kayles 10", "picking kayles puts its example in the game's position");
  check((await page.textContent("#game-about")).includes("take-and-break"), "and shows its rule");
  // The picker follows a start typed by hand: the game's ruleset (found
  // here in the registry by the rule's notation), or "—" for a sum of two.
  const entryOf = (word) => registry.find((r) => r.notation.split(", ").some((n) => n.split(":")[0] === word.split(":")[0])).example;
  for (const [typed, first, expected] of [
    ["mock THHTH", "human", entryOf("mock")],
    ["kayles 5 + nim 3", "human", "—"],
    ["nim 2 + nim 3", "computer", entryOf("nim")],
  ]) {
    await newGame(page, typed, first);
    const shown = await page.inputValue("#game-pick");
    check(shown === expected, `a game of ${typed} typed by hand sets the picker to ${expected} (${shown})`);
  }
  check((await page.textContent("#game-about")).includes("Bouton"), "with the rule of the game being played");

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
        // A piece chosen first (a graph's token, a cell of Cram, a coin
        // with several sets to turn, a coin of Welter's strip), then one
        // of the moves it offers.
        await pick.click();
        const targets = page.locator("#board .target[data-move]");
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

  // 8. The drawings of graphs, boards, coins and strips, move by move.
  /** Starts `position`, screenshots it as `shot`, audits it once. */
  const start = async (position, shot) => {
    await newGame(page, position, "both");
    await page.locator("#board").screenshot({ path: join(shots, `${shot}.png`) });
    kinds.add(await page.getAttribute("#board .component", "data-kind"));
  };
  const after = async (what, text) => check((await status(page)).includes(text), `${what} (${await status(page)})`);
  // Node Kayles: vertex 5 of the 2 x 3 grid takes 2, 4, 6 with it.
  await start("nodekayles grid:2x3", "nodekayles-grid");
  check((await page.locator("#board svg.network g.vertex-node.clickable").count()) === 6, "nodekayles grid:2x3: six vertices to take");
  await clickMove(page, page.locator('#board g.vertex-node[aria-label^="graph 1, vertex 5:"]'));
  await after("Node Kayles: vertex 5 goes with its neighbours", "grid:2x3~2,4,5,6");
  check((await page.locator("#board g.vertex-node.gone").count()) === 4, "and the four are drawn gone");
  // Arc Kayles: an edge of the cycle, from the keyboard.
  await start("arckayles cycle:6", "arckayles-cycle");
  await page.locator('#board g.link[aria-label^="graph 1, edge 1-2:"]').focus();
  let n = await logged(page);
  await page.keyboard.press("Enter");
  await page.waitForFunction((k) => document.querySelectorAll("#game-log li").length > k, n);
  await after("Arc Kayles: edge 1-2 taken with its ends, from the keyboard", "cycle:6~1,2");
  // Geography: the token moves to a neighbour; the vertex left is visited.
  await start("geography grid:3x3@5", "geography-grid");
  check((await page.locator("#board g.vertex-node.clickable").count()) === 4, "geography grid:3x3@5: four neighbours to move to");
  await clickMove(page, page.locator('#board g.vertex-node[aria-label^="graph 1, vertex 2:"]'));
  await after("Geography: the token went to 2, 5 visited", "grid:3x3~5@2");
  await audit(page, "with a Geography graph");
  // Cram: a domino by its boundary, then one by a cell and its neighbour
  // from the keyboard.
  await start("cram 2x3", "cram-2x3");
  await audit(page, "with a Cram board");
  await clickMove(page, page.locator('#board button.boundary[aria-label^="board 1, domino 1.1 and 1.2"]'));
  await after("Cram: the domino 1.1-1.2 placed by its boundary", "##./...");
  await page.locator('#board button.sq[aria-label^="board 1, cell 2.1"]').focus();
  await page.keyboard.press("Enter");
  check((await page.getAttribute('#board button.sq[aria-label^="board 1, cell 2.1"]', "aria-pressed")) === "true", "Cram: cell 2.1 chosen from the keyboard");
  await page.locator("#board").screenshot({ path: join(shots, "cram-chosen.png") });
  await page.locator('#board button.sq.target[aria-label^="board 1, cell 2.2"]').focus();
  n = await logged(page);
  await page.keyboard.press("Enter");
  await page.waitForFunction((k) => document.querySelectorAll("#game-log li").length > k, n);
  await after("Cram: then 2.2, the domino 2.1-2.2", "##./##.");
  // Chomp: a bite at 2.2 leaves 4,1,1.
  await start("chomp 3x4", "chomp-3x4");
  check((await page.locator("#board button.sq.square").count()) === 11, "chomp 3x4: eleven squares to bite (not the poisoned one)");
  await audit(page, "with a Chomp board");
  await clickMove(page, page.locator('#board button.sq[aria-label^="board 1, square 2.2:"]'));
  await after("Chomp: the bite at 2.2 takes the squares above and right", "chomp 4,1,1");
  // Coins: Mock Turtles' coin 4 turns with others: choose it, then a set.
  await start("mock THHTH", "mock-coins");
  const coin = page.locator('#board button.coin[aria-label^="coin 4, heads"]');
  await coin.click();
  const sets = page.locator("#board .coin-choices button.target");
  check((await sets.count()) >= 2, `mock THHTH: coin 4 turns with ${await sets.count()} sets of coins`);
  await page.locator("#board").screenshot({ path: join(shots, "mock-coins-chosen.png") });
  await audit(page, "with coins and their sets to turn");
  const chosen = await sets.first().getAttribute("data-move");
  await clickMove(page, sets.first());
  check((await page.locator("#game-log li").last().textContent()).length > 0, `Mock Turtles: turned ${chosen}`);
  // The coin game as a player sees it (its rules, coins, log): for the guide.
  await page.locator("#play").screenshot({ path: join(shots, "mock-turtles-game.png") });
  // A grid of coins (corners: the four corners of a rectangle).
  await start("corners THT HHT", "corners-coins");
  await audit(page, "with a grid of coins");
  const grid0 = await page.textContent("#board .component-name");
  const corner = page.locator("#board .coin-grid .clickable").first();
  if ((await corner.getAttribute("data-move")) === null) {
    await corner.click();
    await clickMove(page, page.locator("#board .coin-choices button.target").first());
  } else {
    await clickMove(page, corner);
  }
  const grid1 = await page.textContent("#board .component-name");
  check(grid1 !== grid0 && grid1.startsWith("corners"), `corners: a rectangle's corners turned (${grid0} -> ${grid1})`);
  // Fibonacci Nim: the bound is shown; taking 3 of 10 leaves 7, at most 6.
  await start("fibnim 10 9", "fibnim");
  check((await page.textContent("#board .bound")).includes("1 to 9"), "fibnim 10 9: the bound is shown");
  check((await page.locator("#board button.token").count()) === 9, "and the nine tokens it reaches are clickable");
  await clickMove(page, page.locator('#board button.token[aria-label^="heap 1, token 8:"]'));
  await after("Fibonacci Nim: taking 3 leaves 7 with at most 6 to take", "fibnim 7 6");
  check((await page.textContent("#board .bound")).includes("1 to 6"), "the new bound is shown");
  // Euclid: the larger heap less a multiple of the smaller.
  await start("euclid 7 3", "euclid");
  check((await page.locator("#board button.token").count()) === 2, "euclid 7 3: two moves (to 4 or 1)");
  await clickMove(page, page.locator('#board button.token[aria-label^="heap 1, token 2:"]'));
  await after("Euclid: 7 - 2 x 3 = 1", "euclid 1 3");
  // Welter: choose a coin, then a lower empty square.
  await start("welter 3 7 12", "welter");
  await page.locator('#board button.strip-square[aria-label^="coin on square 7"]').click();
  check((await page.locator("#board button.strip-square.target").count()) === 6, "welter: the coin on 7 can go to 0, 1, 2, 4, 5, 6");
  await page.locator("#board").screenshot({ path: join(shots, "welter-chosen.png") });
  await audit(page, "with Welter's strip and a chosen coin");
  await clickMove(page, page.locator('#board button.strip-square.target[aria-label^="square 5:"]'));
  await after("Welter: the coin slid from 7 to 5", "welter 3 5 12");
  // A graph too large to draw: its moves are buttons (kind text).
  await start("nodekayles path:60", "nodekayles-path-60");
  check((await page.getAttribute("#board .component", "data-kind")) === "text", "nodekayles path:60 is too large to draw");
  await clickMove(page, page.locator("#board .listed-moves button").first());
  check(true, "and a move was made by its button");
  for (const kind of ["text", "heaps", "pin_rows", "grid", "hackenbush", "graph", "network", "cells", "coins", "strip", "checkers", "limited"]) {
    check(kinds.has(kind), `a game was played (or moves made) on a drawing of kind ${kind}`);
  }
  // Phone width: a Cram board and a graph fit.
  await page.setViewportSize({ width: 375, height: 800 });
  for (const position of ["cram 4x5", "nodekayles petersen", "mock THHTHTTHHT"]) {
    await newGame(page, position, "human");
    const w = await page.evaluate(() => document.documentElement.scrollWidth);
    check(w <= 375, `${position}: no horizontal scrolling at 375 px (page width ${w})`);
    await page.locator("#play").screenshot({ path: join(shots, `phone-${position.split(" ")[0]}.png`) });
  }
  await audit(page, "at phone width with coins");
  await page.setViewportSize({ width: 1000, height: 900 });

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
