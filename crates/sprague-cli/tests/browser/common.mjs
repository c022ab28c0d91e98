// What the browser tests of `sprague serve`'s page share: headless Chromium
// (Debian's, driven by playwright-core), the page opened with its errors
// collected, checks, the axe-core audit, and screenshots. The scripts are
// run by tests/browser.rs, which starts the server and sets SPRAGUE_URL
// (the page), CHROMIUM (the browser) and SHOTS (where screenshots go).
import { chromium } from "playwright-core";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

const require = createRequire(import.meta.url);

/** The page's address. */
export const url = process.env.SPRAGUE_URL;

/** The folder of the screenshots (made if missing). */
export const shots = process.env.SHOTS || "/tmp/web-shots";
mkdirSync(shots, { recursive: true });

/** Phone and desktop widths of the screenshots. */
export const PHONE = { width: 375, height: 800 };
export const DESKTOP = { width: 1000, height: 900 };

/** Fails (throws) unless `ok`; logs the check either way. */
export function check(ok, what) {
  if (!ok) throw new Error("check failed: " + what);
  console.log("ok: " + what);
}

/**
 * Runs `body(page, problems)` in a fresh headless Chromium on the page,
 * waiting for `ready` (a selector) first; `problems` collects script
 * errors and console errors (not the 4xx answers the tests ask for, which
 * Chromium logs as failed loads). Closes the browser and exits the process:
 * 0 when `body` returned and no problem was collected, 1 otherwise.
 *
 * With `{ audit: true }` the page's Content-Security-Policy is bypassed so
 * that `audit` can inject axe-core (an inline script, which the policy
 * forbids); without it the policy holds, and anything it blocks is
 * reported as a console error.
 */
export async function withPage(ready, body, { audit = false } = {}) {
  const profile = mkdtempSync(join(tmpdir(), "sprague-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    viewport: DESKTOP,
    bypassCSP: audit,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
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
    await page.waitForSelector(ready);
    await body(page, problems);
    check(problems.length === 0, "no script errors: " + problems.join("; "));
  } catch (e) {
    failed = true;
    console.error(e.stack || String(e));
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

/** Runs axe-core on the page as it is; fails on any violation, naming it. */
export async function audit(page, when) {
  if (!(await page.evaluate(() => typeof window.axe !== "undefined"))) {
    await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
  }
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document);
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("; ")}`);
  });
  check(violations.length === 0, `axe-core finds no accessibility violation ${when}` + (violations.length ? ":\n  " + violations.join("\n  ") : ""));
}

/** A screenshot of the whole page, or of the element `selector`, as shots/`name`.png. */
export async function shot(page, name, selector) {
  const path = join(shots, name + ".png");
  if (selector) await page.locator(selector).screenshot({ path });
  else await page.screenshot({ path, fullPage: true });
}

/**
 * Screenshots of the section `selector` at phone and desktop width
 * (`name`-phone.png, `name`-desktop.png), checking at phone width that
 * nothing makes the page scroll sideways. Leaves the desktop width set.
 */
export async function shotsAtBothWidths(page, name, selector) {
  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.scrollTo(0, 0));
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  check(wide <= PHONE.width, `${name}: no horizontal scrolling at ${PHONE.width} px (page width ${wide})`);
  await shot(page, name + "-phone", selector);
  await page.setViewportSize(DESKTOP);
  await shot(page, name + "-desktop", selector);
}

/** The text in the element `selector`, its whitespace collapsed. */
export async function text(page, selector) {
  return ((await page.textContent(selector)) || "").replace(/\s+/g, " ").trim();
}

/**
 * Plays a lesson's "play a small position" section (its ids from `p`, as
 * lesson-kit.js's playSection names them) from `start` to the end. Before
 * each of the student's moves, and at the end, `inspect(position)` checks
 * the page's explanation of the position reached; then `choose(position,
 * offered)` picks the move (`offered`: the moves the page's buttons make),
 * clicked, or typed in `${p}-move` when `typed(moves, position)` says so
 * (`moves`: the student's moves so far). Returns the number of the student's moves and the last status.
 */
export async function playToEnd(page, p, start, { inspect, choose, typed = () => false }) {
  await page.selectOption(`#${p}-start`, start);
  await page.click(`#${p}-new`);
  await page.waitForSelector(`#${p}-heaps[data-shown="${start}"]`);
  for (let moves = 0; ; moves++) {
    const position = await page.getAttribute(`#${p}-heaps`, "data-shown");
    await inspect(position);
    const status = await text(page, `#${p}-status`);
    if (/\bwins?\b/.test(status)) return { moves, status };
    if (moves >= 40) check(false, "the game ends within 40 of the student's moves");
    const offered = await page.$$eval(`#${p}-heaps button[data-move]`, (bs) => bs.map((b) => b.dataset.move));
    const move = choose(position, offered);
    if (typed(moves, position)) {
      await page.fill(`#${p}-move`, move);
      await page.click(`#${p}-go`);
    } else await page.click(`#${p}-heaps button[data-move="${move}"]`);
    await page.waitForFunction(([id, before]) => {
      const box = document.getElementById(id);
      return box.dataset.shown !== before && !document.getElementById(id.replace("-heaps", "-status")).textContent.startsWith("…");
    }, [`${p}-heaps`, position]);
  }
}
