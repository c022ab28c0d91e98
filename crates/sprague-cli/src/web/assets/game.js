// The play view of `sprague serve`'s page in the game's own words: the
// rules of the rulesets in play (as the server sends them from the
// library's registry), the move box's example (a move of this position, as
// its drawing's clicks write it), the winning moves marked on the board
// (the hint), and the dominoes placed so far (found by comparing the
// drawings before and after each move). app.js holds the game and calls
// these; nothing here knows a ruleset by name.
"use strict";

window.SpragueGame = (() => {
  const make = (tag, className, text) => {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  };

  /**
   * Shows `rules` ([{ruleset, notation, rule, theorem}] of /api/board and
   * /api/play) in `box`: one paragraph per ruleset of the game, nothing of
   * any other.
   */
  function showRules(box, rules) {
    box.replaceChildren();
    for (const r of rules || []) {
      const p = make("p", "rule");
      p.dataset.ruleset = r.ruleset;
      p.append(make("strong", "", r.ruleset), document.createTextNode(`: ${r.rule}.`));
      const how = make("p", "note", `Decided by ${r.theorem}.`);
      box.append(p, how);
    }
  }

  /**
   * The move box's example for `boards`: a move of this position in this
   * game's notation, with its meaning ("e.g. a1-a2 (…)"), or, when no move
   * is drawn, where to find the syntax.
   */
  function moveExample(boards) {
    for (const b of boards) {
      const click = b.clicks.find((c) => c.on !== "list") || b.clicks[0];
      if (click) return `e.g. ${click.text} (${click.label})`;
    }
    return "type a move (Move syntax shows how)";
  }

  /**
   * Marks the pieces of the drawing in `box` whose move is one of
   * `winning` (move texts): class "winning" and the words "a winning move"
   * in their label. Returns how many were marked.
   */
  function markWinning(box, winning) {
    const set = new Set(winning);
    let marked = 0;
    box.querySelectorAll("[data-move]").forEach((node) => {
      const on = set.has(node.dataset.move);
      node.classList.toggle("winning", on);
      const label = node.getAttribute("aria-label") || "";
      const plain = label.replace(/ \(a winning move\)$/, "");
      if (on) {
        node.setAttribute("aria-label", plain + " (a winning move)");
        marked++;
      } else if (plain !== label) {
        node.setAttribute("aria-label", plain);
      }
    });
    return marked;
  }

  /** Whether board `b` is a board of cells on which dominoes are placed. */
  const dominoBoard = (b) => b && b.shape.kind === "cells" && b.shape.piece === "domino";

  /**
   * The dominoes placed by one move: the cells empty in `before` and
   * filled in `after` (the drawings of the position before and after it,
   * component by component), two by two. `by` says who moved.
   */
  function placedBetween(before, after, by) {
    const out = [];
    after.forEach((b, i) => {
      const a = before[i];
      if (!dominoBoard(b) || !dominoBoard(a)) return;
      b.shape.boards.forEach((grid, part) => {
        const old = a.shape.boards[part];
        if (!old || old.cells.length !== grid.cells.length) return;
        const cells = [];
        for (let r = 0; r < grid.cells.length; r++) {
          for (let c = 0; c < grid.cells[r].length; c++) {
            if (old.cells[r][c] === "." && grid.cells[r][c] !== ".") cells.push([r, c]);
          }
        }
        if (cells.length === 2) out.push({ component: i, part, cells, by });
      });
    });
    return out;
  }

  /**
   * `boards` with each domino board given its `placed` dominoes (of
   * `placed`, the game's record), the last one placed marked `last`.
   */
  function withPlaced(boards, placed) {
    const lastOne = placed[placed.length - 1];
    return boards.map((b, i) => {
      if (!dominoBoard(b)) return b;
      const mine = placed.filter((d) => d.component === i).map((d) => ({ ...d, last: d === lastOne }));
      return { ...b, placed: mine };
    });
  }

  return { showRules, moveExample, markWinning, placedBetween, withPlaced };
})();
