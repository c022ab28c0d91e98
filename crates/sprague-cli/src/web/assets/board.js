// The drawings of `sprague serve`'s page: one renderer per kind of drawing
// (heaps of tokens, rows of pins, a grid with a queen, Hackenbush pictures,
// a graph with tokens, a list of moves; pieces.js adds undirected graphs,
// boards of cells, coins, a strip, a heap with a bound), never one per
// ruleset. The server
// (/api/board, /api/play) describes each component (sprague::board) and
// lists every legal move as a click with its move text; a renderer only
// puts each click where its target says, and hands the move text to
// `onMove`. Also the chart of a game's values and the game picker.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element with attributes. */
function svgEl(tag, attrs) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, String(v));
  return el;
}

/** An HTML element with a class and text. */
function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * A clickable piece: a real <button> for HTML, or for SVG an element with
 * role=button, tabindex 0 and Enter/Space handlers. `click` is the move.
 */
function clickable(node, click, onMove, spoken) {
  const label = spoken ? `${spoken}: ${click.label}` : click.label;
  node.setAttribute("aria-label", label);
  node.dataset.move = click.text;
  node.classList.add("clickable");
  if (node.namespaceURI === SVG_NS) {
    node.setAttribute("role", "button");
    node.setAttribute("tabindex", "0");
    node.append(svgEl("title"));
    node.lastChild.textContent = label;
    node.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        onMove(click.text, click.label);
      }
    });
  } else {
    node.title = label;
    node.type = "button";
  }
  node.addEventListener("click", () => onMove(click.text, click.label));
  return node;
}

/** The clicks of `board` whose target matches `pred`. */
const clicksWhere = (board, pred) => board.clicks.filter(pred);

// ---------------------------------------------------------------------------
// Renderers, one per kind of drawing. Each gets the board and `onMove` (null
// for a drawing that is only shown) and returns an element.

/** Heaps of tokens (and a staircase's steps): token i leaves i tokens. */
function renderHeaps(board, onMove) {
  const box = el("div", "heaps-shape");
  const unit = board.shape.unit;
  board.shape.heaps.forEach((size, h) => {
    const row = el("div", "heap");
    row.append(el("span", "heap-label", `${unit} ${h + 1}`));
    const mine = clicksWhere(board, (c) => c.on === "token" && c.heap === h);
    if (board.typed_only && size > 40) {
      row.append(el("span", "heap-number", `${size} tokens`));
    } else if (size === 0) {
      row.append(el("span", "heap-empty", "empty"));
    } else {
      const tokens = el("span", "tokens");
      for (let i = 0; i < size; i++) {
        const click = onMove && mine.find((c) => c.index === i);
        if (click) {
          tokens.append(clickable(el("button", "token"), click, onMove, `${unit} ${h + 1}, token ${i + 1}`));
        } else {
          const t = el("span", "token" + (onMove ? " inert" : ""));
          t.setAttribute("aria-hidden", "true");
          tokens.append(t);
        }
      }
      row.append(tokens, el("span", "heap-count", String(size)));
    }
    box.append(row);
  });
  if (onMove && board.clicks.some((c) => c.on === "token")) {
    box.append(el("p", "note", unit === "step"
      ? "Click a coin on a step: the coins from it to the right go down to the step below."
      : "Click a token: it is taken with every token to its right."));
  }
  return box;
}

/**
 * Rows of pins: a pin knocks itself down, the gap between two pins knocks
 * both down (or splits the row, in Grundy's game); longer runs are buttons
 * under the row.
 */
function renderPinRows(board, onMove) {
  const box = el("div", "pinrows-shape");
  board.shape.rows.forEach((size, r) => {
    const row = el("div", "heap pinrow");
    row.append(el("span", "heap-label", `row ${r + 1}`));
    const runs = clicksWhere(board, (c) => c.on === "run" && c.row === r);
    if (board.typed_only && size > 40) {
      row.append(el("span", "heap-number", `${size} pins`));
      box.append(row);
      return;
    }
    if (size === 0) row.append(el("span", "heap-empty", "empty"));
    const pins = el("span", "pins");
    for (let i = 0; i < size; i++) {
      if (i > 0) {
        // The gap before pin i: a pair knocked down, or a split.
        const pair = onMove && runs.find((c) => c.len === 2 && c.start === i - 1);
        const split = onMove && runs.find((c) => c.len === 0 && c.start === i);
        const gap = pair || split;
        if (gap) {
          const spoken = pair ? `row ${r + 1}, pins ${i} and ${i + 1}` : `row ${r + 1}, between pins ${i} and ${i + 1}`;
          pins.append(clickable(el("button", "gap" + (split ? " split" : "")), gap, onMove, spoken));
        } else {
          pins.append(el("span", "gap inert"));
        }
      }
      const one = onMove && runs.find((c) => c.len === 1 && c.start === i);
      if (one) {
        pins.append(clickable(el("button", "pin"), one, onMove, `row ${r + 1}, pin ${i + 1}`));
      } else {
        const p = el("span", "pin" + (onMove ? " inert" : ""));
        p.setAttribute("aria-hidden", "true");
        pins.append(p);
      }
    }
    row.append(pins, el("span", "heap-count", String(size)));
    box.append(row);
    const long = onMove ? runs.filter((c) => c.len > 2) : [];
    if (long.length > 0) {
      const more = el("div", "runs");
      for (const c of long) {
        const words = `knock down pins ${c.start + 1} to ${c.start + c.len}`;
        more.append(clickable(el("button", "move run", words), c, onMove, `row ${r + 1}, ${words}`));
      }
      box.append(more);
    }
  });
  if (onMove && board.clicks.some((c) => c.on === "run")) {
    box.append(el("p", "note", board.clicks.some((c) => c.on === "run" && c.len === 0)
      ? "Click a pin to knock it down, or the gap between two pins to split the row there."
      : "Click a pin to knock it down, or the gap between two pins to knock both down."));
  }
  return box;
}

/** Wythoff's game: a grid, the queen at (a, b); a cell is a move there. */
function renderGrid(board, onMove) {
  const [a, b] = board.shape.queen;
  const box = el("div", "grid-shape");
  if (board.typed_only) {
    box.append(el("p", "heap-number", `the queen at (${a}, ${b})`));
    return box;
  }
  const grid = el("div", "queen-grid");
  grid.style.gridTemplateColumns = `repeat(${b + 1}, 1.6rem)`;
  grid.setAttribute("role", "group");
  grid.setAttribute("aria-label", `a grid of ${a + 1} by ${b + 1}; the queen stands at (${a}, ${b}) and moves left, up or diagonally toward (0, 0)`);
  for (let x = 0; x <= a; x++) {
    for (let y = 0; y <= b; y++) {
      const click = onMove && board.clicks.find((c) => c.on === "cell" && c.a === x && c.b === y);
      let cell;
      if (x === a && y === b) {
        cell = el("span", "cell queen", "♛");
        cell.setAttribute("aria-label", `the queen at (${a}, ${b})`);
        cell.setAttribute("role", "img");
      } else if (click) {
        cell = clickable(el("button", "cell reach"), click, onMove, `to (${x}, ${y})`);
      } else {
        cell = el("span", "cell" + (x === 0 && y === 0 ? " home" : ""));
        cell.setAttribute("aria-hidden", "true");
      }
      grid.append(cell);
    }
  }
  box.append(grid);
  if (onMove && board.clicks.some((c) => c.on === "cell")) {
    box.append(el("p", "note", "Click a cell to move the queen there: left, up, or diagonally toward (0, 0)."));
  }
  return box;
}

/**
 * Green Hackenbush: each picture an SVG, the ground a line, vertices laid
 * out by their distance from the ground; an edge is a move (cut it).
 */
function renderHackenbush(board, onMove) {
  const box = el("div", "hackenbush-shape");
  board.shape.pictures.forEach((pic, p) => {
    const n = pic.vertices;
    const adj = Array.from({ length: n }, () => []);
    pic.edges.forEach(([u, v]) => {
      adj[u].push(v);
      adj[v].push(u);
    });
    // Levels by breadth-first search from the ground (vertex 0).
    const depth = new Array(n).fill(-1);
    depth[0] = 0;
    const order = [0];
    for (let k = 0; k < order.length; k++) {
      for (const w of adj[order[k]]) if (depth[w] < 0) { depth[w] = depth[order[k]] + 1; order.push(w); }
    }
    const levels = [];
    order.forEach((v) => { if (v !== 0) (levels[depth[v]] = levels[depth[v]] || []).push(v); });
    const width = Math.max(2, ...levels.filter(Boolean).map((l) => l.length)) * 60 + 40;
    const height = Math.max(1, levels.length - 1) * 60 + 50;
    const pos = new Array(n);
    pos[0] = [width / 2, height - 20];
    levels.forEach((lvl, d) => {
      if (!lvl) return;
      lvl.forEach((v, i) => { pos[v] = [((i + 1) * width) / (lvl.length + 1), height - 20 - d * 60]; });
    });
    // Edges to the ground land at spread points of the ground line.
    const groundEdges = pic.edges.map((e, i) => (e[0] === 0 || e[1] === 0 ? i : -1)).filter((i) => i >= 0);
    const svg = svgEl("svg", { viewBox: `0 0 ${width} ${height}`, width, height, class: "hackenbush" });
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", `picture ${p + 1}: ${pic.edges.length} edges`);
    svg.append(svgEl("line", { x1: 5, y1: height - 20, x2: width - 5, y2: height - 20, class: "ground" }));
    pic.edges.forEach(([u, v], i) => {
      const gi = groundEdges.indexOf(i);
      const end = (w, other) => (w === 0 && gi >= 0
        ? [Math.min(width - 10, Math.max(10, pos[other] ? pos[other][0] + (gi - (groundEdges.length - 1) / 2) * 8 : width / 2)), height - 20]
        : pos[w] || [width / 2, height - 20]);
      const [x1, y1] = end(u, v);
      const [x2, y2] = end(v, u);
      const g = svgEl("g", { class: "edge" });
      let shape;
      if (u === v) {
        shape = svgEl("ellipse", { cx: x1, cy: y1 - 16, rx: 10, ry: 16 });
      } else {
        shape = svgEl("line", { x1, y1, x2, y2 });
      }
      // A wide invisible band along the edge makes it easy to hit.
      let hit;
      if (u === v) {
        hit = shape.cloneNode();
      } else {
        const len = Math.hypot(x2 - x1, y2 - y1) || 1;
        const [nx, ny] = [((y1 - y2) / len) * 8, ((x2 - x1) / len) * 8];
        hit = svgEl("polygon", { points: `${x1 + nx},${y1 + ny} ${x2 + nx},${y2 + ny} ${x2 - nx},${y2 - ny} ${x1 - nx},${y1 - ny}` });
      }
      hit.setAttribute("class", "hit");
      g.append(hit, shape);
      const click = onMove && board.clicks.find((c) => c.on === "edge" && c.picture === p && c.edge === i);
      if (click) clickable(g, click, onMove, `picture ${p + 1}, edge ${pic.names[i]}`);
      svg.append(g);
    });
    for (let v = 1; v < n; v++) if (pos[v]) svg.append(svgEl("circle", { cx: pos[v][0], cy: pos[v][1], r: 4, class: "vertex" }));
    box.append(svg);
  });
  if (onMove && board.clicks.some((c) => c.on === "edge")) {
    box.append(el("p", "note", "Click an edge to cut it: whatever no longer reaches the ground falls with it."));
  }
  return box;
}

/**
 * A directed graph with tokens: nodes on a circle, edges as arrows. Click
 * a token (it is selected), then a node one edge away.
 */
function renderGraph(board, onMove) {
  const { nodes, edges, tokens } = board.shape;
  const box = el("div", "graph-shape");
  const size = 280;
  const r = nodes.length > 1 ? 100 : 0;
  const pos = nodes.map((_, i) => [size / 2 + r * Math.sin((2 * Math.PI * i) / nodes.length), size / 2 - r * Math.cos((2 * Math.PI * i) / nodes.length)]);
  const svg = svgEl("svg", { viewBox: `0 0 ${size} ${size}`, width: size, height: size, class: "graph" });
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", `a graph of ${nodes.length} nodes with ${tokens.length} tokens`);
  const defs = svgEl("defs");
  const marker = svgEl("marker", { id: `arrow-${board.component}`, viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
  marker.append(svgEl("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "arrowhead" }));
  defs.append(marker);
  svg.append(defs);
  for (const [u, v] of edges) {
    const [x1, y1] = pos[u];
    const [x2, y2] = pos[v];
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const k = 18 / len;
    svg.append(svgEl("line", { x1: x1 + (x2 - x1) * k, y1: y1 + (y2 - y1) * k, x2: x2 - (x2 - x1) * k, y2: y2 - (y2 - y1) * k, class: "arc", "marker-end": `url(#arrow-${board.component})` }));
  }
  const nodeLayer = svgEl("g");
  const tokenLayer = svgEl("g");
  svg.append(nodeLayer, tokenLayer);
  let selected = null;
  const drawNodes = () => {
    nodeLayer.replaceChildren();
    nodes.forEach((name, i) => {
      const g = svgEl("g", { class: "node" });
      g.append(svgEl("circle", { cx: pos[i][0], cy: pos[i][1], r: 16 }));
      const t = svgEl("text", { x: pos[i][0], y: pos[i][1] + 30, "text-anchor": "middle" });
      t.textContent = name;
      g.append(t);
      const click = onMove && selected !== null && board.clicks.find((c) => c.on === "slide" && c.token === selected && c.to === i);
      if (click) {
        g.classList.add("target");
        clickable(g, click, onMove, `token ${selected + 1} to node ${name}`);
      }
      nodeLayer.append(g);
    });
  };
  tokens.forEach((at, t) => {
    const same = tokens.slice(0, t).filter((x) => x === at).length;
    const g = svgEl("g", { class: "graph-token" });
    // Beside the node's centre (which stays free to click as a target),
    // a second token on the same node further out.
    const [tx, ty] = [pos[at][0] + 15 + same * 9, pos[at][1] - 15 - same * 9];
    g.append(svgEl("circle", { cx: tx, cy: ty, r: 9 }));
    const label = svgEl("text", { x: tx, y: ty + 4, "text-anchor": "middle" });
    label.textContent = String(t + 1);
    g.append(label);
    const moves = onMove ? board.clicks.filter((c) => c.on === "slide" && c.token === t) : [];
    if (moves.length > 0) {
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "0");
      g.setAttribute("aria-pressed", "false");
      g.setAttribute("aria-label", `token ${t + 1} on node ${nodes[at]}: select it, then a node to move it to`);
      g.classList.add("clickable");
      const select = () => {
        selected = selected === t ? null : t;
        tokenLayer.querySelectorAll(".graph-token").forEach((x, i) => x.setAttribute("aria-pressed", String(selected === i)));
        drawNodes();
      };
      g.addEventListener("click", select);
      g.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); select(); }
      });
    }
    tokenLayer.append(g);
  });
  drawNodes();
  box.append(svg);
  if (onMove && board.clicks.some((c) => c.on === "slide")) {
    box.append(el("p", "note", "Click a token to choose it, then the node one arrow away to move it there."));
  }
  return box;
}

/** A ruleset of no drawn kind: its notation is the name above; its moves are in the list. */
function renderText(board, onMove) {
  return el("p", "note", onMove && board.clicks.length > 0 ? "Each move is a button:" : "");
}

const RENDERERS = {
  heaps: renderHeaps,
  pin_rows: renderPinRows,
  grid: renderGrid,
  hackenbush: renderHackenbush,
  graph: renderGraph,
  text: renderText,
};

/**
 * Draws every component of a position (the `boards` of /api/board or
 * /api/play) into `box`. With `onMove(text, label)` the drawing takes
 * moves; moves made on no drawing are buttons under it.
 */
function drawBoards(box, boards, onMove) {
  box.replaceChildren();
  for (const b of boards) {
    const group = el("div", "component");
    group.dataset.kind = b.shape.kind;
    group.append(el("div", "component-name", boards.length > 1 ? `c${b.component + 1} = ${b.notation}` : b.notation));
    group.append((RENDERERS[b.shape.kind] || renderText)(b, onMove));
    const listed = onMove ? b.clicks.filter((c) => c.on === "list") : [];
    if (listed.length > 0) {
      const list = el("div", "moves listed-moves");
      list.setAttribute("role", "group");
      list.setAttribute("aria-label", `moves of ${b.notation}`);
      for (const c of listed) list.append(clickable(el("button", "move", c.label), c, onMove));
      group.append(list);
    }
    if (onMove && b.typed_only) group.append(el("p", "note", "Too many moves to draw: type a move below."));
    box.append(group);
  }
}

// ---------------------------------------------------------------------------
// The chart of a game: each position's Grundy value (or outcome) by move.

/**
 * Draws `points` ([{ply, position, outcome, value}]) into `box` as an SVG
 * line chart: x the number of moves made, y the Grundy value (or, where a
 * position has none, its outcome: N above, P on the axis). P-positions are
 * filled dots. A table under it says the same in words.
 */
function drawChart(box, points) {
  box.replaceChildren();
  if (points.length === 0) return;
  const useValue = points.every((p) => p.value !== null && p.value !== undefined);
  const ys = points.map((p) => (useValue ? p.value : p.outcome === "P" ? 0 : p.outcome === "D" ? 0.5 : 1));
  const top = Math.max(1, ...ys);
  const w = 40 + Math.max(1, points.length - 1) * 36 + 20;
  const h = 160;
  const x = (i) => 40 + i * 36;
  const y = (v) => h - 25 - (v / top) * (h - 45);
  const svg = svgEl("svg", { viewBox: `0 0 ${w} ${h}`, width: w, height: h, class: "chart" });
  svg.setAttribute("role", "img");
  const words = points.map((p, i) => `${i}: ${p.outcome}${useValue ? " " + p.value : ""}`).join(", ");
  svg.setAttribute("aria-label", `${useValue ? "Grundy value" : "outcome"} after each move: ${words}`);
  svg.append(svgEl("line", { x1: 35, y1: y(0), x2: w - 10, y2: y(0), class: "axis" }));
  const yl = svgEl("text", { x: 4, y: 14, class: "axis-label" });
  yl.textContent = useValue ? "value" : "N / P";
  svg.append(yl);
  for (const v of useValue ? [0, top] : [0, 1]) {
    const t = svgEl("text", { x: 30, y: y(v) + 4, "text-anchor": "end", class: "tick" });
    t.textContent = useValue ? String(v) : v === 0 ? "P" : "N";
    svg.append(t);
  }
  svg.append(svgEl("polyline", { points: ys.map((v, i) => `${x(i)},${y(v)}`).join(" "), class: "trace" }));
  points.forEach((p, i) => {
    const dot = svgEl("circle", { cx: x(i), cy: y(ys[i]), r: 5, class: "dot " + p.outcome });
    const title = svgEl("title");
    title.textContent = `after ${i} moves: ${p.position}: ${p.outcome}${p.value !== null ? ", Grundy value " + p.value : ""}`;
    dot.append(title);
    svg.append(dot);
    const t = svgEl("text", { x: x(i), y: h - 8, "text-anchor": "middle", class: "tick" });
    t.textContent = String(i);
    svg.append(t);
  });
  const wrap = el("div", "chart-wrap");
  wrap.append(svg);
  box.append(wrap);
  box.append(el("p", "note", "The value of each position along the game (move 0 is the start); P-positions are the dark dots: the player who just moved there is winning."));
}

// ---------------------------------------------------------------------------
// The game picker: every ruleset of `sprague rulesets`, with its rule.

/**
 * Fills `select` with the rulesets of /api/rulesets; choosing one shows its
 * rule and theorem in `about` and calls `onPick(example)`.
 */
async function setUpPicker(select, about, onPick) {
  let data;
  try {
    const response = await fetch("/api/rulesets", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    data = await response.json();
  } catch (e) {
    about.textContent = "cannot list the rulesets: " + e.message;
    return;
  }
  for (const r of data.rulesets) {
    const option = el("option", "", `${r.notation} — ${r.example}`);
    option.value = r.example;
    option.dataset.notation = r.notation;
    select.append(option);
  }
  // Shown when the game being played is not one of the entries (a sum of
  // several rulesets); not a choice of its own.
  const other = el("option", "", "—");
  other.value = "—";
  other.disabled = true;
  select.append(other);
  const show = () => {
    const r = data.rulesets.find((x) => x.example === select.value);
    if (!r) {
      if (select.value === "—") about.replaceChildren(el("p", "note", "The game being played is not one of the list's rulesets: a sum of several, say."));
      return;
    }
    about.replaceChildren(el("p", "", `Rule: ${r.rule}.`), el("p", "note", `Decided by: ${r.theorem}.`));
  };
  select.addEventListener("change", () => {
    if (!select.value) return;
    show();
    onPick(select.value);
  });
  show();
  pickerShow = show;
}

/** The picker's `show` once it is set up (follows the game being played). */
let pickerShow = null;

/**
 * Sets the picker `select` to the ruleset of the game being played, from
 * the `rules` of /api/board or /api/play ([{notation, ruleset, …}], one a
 * ruleset of the game): its entry when the game has one ruleset, "—"
 * otherwise (or when the list has no entry of that notation).
 */
function followPicker(select, rules) {
  if (!pickerShow) return;
  const notation = rules && rules.length === 1 ? rules[0].notation : null;
  const option = [...select.options].find((o) => notation !== null && o.dataset.notation === notation);
  select.value = option ? option.value : "—";
  pickerShow();
}

// pieces.js adds the renderers of graphs, boards, coins and strips.
window.SpragueBoard = { drawBoards, drawChart, setUpPicker, followPicker, renderers: RENDERERS };
