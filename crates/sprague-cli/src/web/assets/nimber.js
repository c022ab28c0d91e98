// The Nimbers section of the page of `sprague serve` (issue 40): nimber
// arithmetic in Conway's nim-field of 64-bit nimbers, as `sprague nimber`.
// Either an expression typed as on the command line, or two numbers and an
// operation (which writes the expression, so the user sees how to type it);
// /api/nimber (the JSON of `sprague nimber --json`) evaluates it, and the
// value is shown as the command prints it (a decimal number), with the
// command's note when `^` (the nim-power, not XOR) was used.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);

  /** The expression each operation writes for a and b. */
  const OPERATIONS = {
    sum: (a, b) => `${a} + ${b}`,
    product: (a, b) => `${a} * ${b}`,
    divide: (a, b) => `${a} / ${b}`,
    power: (a, b) => `${a} ^ ${b}`,
    inverse: (a) => `inv ${a}`,
    sqrt: (a) => `sqrt ${a}`,
  };
  /** Operations of one number: b is not used. */
  const UNARY = new Set(["inverse", "sqrt"]);

  /** The command line's note for an expression with `^` (it prints it on stderr). */
  const POWER_NOTE =
    "note: `^` is the nim-power (x ^ k = x \u2297 x \u2297 ... k times), not XOR; " +
    "for the nim-sum (XOR) write `+`, `xor` or `\u2295`";

  /** A number field's text, or an error naming the field. */
  function number(input, what) {
    const text = input.value.trim();
    if (text === "") throw { input, message: `${what}: type a number (decimal, 0x hexadecimal, or *5)` };
    if (/\s/.test(text)) throw { input, message: `${what}: one number, without spaces ("${text}")` };
    return text;
  }

  function show(input, message) {
    const error = $("nimber-error");
    error.textContent = message ? "error: " + message : "";
    error.hidden = !message;
    for (const id of ["nim-expr", "nim-a", "nim-b"]) $(id).removeAttribute("aria-invalid");
    if (message && input) input.setAttribute("aria-invalid", "true");
  }

  /** The server's message, less the command line's advice about the shell. */
  function pageMessage(data) {
    if (data.kind === "limit" || data.reason === "timeout") return SpragueLimits.forAnswer("nimber", data);
    return data.error.replace(
      / \(if you typed `\*` unquoted, the shell may have replaced it with file names: quote the expression\)/,
      "",
    );
  }

  let latest = 0;

  /** Evaluates the expression field; the answer goes in the section. */
  async function evaluate() {
    const input = $("nim-expr");
    const expr = input.value.trim();
    if (expr === "") {
      show(input, "type an expression first, e.g. 5 * 7 + inv 3");
      $("nimber-out").hidden = true;
      return;
    }
    const ticket = ++latest;
    const section = $("nimbers");
    section.setAttribute("aria-busy", "true");
    let ok = false;
    let data;
    try {
      const response = await fetch("/api/nimber", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ expr }),
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
      show(input, pageMessage(data));
      $("nimber-out").hidden = true;
      return;
    }
    show(null, null);
    $("nimber-value").textContent = String(data.value);
    $("nimber-expr-echo").textContent = data.expr;
    const note = $("nimber-note");
    note.textContent = data.uses_power ? POWER_NOTE : "";
    note.hidden = !data.uses_power;
    $("nimber-out").hidden = false;
    // The calculations so far, newest first; each value can be used again.
    const li = document.createElement("li");
    const code = document.createElement("code");
    code.textContent = `${data.expr} = ${data.value}`;
    const again = document.createElement("button");
    again.type = "button";
    again.className = "move";
    again.textContent = `use ${data.value} as a`;
    again.addEventListener("click", () => {
      $("nim-a").value = String(data.value);
      $("nim-a").focus();
    });
    li.append(code, " ", again);
    const log = $("nimber-log");
    log.prepend(li);
    while (log.children.length > 10) log.lastChild.remove();
  }

  /** Writes the expression of the chosen operation and evaluates it. */
  function operate() {
    const op = $("nim-op").value;
    try {
      const a = number($("nim-a"), "a");
      const b = UNARY.has(op) ? null : number($("nim-b"), op === "power" ? "the exponent b" : "b");
      $("nim-expr").value = OPERATIONS[op](a, b);
    } catch (e) {
      show(e.input, e.message);
      $("nimber-out").hidden = true;
      return;
    }
    evaluate();
  }

  /** b is not used by an operation of one number. */
  function updateB() {
    const unary = UNARY.has($("nim-op").value);
    $("nim-b").disabled = unary;
    $("nim-b-label").textContent = $("nim-op").value === "power" ? "b (exponent, may be negative)" : "b";
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("nimber-form").addEventListener("submit", (e) => {
      e.preventDefault();
      evaluate();
    });
    $("nimber-ops").addEventListener("submit", (e) => {
      e.preventDefault();
      operate();
    });
    $("nim-op").addEventListener("change", updateB);
    updateB();
    document.body.dataset.nimberReady = "true";
  });
})();
