// Browser test of the page of `sprague serve`, in headless Chromium driven
// by playwright-core. Run by tests/browser.rs, which starts the server and
// sets SPRAGUE_URL (the page), CHROMIUM (the browser) and SHOTS (where the
// screenshots go). Exits non-zero on the first failed check.
import { join } from "node:path";
import { check, shots, withPage } from "./common.mjs";

await withPage("body[data-ready=true]", async (page) => {

  // 1. Type a position, read the outcome.
  await page.fill("#position", "nim 3 4 5");
  await page.click("#analyze-form button[type=submit]");
  await page.waitForSelector("#analysis:not([hidden])");
  const outcome = await page.textContent("#outcome");
  check(outcome.startsWith("N: the player to move wins"), `nim 3 4 5 is N (${outcome})`);
  check((await page.textContent("#grundy")).includes("Grundy value: 2"), "its Grundy value is 2");
  const sumRow = await page.textContent("table.binary tr.sum");
  check(sumRow.includes("010"), `the nim-sum row in binary reads 010 (${sumRow.trim()})`);
  check((await page.locator("#analysis-heaps .token").count()) === 12, "12 tokens drawn");
  await page.screenshot({ path: join(shots, "analysis.png"), fullPage: true });

  // 2. Click a winning move: it is played and the result is a P-position.
  const move = page.locator("#moves button.move").first();
  check((await move.textContent()).includes("nim 1 4 5"), "the winning move leads to nim 1 4 5");
  await move.click();
  await page.waitForFunction(() => document.getElementById("outcome").textContent.startsWith("P:"));
  check((await page.inputValue("#position")) === "nim 1 4 5", "the move was played into the input");
  check((await page.locator("#moves button.move").count()) === 0, "a P-position has no winning move buttons");

  // 2b. A game with a cycle: a draw, its generalized value and the move
  // that keeps the draw.
  await page.fill("#position", "digraph:a>b,b>a a");
  await page.press("#position", "Enter");
  await page.waitForFunction(() => document.getElementById("outcome").textContent.startsWith("D:"));
  const grundy = await page.textContent("#grundy");
  check(grundy.includes("∞(∅)"), `the draw's generalized value is shown (${grundy})`);
  const keep = await page.textContent("#moves");
  check(keep.includes("keep the draw") && keep.includes("digraph:a>b,b>a b"), `the move that keeps the draw is listed (${keep})`);

  // 3. An error, in place, naming the bad word.
  await page.fill("#position", "nim 3 x + kayles 4");
  await page.press("#position", "Enter");
  await page.waitForSelector("#analyze-error:not([hidden])");
  const error = await page.textContent("#analyze-error");
  check(error.includes('"x"') && error.includes("word 3"), `the error names the bad word (${error})`);
  check((await page.getAttribute("#position", "aria-invalid")) === "true", "the input is marked invalid");
  await page.fill("#position", "kayles 10");
  await page.press("#position", "Enter");
  await page.waitForSelector("#analyze-error", { state: "hidden" });
  check(true, "the error clears once the position is good");

  // 3b. The newest request wins: an older answer that comes late (held
  // back here for 1.5 s) does not replace a newer one.
  let heldBack = false;
  await page.route("**/api/analyze", async (route) => {
    if (!heldBack) {
      heldBack = true;
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    await route.continue();
  });
  await page.fill("#position", "nim 1 2 3");
  await page.press("#position", "Enter");
  await page.waitForSelector("#analyse[aria-busy=true]");
  check(true, "the section shows it is working");
  await page.fill("#position", "nim 1 2");
  await page.press("#position", "Enter");
  await page.waitForFunction(() => document.getElementById("outcome").textContent.startsWith("N:"));
  await page.waitForTimeout(2500);
  check(
    (await page.textContent("#outcome")).startsWith("N:") && (await page.inputValue("#position")) === "nim 1 2",
    "the late answer for nim 1 2 3 (a P-position) did not replace the one for nim 1 2"
  );
  check((await page.getAttribute("#analyse", "aria-busy")) === null, "the section is no longer busy");
  await page.unroute("**/api/analyze");

  // 4. A game against the computer, won by following the hints. The first
  // move is made by clicking a token, one by typing, the rest by the
  // hint's button; an undo on the way.
  await page.fill("#play-position", "nim 3 5 6 + kayles 7");
  await page.selectOption("#first", "human");
  await page.click("#play-form button[type=submit]");
  await page.waitForSelector("#game:not([hidden])");
  let turns = 0;
  let undone = false;
  while (true) {
    const status = await page.textContent("#game-status");
    if (status.startsWith("You win") || status.startsWith("The computer wins")) break;
    check(turns < 40, "the game ends");
    await page.click("#hint-button");
    const hint = page.locator("#hint button.play-hint");
    await hint.waitFor();
    const text = await hint.getAttribute("data-move");
    const logged = await page.locator("#game-log li").count();
    if (turns === 0) {
      // "c1 2 3": component 1, heap 2, take 3: click that token (the
      // drawing's token whose move it is).
      const m = /^c(\d+) (\d+) (\d+)$/.exec(text);
      check(m !== null, `the first hint is a take move (${text})`);
      await page.locator(`#board button.token[data-move="${text}"]`).click();
    } else if (turns === 1) {
      await page.fill("#move-text", text);
      await page.press("#move-text", "Enter");
    } else {
      await hint.click();
    }
    await page.waitForFunction((n) => document.querySelectorAll("#game-log li").length > n, logged);
    if (turns === 1 && !undone) {
      // A game in progress: the board, a hint, and why the computer moved.
      await page.click("#hint-button");
      await page.locator("#hint button.play-hint").waitFor();
      await page.evaluate(() => { document.getElementById("why-details").open = true; });
      await page.locator("#play").screenshot({ path: join(shots, "game.png") });
      await page.evaluate(() => { document.getElementById("why-details").open = false; });
      const before = await page.locator("#game-log li").count();
      await page.click("#undo-button");
      check((await page.locator("#game-log li").count()) === before - 2, "undo takes back your move and the reply");
      undone = true;
      continue;
    }
    turns++;
  }
  const end = await page.textContent("#game-status");
  check(end.startsWith("You win"), `won the game by following the hints (${end})`);
  check((await page.locator("#board button.token").count()) === 0, "no token is clickable once the game is over");
  const why = await page.textContent("#computer-explain");
  check(why.length > 0, "the computer's moves come with the explain view");

  // A move the position does not allow: refused in place.
  await page.fill("#play-position", "nim 3 4 5");
  await page.click("#play-form button[type=submit]");
  await page.waitForFunction(() => document.getElementById("game-status").textContent.startsWith("Your move in nim 3 4 5"));
  await page.fill("#move-text", "1 9");
  await page.press("#move-text", "Enter");
  await page.waitForSelector("#move-error:not([hidden])");
  check((await page.textContent("#move-error")).includes("illegal move"), "an illegal move is refused with its reason");

  // 5. The nim-sequence plot, with Kayles' proven period.
  await page.fill("#seq-ruleset", "kayles");
  await page.fill("#seq-to", "300");
  await page.click("#sequence-form button[type=submit]");
  await page.waitForSelector("#sequence-out:not([hidden])");
  await page.waitForFunction(() => {
    const img = document.getElementById("plot");
    return img.complete && img.naturalWidth > 0;
  });
  const period = await page.textContent("#period");
  check(period.includes("proven period 12, preperiod 71"), `kayles: ${period}`);
  await page.locator("#sequence").screenshot({ path: join(shots, "sequence.png") });
  await page.fill("#seq-ruleset", "octal:0.9z");
  await page.press("#seq-ruleset", "Enter");
  await page.waitForSelector("#sequence-error:not([hidden])");
  check((await page.textContent("#sequence-error")).includes("0.9z"), "a bad ruleset is named in the error");

  // 6. The table grid: Wythoff's P-positions.
  await page.fill("#tab-ruleset", "wythoff");
  await page.fill("#tab-to", "10");
  await page.click("#table-form button[type=submit]");
  await page.waitForSelector("table.grid");
  const pCells = await page.locator("table.grid td.p").count();
  check(pCells === 9, `wythoff to 10 has 9 P-positions shaded (${pCells})`);

  // 7. Phone width: nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.fill("#position", "nim 3 4 5 + kayles 12");
  await page.press("#position", "Enter");
  await page.waitForFunction(() => document.getElementById("grundy").textContent.includes("Grundy value"));
  await page.evaluate(() => window.scrollTo(0, 0));
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  check(wide <= 375, `no horizontal scrolling at 375 px (page width ${wide})`);
  await page.screenshot({ path: join(shots, "phone.png"), fullPage: false });
  await page.screenshot({ path: join(shots, "phone-full.png"), fullPage: true });

  // Keyboard: Tab reaches the position input and the Analyse button.
  await page.focus("#position");
  await page.keyboard.press("Tab");
  check(await page.evaluate(() => document.activeElement.textContent === "Analyse"), "Tab moves from the input to its button");
});
