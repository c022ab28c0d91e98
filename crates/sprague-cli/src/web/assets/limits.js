// Limit errors in the page's own terms (issue 40). The server answers a
// limit with the command line's message, which says which flag raises it
// ("raise the limit with --max-states N"); on this page the user cannot
// pass flags, so the message says instead that the limit is a cap of this
// server (its `sprague serve` flag, for whoever runs it) and which field of
// the page to change. Used by app.js (every endpoint it asks), nimber.js and
// misere.js; count.js words its own limits, and its time-outs with this.
"use strict";

window.SpragueLimits = (() => {
  const q = (name) => `\u201c${name}\u201d`;
  /** What each section lets the user change to ask for less. */
  const FIELDS = {
    analyse: `a smaller position in ${q("Position")} (fewer or smaller heaps), or normal play (clear ${q("misère play")})`,
    play: `a smaller position in ${q("Start from")} in the Play section (fewer or smaller heaps), or normal play (clear ${q("misère")})`,
    sequence: `a smaller ${q("up to heap")} in the Nim-sequence section`,
    table: `a smaller ${q("up to")} in the Table section`,
    count: `fewer or smaller heap sizes (${q("Heap sizes")}), fewer heaps (${q("Number of heaps")}), or a prime in ${q("modulo")} in the Count section`,
    nimber: `a shorter expression in ${q("Expression")} in the Nimbers section`,
    genus: `a smaller ${q("up to heap")} in the Genus section (past the first wild heap the work grows about as the number of partitions of the heap)`,
    quotient: `a smaller ${q("up to heap")} in the Quotient section`,
  };
  /** The section of the page that asks each endpoint. */
  const SECTION_OF = {
    analyze: "analyse",
    board: "play",
    play: "play",
    hint: "play",
    help: "play",
    sequence: "sequence",
    "sequence/plot": "sequence",
    table: "table",
    count: "count",
    nimber: "nimber",
    genus: "genus",
    quotient: "quotient",
  };

  /**
   * The message of a limit (or time-budget) error of the section `section`,
   * without command-line advice: the flag that would raise it is named as
   * the server's cap, and the sentence ends with the field to change.
   */
  function advice(section, message) {
    const cap = (flag) => `a cap of this server; whoever runs it sets it with sprague serve ${flag}`;
    const what = message
      // "…; raise the limit with --max-states N (memory grows …)", "search
      // further with --max-period-search N …", "raise it with --max-memory SIZE …"
      .replace(/;\s*(?:raise the limit|raise it|search further|look further|list fewer) with (--[a-z-]+(?: [A-Z]+)?)[\s\S]*$/,
        (_, flag) => ` (${cap(flag)})`)
      // "(sprague serve --max-values N)", "(sprague serve --timeout SECS)"
      .replace(/\(sprague serve (--[a-z-]+(?: [A-Z]+)?)\)/g, (_, flag) => `(${cap(flag)})`)
      .replace(/;\s*sprague serve (--[a-z-]+(?: [A-Z]+)?)\)/g, (_, flag) => `; ${cap(flag)})`)
      // The server's own advice in terms of the API's fields.
      .replace(/;\s*(lower the work limits or ask for less|ask for less \([^)]*\))\s*$/, "")
      .replace(/[.\s]+$/, "");
    const fields = FIELDS[section] || "ask for less";
    return `${what}. On this page: ${fields}.`;
  }

  /** `advice` for an answer of /api/`endpoint`, when it is a limit or a time-budget error. */
  function forAnswer(endpoint, data) {
    if (!data || (data.kind !== "limit" && data.reason !== "timeout")) return data && data.error;
    return advice(SECTION_OF[endpoint], data.error);
  }

  return { advice, forAnswer, FIELDS };
})();
