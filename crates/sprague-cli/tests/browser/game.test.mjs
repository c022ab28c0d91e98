// Browser test of the play view in the game's own words (game.js), in
// headless Chromium driven by playwright-core, with the axe-core audit.
// Run by tests/browser.rs with SPRAGUE_URL, CHROMIUM and SHOTS. A Kayles
// game shows Kayles' rules and pins' click hint only; a Cram game shows
// Cram's rules, a move-box example in Cram's notation, and is played to
// the end by clicking the winning moves the hint marks on the board, with
// an undo and a redo on the way; the dominoes placed are drawn as pieces,
// the last one marked. Screenshot: a Cram game after three moves.
import { audit, check, shot, text, withPage } from "./common.mjs";

/** Starts a game of `position`; `first` is "human", "computer" or "both". */
async function start(page, position, first = "human") {
  await page.fill("#play-position", position);
  await page.selectOption("#first", first);
  await page.evaluate(() => { document.getElementById("game-status").textContent = ""; });
  await page.click("#play-form button[type=submit]");
  await page.waitForFunction(() => document.getElementById("game-status").textContent !== "");
}

const logLines = (page) => page.locator("#game-log li").count();

/** Clicks `locator` (a move) and waits for the game's log to grow. */
async function move(page, locator) {
  const before = await logLines(page);
  await locator.click();
  await page.waitForFunction((n) => document.querySelectorAll("#game-log li").length > n, before);
}

/** Asks for the hint; returns the number of winning moves it says it marked. */
async function hint(page) {
  await page.evaluate(() => { document.getElementById("hint").hidden = true; });
  await page.click("#hint-button");
  await page.waitForSelector("#hint:not([hidden])");
  const words = await text(page, "#hint");
  const m = /The (\d+) winning moves are marked|The winning move is marked/.exec(words);
  check(m !== null, `the hint says the winning moves are marked on the board (${words})`);
  return m[1] ? Number(m[1]) : 1;
}

await withPage("body[data-ready=true]", async (page) => {
  // 1. Kayles: its own rules and the pins' click hint, nothing of Cram,
  // Wythoff or graphs.
  await start(page, "kayles 5 1 5");
  const kRules = await text(page, "#game-rules");
  check((await page.locator("#game-rules p.rule").count()) === 1, "one ruleset's rules above the Kayles board");
  check(kRules.startsWith("kayles:") && kRules.includes("take-and-break"), `Kayles' rule from the registry (${kRules})`);
  const kBoard = await text(page, "#board");
  check(kBoard.includes("knock it down") && !/domino|queen|edge|token/i.test(kBoard), `only the pins' click hint (${kBoard})`);
  const kExample = await page.getAttribute("#move-text", "placeholder");
  const kMove = /^e\.g\. (.+?) \(/.exec(kExample);
  check(kMove !== null && (await page.locator(`#board [data-move="${kMove[1]}"]`).count()) > 0,
    `the move box's example is a move of this Kayles board (${kExample})`);

  // 2. Cram 3x4 (an N-position: the first player wins): Cram's rules and
  // example only.
  await start(page, "cram 3x4");
  const rules = await text(page, "#game-rules");
  check((await page.locator("#game-rules p.rule").count()) === 1, "one ruleset's rules above the Cram board");
  check(rules.startsWith("cram:") && rules.includes("place a domino"), `Cram's rule (${rules})`);
  check(!/heap|token|pin|queen/i.test(rules), "no other game's words in Cram's rules");
  const example = await page.getAttribute("#move-text", "placeholder");
  check(/^e\.g\. \d\.\d-\d\.\d \(.*domino/.test(example) && !/heap/.test(example),
    `the move box's example is a domino in Cram's notation (${example})`);
  const note = await text(page, "#board");
  check(note.includes("place a domino") && !/token|pin|queen/i.test(note), `only Cram's click hint under the board (${note})`);
  check(await page.isDisabled("#undo-button") && await page.isDisabled("#redo-button"), "nothing to undo or redo at the start");

  // 3. Play it to the end by clicking, on the board, the first winning
  // move the hint marks; after two turns, an undo and a redo.
  let turns = 0;
  let undone = false;
  while (true) {
    const status = await text(page, "#game-status");
    if (status.startsWith("You win") || status.startsWith("The computer wins")) break;
    check(turns < 8, "the Cram game ends");
    const total = await hint(page);
    const marked = page.locator("#board .winning");
    check((await marked.count()) === total, `every winning move is marked on the board (${total})`);
    const played = await page.getAttribute("#hint button.play-hint", "data-move");
    check((await page.locator(`#board .winning[data-move="${played}"]`).count()) === 1, `the hint's own move ${played} is among those marked`);
    if (turns === 1) await audit(page, "in a Cram game with dominoes placed and the winning moves marked");
    await move(page, marked.first());
    turns++;
    const placed = await page.locator("#board .placed-domino").count();
    const plies = (await logLines(page));
    check(placed === plies, `each move placed one domino, drawn as a piece (${placed} for ${plies} moves)`);
    if (plies > 0 && !(await text(page, "#game-status")).startsWith("You win")) {
      const last = page.locator("#board .placed-domino.last");
      check((await last.count()) === 1, "the last move's domino is marked");
      check((await last.getAttribute("aria-label")).includes("the computer"), "and it is the computer's reply");
    }
    if (turns === 2 && !undone) {
      const position = await text(page, "#game-status");
      const log = await logLines(page);
      await page.click("#undo-button");
      check((await logLines(page)) === log - 2, "undo takes back your move and the reply");
      check((await page.locator("#board .placed-domino").count()) === log - 2, "and their dominoes");
      check(!(await page.isDisabled("#redo-button")), "redo is offered");
      await page.click("#redo-button");
      check((await logLines(page)) === log && (await text(page, "#game-status")) === position, "redo plays them again");
      check((await page.locator("#board .placed-domino").count()) === log, "the dominoes are back");
      check(await page.isDisabled("#redo-button"), "nothing more to redo");
      undone = true;
    }
  }
  const end = await text(page, "#game-status");
  check(end.startsWith("You win"), `won Cram 3x4 by clicking the marked winning moves (${end})`);
  check(undone, "the game went through an undo and a redo");
  check((await page.locator("#board .boundary").count()) === 0, "no domino can be placed once the game is over");

  // 4. A Cram game after three moves: the computer starts, one domino by
  // clicking a cell and then its neighbour, the computer's reply.
  await start(page, "cram 3x4", "computer");
  check((await logLines(page)) === 1, "the computer placed the first domino");
  const chooser = page.locator("#board button.sq.empty").first();
  await chooser.click();
  await move(page, page.locator("#board button.sq.target").first());
  check((await logLines(page)) === 3, "three moves made");
  check((await page.locator("#board .placed-domino").count()) === 3, "three dominoes on the board");
  check((await page.locator("#board .placed-domino.last").count()) === 1, "the last one marked");
  await shot(page, "cram-three-moves", "#play");
}, { audit: true });
