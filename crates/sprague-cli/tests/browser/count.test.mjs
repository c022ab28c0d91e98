// Browser test of the count section of the page of `sprague serve`
// (count.js), in headless Chromium driven by playwright-core. Run by
// tests/browser.rs like page.test.mjs (SPRAGUE_URL, CHROMIUM, SHOTS). Fills
// the form, reads the number, and checks a limit error names the fields.
import { join } from "node:path";
import { check, shots, withPage } from "./common.mjs";

await withPage("body[data-count-ready=true]", async (page) => {

  /** Fills the form, submits, and waits for the number (or the error). */
  async function count(fields) {
    await page.fill("#cnt-ruleset", fields.ruleset);
    await page.selectOption("#cnt-sizes-kind", fields.sizesKind);
    await page.fill("#cnt-sizes", fields.sizes);
    await page.selectOption("#cnt-heaps-kind", fields.heapsKind);
    await page.fill("#cnt-heaps", fields.heaps);
    await page.setChecked("#cnt-unordered", !!fields.unordered);
    await page.setChecked("#cnt-distinct", !!fields.distinct);
    await page.selectOption("#cnt-outcome", fields.outcome || "P");
    await page.fill("#cnt-modulo", fields.modulo || "");
    await page.evaluate(() => {
      document.getElementById("count-result").textContent = "";
      document.getElementById("count-error").hidden = true;
    });
    await page.click("#count-form button[type=submit]");
    await page.waitForFunction(
      () => document.getElementById("count-result").textContent !== "" || !document.getElementById("count-error").hidden,
    );
    return { result: await page.textContent("#count-result"), error: await page.textContent("#count-error") };
  }

  // 1. Sets of 3 different non-empty Nim heaps up to 7: {1,2,3}, {1,4,5}, ... = 7.
  let got = await count({ ruleset: "nim", sizesKind: "nonempty", sizes: "7", heapsKind: "heaps", heaps: "3", unordered: true, distinct: true });
  check(got.result === "7", `sets of 3 different heaps 1..7 with nim-sum 0: 7 (${got.result})`);
  const what = await page.textContent("#count-what");
  check(what.includes("sets of different heaps") && what.includes("each 1 to 7"), `the sentence says what was counted (${what})`);

  // 2. The primes up to 10, pairs: (2,2) (3,3) (5,5) (7,7).
  got = await count({ ruleset: "nim", sizesKind: "primes", sizes: "10", heapsKind: "heaps", heaps: "2" });
  check(got.result === "4", `ordered pairs of primes up to 10: 4 (${got.result})`);

  // 3. A list of sizes, N-positions, 3 different ordered heaps of kayles (as the guide's example).
  got = await count({ ruleset: "kayles", sizesKind: "sizes", sizes: "1,2,3,4,5,6", heapsKind: "heaps", heaps: "3", distinct: true, outcome: "N" });
  check(got.result === "96", `kayles, sizes 1..6, 3 different ordered heaps, N-positions: 96 (${got.result})`);

  // 4. Every number of heaps up to 10^9, modulo a prime (the primes up
  // to 100; the figure of `sprague count nim --primes 100 --heaps-up-to
  // 1000000000 --modulo 998244353`).
  got = await count({ ruleset: "nim", sizesKind: "primes", sizes: "100", heapsKind: "heaps_up_to", heaps: "1000000000", modulo: "998244353" });
  check(got.result === "926476229", `primes up to 100, K summed to 10^9, modulo 998244353: ${got.result}`);
  await page.screenshot({ path: join(shots, "count.png"), fullPage: true });

  // 5. A limit: the exact count is too long; the error names the page's fields.
  got = await count({ ruleset: "nim", sizesKind: "primes", sizes: "100", heapsKind: "heaps", heaps: "1000000000" });
  check(got.error.includes("modulo") && got.error.includes("Number of heaps") && !got.error.includes("--max-bits"),
    `the limit error names the fields to change, not the command line's flags (${got.error})`);
  check((await page.getAttribute("#cnt-sizes", "aria-invalid")) === "true", "the sizes field is marked");

  // 6. Bad input in a field, before any request.
  got = await count({ ruleset: "nim", sizesKind: "sizes", sizes: "1, x, 3", heapsKind: "heaps", heaps: "2" });
  check(got.error.includes("list of sizes"), `a bad list is named (${got.error})`);
});
