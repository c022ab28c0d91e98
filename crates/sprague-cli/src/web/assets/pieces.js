// The drawings of games on graphs, boards of cells, coins and strips for
// `sprague serve`'s page: the renderers of sprague::board's `network`,
// `cells`, `coins`, `strip`, `checkers` and `limited` shapes, one per kind of drawing,
// never one per ruleset. Loaded after board.js, whose helpers (el, svgEl,
// clickable, renderHeaps) it uses, and which it adds its renderers to.
"use strict";

/**
 * A piece chosen first (a cell, a coin): a <button> with aria-pressed
 * that calls `onSelect` and carries no move itself.
 */
function selector(node, label, onSelect) {
  node.type = "button";
  node.title = label;
  node.setAttribute("aria-label", label);
  node.setAttribute("aria-pressed", "false");
  node.classList.add("clickable", "chooser");
  node.addEventListener("click", onSelect);
  return node;
}

/** Makes `node` (a button) the move `click` until `clear` is called. */
function offer(node, click, onMove, spoken) {
  node.dataset.move = click.text;
  node.classList.add("target");
  node.setAttribute("aria-label", `${spoken}: ${click.label}`);
  node.title = click.label;
  node._offer = click;
  if (!node._offerHooked) {
    node._offerHooked = true;
    node.addEventListener("click", (e) => {
      if (node._offer) {
        e.stopImmediatePropagation();
        onMove(node._offer.text, node._offer.label);
      }
    }, true);
  }
}

function withdraw(node, label) {
  delete node.dataset.move;
  node.classList.remove("target");
  node._offer = null;
  if (label) {
    node.setAttribute("aria-label", label);
    node.title = label;
  }
}

/**
 * Undirected graphs (Node Kayles, Arc Kayles, Geography): vertices where
 * the library laid them out; a vertex or an edge is a move. Vertices gone
 * (taken, or visited by Geography's token) are drawn hollow and dashed.
 */
function renderNetwork(board, onMove) {
  const box = el("div", "network-shape");
  board.shape.parts.forEach((g, p) => {
    const n = g.names.length;
    const gone = new Set(g.gone);
    const width = Math.max(60, ...g.at.map((a) => a[0])) + 30;
    const height = Math.max(60, ...g.at.map((a) => a[1])) + 30;
    const svg = svgEl("svg", { viewBox: `0 0 ${width} ${height}`, width, height, class: "network" });
    svg.setAttribute("role", "group");
    const goneWord = g.token === null || g.token === undefined ? "taken" : "visited";
    const where = g.token === null || g.token === undefined ? "" : `, the token on ${g.names[g.token]}`;
    svg.setAttribute("aria-label", `graph ${p + 1}: ${n} vertices, ${g.gone.length} ${goneWord}${where}`);
    g.edges.forEach(([u, v]) => {
      const [x1, y1] = g.at[u];
      const [x2, y2] = g.at[v];
      const dead = gone.has(u) || gone.has(v);
      const e = svgEl("g", { class: "link" + (dead ? " gone" : "") });
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const [nx, ny] = [((y1 - y2) / len) * 9, ((x2 - x1) / len) * 9];
      e.append(svgEl("polygon", { class: "hit", points: `${x1 + nx},${y1 + ny} ${x2 + nx},${y2 + ny} ${x2 - nx},${y2 - ny} ${x1 - nx},${y1 - ny}` }));
      e.append(svgEl("line", { x1, y1, x2, y2 }));
      const click = onMove && board.clicks.find((c) => c.on === "link" && c.part === p && c.ends[0] === u && c.ends[1] === v);
      if (click) clickable(e, click, onMove, `graph ${p + 1}, edge ${g.names[u]}-${g.names[v]}`);
      svg.append(e);
    });
    for (let v = 0; v < n; v++) {
      const [x, y] = g.at[v];
      const isToken = g.token === v;
      const node = svgEl("g", { class: "vertex-node" + (gone.has(v) ? " gone" : "") + (isToken ? " token-at" : "") });
      node.append(svgEl("circle", { cx: x, cy: y, r: 15 }));
      const t = svgEl("text", { x, y: y + 4, "text-anchor": "middle" });
      t.textContent = g.names[v];
      node.append(t);
      const click = onMove && board.clicks.find((c) => c.on === "vertex" && c.part === p && c.vertex === v);
      if (click) {
        clickable(node, click, onMove, `graph ${p + 1}, vertex ${g.names[v]}`);
      } else {
        node.setAttribute("aria-hidden", "true");
      }
      svg.append(node);
    }
    box.append(svg);
  });
  const kinds = new Set(board.clicks.map((c) => c.on));
  if (onMove && kinds.has("vertex")) box.append(el("p", "note", board.shape.parts.some((g) => g.token !== null && g.token !== undefined)
    ? "Click a vertex next to the token to move it there (hollow vertices are visited)."
    : "Click a vertex to take it with its neighbours."));
  if (onMove && kinds.has("link")) box.append(el("p", "note", "Click an edge to take it with its two ends."));
  return box;
}

/**
 * Boards of cells. Chomp (`bite`): a square is a move (it goes with every
 * square above and right of it; hovering shows which). Cram (`domino`):
 * a domino is the boundary between two empty cells, or a cell and then
 * its neighbour.
 */
function renderCells(board, onMove) {
  const box = el("div", "cells-shape");
  const domino = board.shape.piece === "domino";
  board.shape.boards.forEach((b, p) => {
    const rows = b.cells.length;
    const cols = rows > 0 ? b.cells[0].length : 0;
    const grid = el("div", "cell-board" + (domino ? " dominoes" : " bites"));
    grid.setAttribute("role", "group");
    grid.setAttribute("aria-label", `board ${p + 1}: ${rows} by ${cols}`);
    // Tracks: cells at odd places, boundaries between them (dominoes).
    const track = (k) => (domino ? Array.from({ length: 2 * k - 1 }, (_, i) => (i % 2 ? "0.7rem" : "2rem")).join(" ") : `repeat(${k}, 2rem)`);
    grid.style.gridTemplateColumns = track(cols);
    grid.style.gridTemplateRows = track(rows);
    const place = (node, r, c) => {
      node.style.gridRow = String(r + 1);
      node.style.gridColumn = String(c + 1);
      grid.append(node);
    };
    const nodes = [];
    const mine = board.clicks.filter((c) => c.part === p && (c.on === "domino" || c.on === "square"));
    let selected = null;
    const partners = (r, c) => mine.filter((m) => m.on === "domino" && m.cells.some(([a, d]) => a === r && d === c));
    const refresh = () => {
      nodes.forEach((row, r) => row.forEach((node, c) => {
        if (!node || !node.classList.contains("chooser")) return;
        const base = `board ${p + 1}, cell ${b.names[r][c]}: choose it, then a neighbour`;
        node.setAttribute("aria-pressed", String(selected !== null && selected[0] === r && selected[1] === c));
        const m = selected && partners(selected[0], selected[1]).find((x) => x.cells.some(([a, d]) => a === r && d === c) && !(r === selected[0] && c === selected[1]));
        if (m) offer(node, m, onMove, `board ${p + 1}, cell ${b.names[r][c]}`);
        else withdraw(node, base);
      }));
    };
    for (let r = 0; r < rows; r++) {
      nodes.push([]);
      for (let c = 0; c < cols; c++) {
        const ch = b.cells[r][c];
        const name = b.names[r][c];
        let node;
        const bite = onMove && !domino && mine.find((m) => m.on === "square" && m.row === r && m.col === c);
        if (bite) {
          node = clickable(el("button", "sq square"), bite, onMove, `board ${p + 1}, square ${name}`);
          const eaten = () => nodes.flat().filter((x) => x && x._rc && x._rc[0] <= r && x._rc[1] >= c);
          const mark = (on) => eaten().forEach((x) => x.classList.toggle("bitten", on));
          node.addEventListener("mouseenter", () => mark(true));
          node.addEventListener("mouseleave", () => mark(false));
          node.addEventListener("focus", () => mark(true));
          node.addEventListener("blur", () => mark(false));
        } else if (onMove && domino && ch === "." && partners(r, c).length > 0) {
          node = selector(el("button", "sq empty"), `board ${p + 1}, cell ${name}: choose it, then a neighbour`, () => {
            if (node._offer) return;
            selected = selected && selected[0] === r && selected[1] === c ? null : [r, c];
            refresh();
          });
        } else {
          const cls = { ".": domino ? "empty" : "square", "#": "filled", "-": "eaten", x: "poison" }[ch] || "eaten";
          node = el("span", "sq " + cls, ch === "x" ? "☠" : "");
          if (ch === "x") {
            node.setAttribute("role", "img");
            node.setAttribute("aria-label", `the poisoned square ${name}`);
          } else {
            node.setAttribute("aria-hidden", "true");
          }
        }
        node._rc = [r, c];
        nodes[r].push(node);
        place(node, domino ? 2 * r : r, domino ? 2 * c : c);
      }
    }
    // The dominoes placed in this game (the page's record of its moves):
    // each drawn as one piece over its two cells, the last move marked.
    for (const d of (board.placed || []).filter((x) => x.part === p)) {
      const [[r1, c1], [r2, c2]] = d.cells;
      const piece = el("span", "placed-domino" + (r1 === r2 ? " across" : " down") + (d.last ? " last" : ""));
      piece.setAttribute("role", "img");
      piece.setAttribute("aria-label", `a domino on ${b.names[r1][c1]} and ${b.names[r2][c2]}, placed by ${d.by}${d.last ? " (the last move)" : ""}`);
      piece.style.gridRow = `${2 * Math.min(r1, r2) + 1} / ${2 * Math.max(r1, r2) + 2}`;
      piece.style.gridColumn = `${2 * Math.min(c1, c2) + 1} / ${2 * Math.max(c1, c2) + 2}`;
      grid.append(piece);
    }
    if (onMove && domino) {
      // The boundary between two cells: the domino on both.
      for (const m of mine.filter((x) => x.on === "domino")) {
        const [[r1, c1], [r2, c2]] = m.cells;
        const across = r1 === r2;
        const edge = clickable(el("button", "boundary " + (across ? "upright" : "flat")), m, onMove,
          `board ${p + 1}, domino ${b.names[r1][c1]} and ${b.names[r2][c2]}`);
        place(edge, r1 + r2, c1 + c2);
      }
    }
    const wrap = el("div", "cell-wrap");
    wrap.append(grid);
    box.append(wrap);
  });
  if (onMove && board.clicks.length > 0) {
    box.append(el("p", "note", domino
      ? "Click the line between two empty cells to place a domino there, or a cell and then its neighbour."
      : "Click a square to take it and every square above and to its right (the poisoned square ☠ cannot be taken)."));
  }
  return box;
}

/**
 * Coins in a row or a grid: a coin showing heads is a move when it can go
 * to tails; with several sets of coins to turn with it, choosing the coin
 * lists them, each a button that shows its coins on the drawing.
 */
function renderCoins(board, onMove) {
  const { grid, first, size, heads } = board.shape;
  const box = el("div", "coins-shape");
  const isHead = new Set(heads.map(([r, c]) => `${r},${c}`));
  const name = (r, c) => (grid ? `(${r}, ${c})` : String(c));
  const table = el("div", "coin-grid");
  table.style.gridTemplateColumns = `repeat(${size[1]}, var(--coin))`;
  table.setAttribute("role", "group");
  table.setAttribute("aria-label", `${grid ? `a grid of ${size[0]} by ${size[1]} coins` : `a row of ${size[1]} coins`}, ${heads.length} showing heads`);
  const choices = el("div", "moves coin-choices");
  choices.setAttribute("aria-live", "polite");
  const coinAt = new Map();
  const show = (coins, on) => coins.forEach(([r, c]) => { const x = coinAt.get(`${r},${c}`); if (x) x.classList.toggle("turning", on); });
  for (let i = 0; i < size[0]; i++) {
    for (let j = 0; j < size[1]; j++) {
      const [r, c] = [first[0] + i, first[1] + j];
      const head = isHead.has(`${r},${c}`);
      const face = head ? "H" : "T";
      const words = `coin ${name(r, c)}, ${head ? "heads" : "tails"}`;
      const moves = onMove ? board.clicks.filter((m) => m.on === "turn" && m.at[0] === r && m.at[1] === c) : [];
      let node;
      if (moves.length === 1) {
        node = clickable(el("button", "coin " + face, face), moves[0], onMove, words);
        node.addEventListener("mouseenter", () => show(moves[0].coins, true));
        node.addEventListener("mouseleave", () => show(moves[0].coins, false));
      } else if (moves.length > 1) {
        node = selector(el("button", "coin " + face, face), `${words}: choose it, then which coins to turn with it (${moves.length} ways)`, () => {
          const was = node.getAttribute("aria-pressed") === "true";
          table.querySelectorAll(".chooser").forEach((x) => x.setAttribute("aria-pressed", "false"));
          choices.replaceChildren();
          if (was) return;
          node.setAttribute("aria-pressed", "true");
          choices.append(el("p", "note", `Turn coin ${name(r, c)} to tails with:`));
          for (const m of moves) {
            const b = el("button", "move", m.label);
            offer(b, m, onMove, `coin ${name(r, c)}`);
            b.type = "button";
            b.classList.add("clickable");
            b.addEventListener("mouseenter", () => show(m.coins, true));
            b.addEventListener("mouseleave", () => show(m.coins, false));
            b.addEventListener("focus", () => show(m.coins, true));
            b.addEventListener("blur", () => show(m.coins, false));
            choices.append(b);
          }
        });
      } else {
        node = el("span", "coin " + face, face);
        node.setAttribute("role", "img");
        node.setAttribute("aria-label", words);
      }
      coinAt.set(`${r},${c}`, node);
      table.append(node);
      if (!grid) {
        // The coin's number under it.
        node.dataset.number = String(c);
      }
    }
  }
  const wrap = el("div", "cell-wrap");
  wrap.append(table);
  box.append(wrap);
  if (!grid) {
    const numbers = el("div", "coin-grid coin-numbers");
    numbers.style.gridTemplateColumns = `repeat(${size[1]}, var(--coin))`;
    numbers.setAttribute("aria-hidden", "true");
    for (let j = 0; j < size[1]; j++) numbers.append(el("span", "", String(first[1] + j)));
    wrap.append(numbers);
  }
  box.append(choices);
  if (onMove && board.clicks.length > 0) box.append(el("p", "note", "Click a coin showing heads (H) to turn it to tails with the other coins the rule turns."));
  return box;
}

/**
 * Welter's strip: squares 0, 1, ... with coins; choose a coin, then an
 * empty square below it.
 */
function renderStrip(board, onMove) {
  const { squares, coins } = board.shape;
  const box = el("div", "strip-shape");
  if (board.typed_only && squares > 40) {
    box.append(el("p", "heap-number", `coins on squares ${coins.join(", ")}`));
    return box;
  }
  const strip = el("div", "strip");
  strip.setAttribute("role", "group");
  strip.setAttribute("aria-label", `a strip of ${squares} squares, coins on ${coins.join(", ")}`);
  const cells = [];
  let selected = null;
  const refresh = () => {
    cells.forEach((node, s) => {
      if (node.classList.contains("chooser")) {
        node.setAttribute("aria-pressed", String(selected !== null && coins[selected] === s));
        return;
      }
      const m = selected !== null && board.clicks.find((c) => c.on === "slide" && c.token === selected && c.to === s);
      if (m) {
        node.disabled = false;
        node.removeAttribute("aria-hidden");
        offer(node, m, onMove, `square ${s}`);
      } else {
        withdraw(node, `square ${s}`);
        node.disabled = true;
        node.setAttribute("aria-hidden", "true");
      }
    });
  };
  for (let s = 0; s < squares; s++) {
    const k = coins.indexOf(s);
    let node;
    const moves = onMove && k >= 0 ? board.clicks.filter((c) => c.on === "slide" && c.token === k) : [];
    if (moves.length > 0) {
      node = selector(el("button", "strip-square has-coin"), `coin on square ${s}: choose it, then an empty square below to slide it to`, () => {
        selected = selected === k ? null : k;
        refresh();
      });
    } else if (k >= 0) {
      node = el("span", "strip-square has-coin");
      node.setAttribute("role", "img");
      node.setAttribute("aria-label", `coin on square ${s}`);
    } else if (onMove) {
      node = el("button", "strip-square");
      node.type = "button";
      node.disabled = true;
      node.setAttribute("aria-hidden", "true");
      node.setAttribute("aria-label", `square ${s}`);
    } else {
      node = el("span", "strip-square");
      node.setAttribute("aria-hidden", "true");
    }
    node.append(el("span", "strip-number", String(s)));
    cells.push(node);
    strip.append(node);
  }
  box.append(strip);
  if (onMove && board.clicks.length > 0) box.append(el("p", "note", "Choose a coin, then an empty square to its left to slide it to (coins may jump)."));
  return box;
}

/**
 * Northcott's game: rows of squares (from 1) with a white and a black
 * checker each; choose a checker, then a square toward the other one.
 */
function renderCheckers(board, onMove) {
  const { width, rows } = board.shape;
  const box = el("div", "strip-shape checkers-shape");
  const said = (row, i) => `row ${i + 1}: white on square ${row[0]}, black on square ${row[1]}`;
  if (board.typed_only && width > 40) {
    rows.forEach((row, i) => box.append(el("p", "heap-number", said(row, i))));
    return box;
  }
  let selected = null; // [row, square]
  const squares = []; // [row, square, node, is a checker]
  const refresh = () => {
    for (const [r, s, node, checker] of squares) {
      if (checker) {
        node.setAttribute("aria-pressed", String(selected !== null && selected[0] === r && selected[1] === s));
        continue;
      }
      const m = selected !== null && board.clicks.find((c) => c.on === "checker" && c.row === selected[0] && c.from === selected[1] && c.to === s);
      if (m && r === selected[0]) {
        node.disabled = false;
        node.removeAttribute("aria-hidden");
        offer(node, m, onMove, `square ${s}`);
      } else {
        withdraw(node, `square ${s}`);
        node.disabled = true;
        node.setAttribute("aria-hidden", "true");
      }
    }
  };
  rows.forEach((row, r) => {
    const strip = el("div", "strip");
    strip.setAttribute("role", "group");
    strip.setAttribute("aria-label", said(row, r));
    for (let s = 1; s <= width; s++) {
      const k = row.indexOf(s);
      const colour = k === 0 ? "white" : "black";
      let node;
      const moves = onMove && k >= 0 ? board.clicks.filter((c) => c.on === "checker" && c.row === r && c.from === s) : [];
      if (moves.length > 0) {
        node = selector(el("button", `strip-square has-coin ${colour}`), `${colour} checker of row ${r + 1} on square ${s}: choose it, then a square toward the other checker`, () => {
          selected = selected !== null && selected[0] === r && selected[1] === s ? null : [r, s];
          refresh();
        });
      } else if (k >= 0) {
        node = el("span", `strip-square has-coin ${colour}`);
        node.setAttribute("role", "img");
        node.setAttribute("aria-label", `${colour} checker of row ${r + 1} on square ${s}`);
      } else if (onMove) {
        node = el("button", "strip-square");
        node.type = "button";
        node.disabled = true;
        node.setAttribute("aria-hidden", "true");
        node.setAttribute("aria-label", `square ${s}`);
      } else {
        node = el("span", "strip-square");
        node.setAttribute("aria-hidden", "true");
      }
      node.append(el("span", "strip-number", String(s)));
      squares.push([r, s, node, k >= 0]);
      strip.append(node);
    }
    box.append(strip);
  });
  if (onMove && board.clicks.length > 0) box.append(el("p", "note", "Choose a checker, then a square toward the other checker of its row."));
  return box;
}

/** Fibonacci Nim: the heap's tokens, those within the bound clickable. */
function renderLimited(board, onMove) {
  const { heap, most } = board.shape;
  const box = renderHeaps({ ...board, shape: { heaps: [heap], unit: "heap" } }, onMove);
  box.classList.add("limited-shape");
  const bound = Math.min(heap, most);
  box.append(el("p", "bound", heap === 0 ? "nothing left to take" : `the next move may take 1 to ${bound} token${bound === 1 ? "" : "s"}` + (most >= heap ? " (the whole heap)" : "")));
  return box;
}

Object.assign(window.SpragueBoard.renderers, {
  network: renderNetwork,
  cells: renderCells,
  coins: renderCoins,
  strip: renderStrip,
  checkers: renderCheckers,
  limited: renderLimited,
});
