// The count section of the page of `sprague serve` (kept apart from app.js):
// reads the form, asks /api/count (the JSON of `sprague count --json`) and
// shows the number. Limit errors say which fields of the form to change.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);

  /** A whole number typed in `input`, or an error naming the field. */
  function whole(input, what) {
    const text = input.value.trim();
    if (!/^\d+$/.test(text)) throw { input, message: `${what}: type a whole number (digits only), not "${text}"` };
    return Number(text) <= Number.MAX_SAFE_INTEGER ? Number(text) : text;
  }

  /** The request body the form asks for. */
  function request() {
    const body = { ruleset: $("cnt-ruleset").value.trim() };
    const sizes = $("cnt-sizes");
    switch ($("cnt-sizes-kind").value) {
      case "max":
        body.max = whole(sizes, "largest heap size");
        break;
      case "nonempty":
        body.max = whole(sizes, "largest heap size");
        body.nonempty = true;
        break;
      case "primes":
        body.primes = whole(sizes, "primes up to");
        break;
      default: {
        const parts = sizes.value.split(/[\s,]+/).filter((p) => p !== "");
        if (parts.length === 0 || parts.some((p) => !/^\d+$/.test(p))) {
          throw { input: sizes, message: "the list of sizes: whole numbers separated by commas, e.g. 1,4,9" };
        }
        body.sizes = parts.map(Number);
      }
    }
    const heaps = whole($("cnt-heaps"), "number of heaps");
    body[$("cnt-heaps-kind").value] = heaps;
    body.unordered = $("cnt-unordered").checked;
    body.distinct = $("cnt-distinct").checked;
    body.outcome = $("cnt-outcome").value;
    if ($("cnt-modulo").value.trim() !== "") body.modulo = whole($("cnt-modulo"), "modulo");
    return body;
  }

  /** What a limit error means in terms of this form (the server's own
   * limits are not the page's to raise, so the command-line advice goes). */
  function limitAdvice(message) {
    const bits = /max-bits|max_bits/.test(message);
    const what = message.replace(/;\s*raise the limit with[\s\S]*$/, "");
    const fields = bits
      ? "give a prime in \u201cmodulo\u201d (the exact number is too long), or fewer heaps " +
        "(\u201cNumber of heaps\u201d) or heap sizes (\u201cHeap sizes\u201d)"
      : "fewer or smaller heap sizes (\u201cHeap sizes\u201d), fewer heaps (\u201cNumber of heaps\u201d), " +
        "or a prime in \u201cmodulo\u201d";
    return `${what}. On this page: ${fields}.`;
  }

  function show(error, input, message) {
    error.textContent = message ? "error: " + message : "";
    error.hidden = !message;
    for (const id of ["cnt-ruleset", "cnt-sizes", "cnt-heaps", "cnt-modulo"]) $(id).removeAttribute("aria-invalid");
    if (message && input) input.setAttribute("aria-invalid", "true");
  }

  let latest = 0;

  async function count() {
    const error = $("count-error");
    const out = $("count-out");
    let body;
    try {
      body = request();
    } catch (e) {
      show(error, e.input, e.message);
      out.hidden = true;
      return;
    }
    const ticket = ++latest;
    const section = $("count");
    section.setAttribute("aria-busy", "true");
    let ok = false;
    let data;
    try {
      const response = await fetch("/api/count", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      ok = response.ok;
      const type = response.headers.get("Content-Type") || "";
      data = type.startsWith("application/json") ? await response.json() : { error: await response.text() };
    } catch (e) {
      data = { error: "cannot reach the server: " + e.message };
    } finally {
      if (ticket === latest) section.removeAttribute("aria-busy");
    }
    if (ticket !== latest) return;
    if (!ok) {
      const message =
        data.kind === "limit" ? limitAdvice(data.error)
        : data.reason === "timeout" ? SpragueLimits.forAnswer("count", data)
        : data.error;
      const input = data.kind === "limit" || data.reason === "timeout" ? $("cnt-sizes") : $("cnt-ruleset");
      show(error, input, message);
      out.hidden = true;
      return;
    }
    show(error, null, null);
    $("count-result").textContent = data.count;
    const arrangement = data.unordered
      ? data.distinct ? "sets of different heaps" : "multisets (heaps in any order)"
      : data.distinct ? "ordered tuples of different heaps" : "ordered tuples";
    const heaps = data.heaps_up_to !== undefined ? `1 to ${data.heaps_up_to}` : String(data.heaps);
    const sizes =
      data.primes !== undefined ? `each a prime up to ${data.primes}`
      : data.sizes !== undefined ? `each one of the ${data.sizes} sizes listed`
      : `each ${data.min ?? 0} to ${data.max}`;
    const modulo = data.modulo === null ? "" : `, modulo ${data.modulo}`;
    $("count-what").textContent =
      `${data.outcome}-positions among the ${arrangement} of ${heaps} heaps of ${data.ruleset}, ${sizes}${modulo}.`;
    out.hidden = false;
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("count-form").addEventListener("submit", (e) => {
      e.preventDefault();
      count();
    });
    document.body.dataset.countReady = "true";
  });
})();
