// Browser test of the home page's gallery (gallery.js), in headless
// Chromium driven by playwright-core, with the axe-core audit. Run by
// tests/browser.rs with SPRAGUE_URL, CHROMIUM and SHOTS. Every ruleset of
// `sprague rulesets` is a card with its example drawn and its rule; a
// card's Play starts that game in the Play section, its Analyse analyses
// the example. Screenshots: the home page and the gallery.
import { join } from "node:path";
import { audit, check, shot, shots, text, withPage } from "./common.mjs";

await withPage("#gallery-cards[data-ready=true]", async (page) => {
  const registry = await page.evaluate(async () => {
    const r = await fetch("/api/rulesets", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    return (await r.json()).rulesets;
  });
  const cards = page.locator("#gallery-cards li.card");
  check((await cards.count()) === registry.length, `a card for each of the ${registry.length} rulesets`);
  check((await page.locator("#gallery-cards .card-drawing[data-drawn=true]").count()) === registry.length, "every card's example is drawn");
  for (const r of registry) {
    const card = page.locator(`#gallery-cards li.card[data-example="${r.example}"]`);
    check((await card.count()) === 1, `a card for ${r.example}`);
    check((await text(page, `#gallery-cards li.card[data-example="${r.example}"] .card-rule`)) === r.rule.replace(/\s+/g, " "), `${r.example}: the card's rule is the registry's`);
  }
  const nim = '#gallery-cards li.card[data-example="nim 3 4 5"]';
  check((await page.locator(`${nim} .token`).count()) === 12, "the Nim card draws 3 + 4 + 5 tokens");
  check((await page.locator(`${nim} button`).count()) === 2, "and has only its Play and Analyse buttons (the drawing takes no moves)");
  const cram = '#gallery-cards li.card[data-example="cram 3x3"]';
  check((await page.locator(`${cram} .cell-board .sq`).count()) === 9, "the Cram card draws its 3x3 board");
  check((await text(page, `${cram} h3`)) === "cram", "titled cram");
  await audit(page, "on the home page with the gallery");
  // What a new user sees first, and the whole gallery.
  await page.screenshot({ path: join(shots, "home.png"), fullPage: false });
  await shot(page, "gallery", "#games");

  // Play on the Cram card: a game of cram 3x3 in the Play section, in Cram's words.
  await page.click(`${cram} button:has-text("Play")`);
  await page.waitForFunction(() => document.getElementById("game-status").textContent.startsWith("Your move in cram 3x3"));
  check(!(await page.isHidden("#game")), "Play opens the game");
  check((await page.inputValue("#play-position")) === "cram 3x3", "of the card's example");
  const rules = await text(page, "#game-rules");
  check(rules.startsWith("cram:") && (await page.locator("#game-rules p.rule").count()) === 1, `with Cram's rules only (${rules})`);
  check((await page.locator("#board button.boundary").count()) === 12, "and its 12 dominoes to place");

  // Analyse on the Nim card: nim 3 4 5 analysed.
  await page.click(`${nim} button:has-text("Analyse")`);
  await page.waitForFunction(() => document.getElementById("position").value === "nim 3 4 5"
    && document.getElementById("outcome").textContent.startsWith("N:"));
  check((await text(page, "#grundy")).includes("Grundy value: 2"), "Analyse shows nim 3 4 5's Grundy value");
}, { audit: true });
