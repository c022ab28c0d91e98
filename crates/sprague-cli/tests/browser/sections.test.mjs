// Browser test of the Nimbers, Genus and Quotient sections of `sprague
// serve`'s page (nimber.js, misere.js) and of the limit errors of every
// section (limits.js), in headless Chromium (common.mjs). Run by
// tests/browser.rs. Uses each section by keyboard and by mouse, compares
// what the page shows with the API's JSON (itself the CLI's --json, checked
// by tests/serve_misere.rs), checks that a limit error names the page's
// field and no command-line advice, runs the axe-core audit, and takes a
// screenshot of each section at phone and desktop width.
import { audit, check, shotsAtBothWidths, text, withPage } from "./common.mjs";

await withPage("body[data-nimber-ready=true][data-misere-ready=true][data-ready=true]", async (page) => {
  /** The JSON of /api/`name` for `body`, asked from the page. */
  const api = (name, body) =>
    page.evaluate(async ([name, body]) => {
      const r = await fetch("/api/" + name, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      return r.json();
    }, [name, body]);

  /** Waits until the element `id` shows or the error `errorId` does. */
  const settled = (id, errorId) =>
    page.waitForFunction(([id, errorId]) => !document.getElementById(id).hidden || !document.getElementById(errorId).hidden, [id, errorId]);

  /** Hides the output and the error of a section, before a new request. */
  const reset = (outId, errorId) =>
    page.evaluate(([o, e]) => { document.getElementById(o).hidden = true; document.getElementById(e).hidden = true; }, [outId, errorId]);

  // ---------------------------------------------------------------------
  // 1. Nimbers. By keyboard: type an expression, press Enter.
  await page.focus("#nim-expr");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("5 * 7 + inv 3");
  await reset("nimber-out", "nimber-error");
  await page.keyboard.press("Enter");
  await settled("nimber-out", "nimber-error");
  check((await text(page, "#nimber-value")) === "15", `5 * 7 + inv 3 = 15, as sprague nimber prints (${await text(page, "#nimber-value")})`);
  check(await page.isHidden("#nimber-note"), "no note about ^ when it is not used");

  // By mouse: a, the operation, b, Compute; the expression is written out.
  const operate = async (a, op, b) => {
    await page.fill("#nim-a", a);
    await page.selectOption("#nim-op", op);
    if (b !== null) await page.fill("#nim-b", b);
    await reset("nimber-out", "nimber-error");
    await page.click("#nimber-ops button[type=submit]");
    await settled("nimber-out", "nimber-error");
    return { expr: await page.inputValue("#nim-expr"), value: await text(page, "#nimber-value") };
  };
  let got = await operate("8", "product", "8");
  check(got.expr === "8 * 8" && got.value === "13", `8 ⊗ 8 = 13 (ONAG ch. 6), written as 8 * 8 (${JSON.stringify(got)})`);
  got = await operate("2", "inverse", null);
  check(await page.isDisabled("#nim-b"), "b is disabled for an operation of one number");
  check(got.expr === "inv 2" && got.value === "3", `the inverse of 2 is 3 (2 ⊗ 3 = 1) (${JSON.stringify(got)})`);
  got = await operate("3", "sqrt", null);
  check(got.value === "2", `the square root of 3 is 2 (${JSON.stringify(got)})`);
  got = await operate("6", "sum", "3");
  check(got.expr === "6 + 3" && got.value === "5", `6 ⊕ 3 = 5 (${JSON.stringify(got)})`);
  got = await operate("2", "power", "2");
  check(got.value === "3" && (await text(page, "#nimber-note")).includes("not XOR"), "2 ^ 2 = 3, with the command's note that ^ is the nim-power");
  const expected = await api("nimber", { expr: "2 ^ 2" });
  check(expected.value === 3 && expected.uses_power === true, "the page shows the API's answer");
  // The calculations so far, newest first; a value can be used again.
  check((await page.locator("#nimber-log li").count()) === 6, "six calculations listed");
  await page.locator("#nimber-log li button").first().click();
  check((await page.inputValue("#nim-a")) === "3", "a calculation's value is put back in a");
  check(await page.evaluate(() => document.activeElement.id === "nim-a"), "and the focus goes there");
  // A bad expression: the token, its column, a caret; no advice about the shell.
  await page.fill("#nim-expr", "5 * * 7");
  await reset("nimber-out", "nimber-error");
  await page.press("#nim-expr", "Enter");
  await settled("nimber-out", "nimber-error");
  const nimError = await page.textContent("#nimber-error");
  check(nimError.includes('token "*" (column 5)') && nimError.includes("^") && !nimError.includes("shell"),
    `the error names the token, without the command line's advice (${nimError})`);
  check((await page.getAttribute("#nim-expr", "aria-invalid")) === "true", "the expression is marked invalid");
  await page.fill("#nim-a", "");
  await page.click("#nimber-ops button[type=submit]");
  check((await text(page, "#nimber-error")).includes("a: type a number"), "an empty field is named");
  await page.fill("#nim-expr", "5 * 7");
  await page.press("#nim-expr", "Enter");
  await page.waitForSelector("#nimber-error", { state: "hidden" });
  check(true, "the error clears once the expression is good");

  // ---------------------------------------------------------------------
  // 2. Genus. By keyboard: the ruleset, Tab, the heap, Enter.
  await page.focus("#genus-ruleset");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("kayles");
  await page.keyboard.press("Tab");
  check(await page.evaluate(() => document.activeElement.id === "genus-to"), "Tab moves from the ruleset to 'up to heap'");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("20");
  await reset("genus-out", "genus-error");
  await page.keyboard.press("Enter");
  await settled("genus-out", "genus-error");
  const summary = await text(page, "#genus-summary");
  check(summary === "kayles: tame up to heap 4; first wild heap: 5.", `Kayles turns wild at heap 5 (Winning Ways) (${summary})`);
  const genus = await api("genus", { ruleset: "kayles", to: 20 });
  const rows = await page.$$eval("table.genus tbody tr", (trs) =>
    trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())));
  check(rows.length === 21, `a row for each heap 0 to 20 (${rows.length})`);
  const same = genus.heaps.every((h, i) =>
    rows[i][0] === String(h.heap) && rows[i][1] === h.genus.replace("^", "") && rows[i][2] === String(h.normal) &&
    rows[i][3] === h.misere.join(", ") && rows[i][4] === (h.tame ? "tame" : "wild"));
  check(same, "every row is the heap's genus, values and tameness as genus --json gives them");
  check((await page.locator("table.genus tbody tr").nth(5).locator("sup").textContent()) === "146",
    "heap 5's genus 4^146 is drawn with its superscript");
  check((await page.locator("table.genus tr.first-wild th").textContent()) === "5", "the first wild heap is marked");
  // By mouse: another ruleset.
  await page.fill("#genus-ruleset", "dawson");
  await page.fill("#genus-to", "12");
  await reset("genus-out", "genus-error");
  await page.click("#genus-form button[type=submit]");
  await settled("genus-out", "genus-error");
  check((await text(page, "#genus-summary")).startsWith("dawson:"), "dawson's genus is shown");
  // Errors: not a heap game, a limit.
  await page.fill("#genus-ruleset", "wythoff");
  await reset("genus-out", "genus-error");
  await page.click("#genus-form button[type=submit]");
  await settled("genus-out", "genus-error");
  check((await text(page, "#genus-error")).includes("wythoff is not a heap game"), "a game that is not a heap game is refused, as the command refuses it");
  check((await page.getAttribute("#genus-ruleset", "aria-invalid")) === "true", "the ruleset is marked");
  await page.fill("#genus-ruleset", "kayles");
  await page.fill("#genus-to", "2000000");
  await reset("genus-out", "genus-error");
  await page.click("#genus-form button[type=submit]");
  await settled("genus-out", "genus-error");
  let limit = await text(page, "#genus-error");
  check(limit.includes("“up to heap” in the Genus section") && !limit.includes("raise the limit"),
    `the limit names the page's field (${limit})`);
  check((await page.getAttribute("#genus-to", "aria-invalid")) === "true" && (await page.getAttribute("#genus-ruleset", "aria-invalid")) === null,
    "'up to heap' is marked, the ruleset no longer");
  await page.fill("#genus-to", "20");
  await page.press("#genus-to", "Enter");
  await page.waitForSelector("#genus-error", { state: "hidden" });

  // ---------------------------------------------------------------------
  // 3. Quotient. By mouse.
  await page.fill("#quotient-ruleset", "kayles");
  await page.fill("#quotient-to", "8");
  await reset("quotient-out", "quotient-error");
  await page.click("#quotient-form button[type=submit]");
  await settled("quotient-out", "quotient-error");
  const q = await api("quotient", { ruleset: "kayles", to: 8 });
  check((await text(page, "#quotient-summary")).includes(`order ${q.order}`) && q.order === 12,
    `Kayles to heap 8: order 12 (Plambeck & Siegel 2008) (${await text(page, "#quotient-summary")})`);
  const gens = await page.$$eval("#quotient-generators li", (l) => l.map((x) => x.textContent));
  check(JSON.stringify(gens) === JSON.stringify(q.generators.map((g) => `${g.name} = heap ${g.heap}`)), `the generators (${gens})`);
  const rels = await page.$$eval("#quotient-relations li", (l) => l.map((x) => x.textContent));
  check(JSON.stringify(rels) === JSON.stringify(q.relations.map((r) => r.replace(/\^/g, ""))), `the relations (${rels})`);
  check((await page.locator("#quotient-relations sup").count()) === 3, "each relation's exponent is a superscript");
  const elements = await page.$$eval("#quotient-elements li", (l) => l.map((x) => [x.firstChild.textContent, x.classList.contains("p")]));
  check(JSON.stringify(elements) === JSON.stringify(q.elements.map((e) => [e.replace(/\^/g, ""), q.p_portion.includes(e)])),
    "every element, the P-portion shaded");
  const pretend = await page.$$eval("#quotient-pretend li", (l) => l.map((x) => x.textContent));
  check(pretend.length === 9 && pretend[8] === "heap 8: ab2" && pretend[1] === "heap 1: a (P-portion)",
    `the pretending function, heap by heap, the P-portion said in words (${pretend[1]}; ${pretend[8]})`);
  // By keyboard: Tab to the button, Enter.
  await page.fill("#quotient-ruleset", "octal:0.75");
  await page.fill("#quotient-to", "16");
  await page.focus("#quotient-to");
  await page.keyboard.press("Tab");
  check(await page.evaluate(() => document.activeElement.textContent === "Quotient"), "Tab reaches the Quotient button");
  await reset("quotient-out", "quotient-error");
  await page.keyboard.press("Enter");
  await settled("quotient-out", "quotient-error");
  const q75 = await api("quotient", { ruleset: "octal:0.75", to: 16 });
  check((await text(page, "#quotient-summary")).includes(`order ${q75.order}`), `octal:0.75 to 16: order ${q75.order}`);
  // A limit: more heaps than the server gives a request.
  await page.fill("#quotient-ruleset", "kayles");
  await page.fill("#quotient-to", "1000000");
  await reset("quotient-out", "quotient-error");
  await page.click("#quotient-form button[type=submit]");
  await settled("quotient-out", "quotient-error");
  limit = await text(page, "#quotient-error");
  check(limit.includes("“up to heap” in the Quotient section") && !limit.includes("raise the limit"), `the limit names the page's field (${limit})`);

  // ---------------------------------------------------------------------
  // 4. Limit errors of the other sections name their fields, not flags.
  await page.fill("#position", "grundy 100000000000");
  await page.press("#position", "Enter");
  await page.waitForSelector("#analyze-error:not([hidden])");
  limit = await text(page, "#analyze-error");
  check(limit.includes("“Position”") && !limit.includes("raise the limit") && limit.includes("a cap of this server"),
    `Analyse: the limit names the Position field (${limit})`);
  await page.fill("#seq-ruleset", "kayles");
  await page.fill("#seq-to", "2000000");
  await page.click("#sequence-form button[type=submit]");
  await page.waitForSelector("#sequence-error:not([hidden])");
  limit = await text(page, "#sequence-error");
  check(limit.includes("“up to heap” in the Nim-sequence section"), `Nim-sequence: the limit names “up to heap” (${limit})`);
  check((await page.getAttribute("#seq-to", "aria-invalid")) === "true", "Nim-sequence: “up to heap” is marked");
  await page.fill("#play-position", "grundy 100000000000");
  await page.selectOption("#first", "human");
  await page.click("#play-form button[type=submit]");
  await page.waitForSelector("#play-error:not([hidden])");
  limit = await text(page, "#play-error");
  check(limit.includes("“Start from”") && !limit.includes("raise the limit"), `Play: the limit names “Start from” (${limit})`);
  // Each section's wording, from the same messages the server writes.
  const worded = await page.evaluate(() => {
    const m = "a table of every position (a, b) with 0 <= a, b <= 2000 holds 4004001 cells, past the limit of 1000000 cells; raise the limit with --max-cells N (memory grows with it, by 8 bytes a cell)";
    const t = "the answer took longer than the time budget of 10 s a request (sprague serve --timeout SECS); lower the work limits or ask for less";
    return [SpragueLimits.forAnswer("table", { kind: "limit", error: m }), SpragueLimits.forAnswer("genus", { kind: "busy", reason: "timeout", error: t })];
  });
  check(worded[0].includes("“up to” in the Table section") && worded[0].includes("sprague serve --max-cells N") && !worded[0].includes("raise the limit"),
    `Table: the limit names “up to” and the server's cap (${worded[0]})`);
  check(worded[1].includes("“up to heap” in the Genus section") && !worded[1].includes("lower the work limits"), `a time-out too (${worded[1]})`);

  // ---------------------------------------------------------------------
  // 5. The audit, with results and errors on show; the screenshots.
  await audit(page, "with the sections filled and errors shown");
  await page.fill("#quotient-to", "8");
  await page.press("#quotient-to", "Enter");
  await page.waitForSelector("#quotient-error", { state: "hidden" });
  await page.fill("#position", "nim 3 4 5");
  await page.press("#position", "Enter");
  await page.waitForSelector("#analyze-error", { state: "hidden" });
  await audit(page, "with the results shown");
  for (const [name, selector] of [["nimbers", "#nimbers"], ["genus", "#genus"], ["quotient", "#quotient"], ["count", "#count"]]) {
    await shotsAtBothWidths(page, name, selector);
  }
  await page.setViewportSize({ width: 375, height: 800 });
  await audit(page, "at phone width");
}, { audit: true });
