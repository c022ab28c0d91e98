// The page of `sprague serve`: plain JavaScript over the JSON API. Every game
// fact (outcomes, values, moves, why) comes from the server; this script only
// shows it. The game against the computer is held here: the server gets the
// position and a move and answers with the position after the reply.
"use strict";

const $ = (id) => document.getElementById(id);

/** POSTs `body` to /api/`name`; resolves to {ok, data} (data.error on failure). */
async function api(name, body) {
  let response;
  try {
    response = await fetch("/api/" + name, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (e) {
    return { ok: false, data: { error: "cannot reach the server: " + e.message } };
  }
  const type = response.headers.get("Content-Type") || "";
  if (type.startsWith("application/json")) {
    const data = await response.json();
    // A limit names the field of this page to change, not a flag (limits.js).
    if (!response.ok) data.error = SpragueLimits.forAnswer(name, data);
    return { ok: response.ok, data };
  }
  const text = await response.text();
  return response.ok ? { ok: true, data: text } : { ok: false, data: { error: text } };
}

/** Shows `message` in the error paragraph `el` and marks `input` invalid (or clears both). */
function showError(el, input, message) {
  if (message) {
    el.textContent = "error: " + message;
    el.hidden = false;
    if (input) input.setAttribute("aria-invalid", "true");
  } else {
    el.textContent = "";
    el.hidden = true;
    if (input) input.removeAttribute("aria-invalid");
  }
}

/** Makes an element with a class and text. */
function make(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

function outcomeWords(outcome, play) {
  const rule = play === "misere" ? " (misère play)" : "";
  if (outcome === "D") return "D: a draw; neither player can force a win, and play goes on forever" + rule;
  return outcome === "N"
    ? "N: the player to move wins" + rule
    : "P: the player to move loses; the player who just moved wins" + rule;
}

// ---------------------------------------------------------------------------
// The newest request of a section wins

const latest = {};

/**
 * Calls `work` (which asks the API) for the section `id`, marked busy
 * (aria-busy, shown as "working…") until the answer comes. Resolves to the
 * answer, or to null when a newer call for the same section started
 * meanwhile: an older, slower answer must not replace a newer one.
 */
async function newest(id, work) {
  const ticket = (latest[id] = (latest[id] || 0) + 1);
  const section = $(id);
  section.setAttribute("aria-busy", "true");
  try {
    const answer = await work();
    return latest[id] === ticket ? answer : null;
  } finally {
    if (latest[id] === ticket) section.removeAttribute("aria-busy");
  }
}

// ---------------------------------------------------------------------------
// Analyse

async function analyse(position) {
  const input = $("position");
  if (position !== undefined) input.value = position;
  const text = input.value;
  const misere = $("analyze-misere").checked;
  const both = await newest("analyse", () =>
    Promise.all([api("analyze", { position: text, misere, explain: true }), api("board", { position: text, misere })]));
  if (both === null) return;
  const [answer, drawn] = both;
  const { ok, data } = answer;
  if (!ok) {
    showError($("analyze-error"), input, data.error);
    $("analysis").hidden = true;
    return;
  }
  showError($("analyze-error"), input, null);
  $("analysis").hidden = false;
  if (drawn.ok) SpragueBoard.drawBoards($("analysis-heaps"), drawn.data.boards, null);
  else $("analysis-heaps").replaceChildren();
  const basis = data.basis_words || data.basis;
  $("outcome").textContent = outcomeWords(data.outcome, data.play);
  $("outcome").dataset.outcome = data.outcome;
  $("grundy").textContent =
    data.generalized_value !== undefined && data.value === null
      ? `Generalized Sprague-Grundy value: ${data.generalized_value} (∞ means play can go on forever; decided by ${basis})`
      : data.value === null
      ? data.play === "misere"
        ? "Grundy value: not used in misère play (decided by " + basis + ")"
        : "Grundy value: not determined (decided by " + basis + ")"
      : `Grundy value: ${data.value} (decided by ${basis})`;
  const wrap = $("binary-wrap");
  wrap.replaceChildren();
  if (data.binary) {
    wrap.append(make("p", "note", "In binary: the nim-sum is the XOR of the rows (a column's sum is 1 when it holds an odd number of 1s)."), binaryTable(data.binary));
  }
  const moves = $("moves");
  moves.replaceChildren();
  if (data.winning_moves.length === 0) {
    moves.append(make("p", "", data.outcome === "P" ? "None: every move leads to an N-position."
      : data.outcome === "D" ? "None: no move leads to a P-position." : "None needed."));
  }
  if (data.drawing_moves && data.drawing_moves.length > 0) {
    moves.append(make("p", "", "Moves that keep the draw (every other move loses):"));
    for (const m of data.drawing_moves) {
      moves.append(make("p", "move", m.after === null ? m.move : `${m.move} → ${m.after}`));
    }
  }
  data.winning_moves.forEach((m, i) => {
    // In words, as `analyze` writes them.
    const words = data.winning_moves_words ? data.winning_moves_words[i] : m.move;
    // `after` is null for a position too long to repeat after each move.
    if (m.after === null) {
      moves.append(make("p", "move", words));
      return;
    }
    const b = make("button", "move", `${words}, leaving ${m.after}`);
    b.type = "button";
    b.addEventListener("click", () => analyse(m.after));
    moves.append(b);
  });
  if (data.truncated) {
    moves.append(make("p", "note", "(the list is cut short)"));
  }
  $("explain").textContent = data.explain;
}

/** The rows in binary with their nim-sum, as a table. */
function binaryTable(binary) {
  const table = make("table", "binary");
  table.setAttribute("aria-label", "The rows in binary and their nim-sum");
  const body = make("tbody");
  const width = Math.max(binary.nim_sum_binary.length, ...binary.rows.map((r) => r.binary.length));
  const row = (label, value, bits, cls) => {
    const tr = make("tr", cls);
    tr.append(make("th", "", label), make("td", "num", String(value)), make("td", "bits", bits.padStart(width, "0")));
    body.append(tr);
  };
  for (const r of binary.rows) row(r.label, r.value, r.binary, "");
  row("nim-sum ⊕", binary.nim_sum, binary.nim_sum_binary, "sum");
  table.append(body);
  return table;
}

// ---------------------------------------------------------------------------
// Play

const game = {
  position: "",
  misere: false,
  seed: 0,
  /** The game as it stood before each of your moves, for undo (snapshot()). */
  history: [],
  /** The game as it stood before each undo, for redo; a new move clears it. */
  redo: [],
  /** The dominoes placed so far ({component, part, cells, by}), drawn as pieces. */
  placed: [],
  /** The rules of the rulesets in play, from the server. */
  rules: [],
  over: false,
  /** The drawing of the position (sprague::board, from the server). */
  boards: [],
  /** Each position of the game so far with its outcome and value, for the chart. */
  points: [],
  /** Whether you make both sides' moves (no computer). */
  both: false,
};

function logLine(text, cls) {
  const li = make("li", cls, text);
  $("game-log").append(li);
}

function showGame() {
  $("game").hidden = false;
  SpragueGame.showRules($("game-rules"), game.rules);
  const boards = SpragueGame.withPlaced(game.boards, game.placed);
  SpragueBoard.drawBoards($("board"), boards, game.over ? null : (text) => playMove(text));
  SpragueBoard.drawChart($("chart"), game.points);
  $("move-text").placeholder = SpragueGame.moveExample(game.boards);
  $("undo-button").disabled = game.history.length === 0;
  $("redo-button").disabled = game.redo.length === 0;
  $("hint-button").disabled = game.over;
}

/** Everything undo and redo restore: the position, drawing, chart, log and status. */
function snapshot() {
  return {
    position: game.position,
    boards: game.boards,
    points: game.points.slice(),
    placed: game.placed.slice(),
    over: game.over,
    seed: game.seed,
    log: Array.from($("game-log").childNodes, (n) => n.cloneNode(true)),
    status: $("game-status").textContent,
    statusClass: $("game-status").className,
  };
}

function restore(state) {
  game.position = state.position;
  game.boards = state.boards;
  game.points = state.points.slice();
  game.placed = state.placed.slice();
  game.over = state.over;
  game.seed = state.seed;
  $("game-log").replaceChildren(...state.log.map((n) => n.cloneNode(true)));
  const s = $("game-status");
  s.textContent = state.status;
  s.className = state.statusClass;
  $("hint").hidden = true;
  showGame();
}

function setStatus(text, cls) {
  const s = $("game-status");
  s.textContent = text;
  s.className = "outcome " + (cls || "");
}

/** The outcome and value of `position`, for the chart. */
async function chartPoint(position) {
  const { ok, data } = await api("board", { position, misere: game.misere });
  return ok ? { position, outcome: data.outcome, value: data.value, boards: data.boards } : { position, outcome: "?", value: null, boards: [] };
}

/** Whose move it is when you make both sides' moves. */
function sideToMove() {
  return game.points.length % 2 === 1 ? "Player 1" : "Player 2";
}

/** Applies a /api/play answer. */
async function applyTurn(data) {
  // The chart: the position after your move, and after the reply.
  const before = game.boards;
  let between = data.boards;
  if (data.you && data.computer) {
    const point = await chartPoint(data.you.after);
    game.points.push(point);
    between = point.boards;
  }
  if (data.you || data.computer) game.points.push(await chartPoint(data.position));
  // The dominoes each move placed, drawn as pieces from now on.
  const mover = game.both ? (game.points.length % 2 === 0 ? "Player 1" : "Player 2") : "you";
  if (data.you) game.placed.push(...SpragueGame.placedBetween(before, between, mover));
  if (data.computer) game.placed.push(...SpragueGame.placedBetween(data.you ? between : before, data.boards, "the computer"));
  game.rules = data.rules || game.rules;
  if (data.you) logLine(`${game.both ? (game.points.length % 2 === 0 ? "Player 1" : "Player 2") : "you"}: ${data.you.description}, leaving ${data.you.after}`, "you");
  if (data.computer) {
    logLine(`computer: ${data.computer.description}, leaving ${data.computer.after}`, "computer");
    $("why-summary").textContent = data.computer.winning
      ? "Why the computer's last move wins (the --explain view)"
      : "Why the computer had no winning move (the --explain view)";
    $("computer-explain").textContent =
      (data.computer.why ? "why: " + data.computer.why + "\n\n" : "The computer had no winning move and played at random.\n\n") +
      data.computer.explain;
  }
  game.position = data.position;
  game.seed = data.seed;
  game.over = data.winner !== null;
  game.boards = data.boards;
  if (game.both) {
    // The one who made the last move is "you"; the other is "computer".
    const last = game.points.length % 2 === 0 ? "Player 1" : "Player 2";
    const other = last === "Player 1" ? "Player 2" : "Player 1";
    if (data.winner !== null) setStatus(`${data.winner === "you" ? last : other} wins! ${lastMoveWords()}`, "win");
    else setStatus(`${sideToMove()} to move in ${data.position}.`, "");
  } else if (data.winner === "you") setStatus("You win! " + lastMoveWords(), "win");
  else if (data.winner === "computer") setStatus("The computer wins. " + lastMoveWords(), "lose");
  else setStatus(`Your move in ${data.position}.`, "");
  $("hint").hidden = true;
  showGame();
}

function lastMoveWords() {
  return game.misere ? "(misère: whoever makes the last move loses)" : "(whoever makes the last move wins)";
}

async function newGame() {
  const input = $("play-position");
  game.misere = $("play-misere").checked;
  game.both = $("first").value === "both";
  game.points = [];
  game.history = [];
  game.redo = [];
  game.placed = [];
  game.boards = [];
  game.over = false;
  game.seed = Math.floor(Math.random() * 1e9);
  $("game-log").replaceChildren();
  $("computer-explain").textContent = "The computer has not moved yet.";
  $("why-summary").textContent = "The computer's last move, explained";
  $("hint").hidden = true;
  $("move-help").hidden = true;
  showError($("move-error"), $("move-text"), null);
  if ($("first").value === "computer") {
    const { ok, data } = await api("play", { position: input.value, misere: game.misere, seed: game.seed });
    if (!ok) return failStart(data.error);
    showError($("play-error"), input, null);
    SpragueBoard.followPicker($("game-pick"), data.rules);
    const start = await chartPoint(input.value.trim());
    game.points = [start];
    game.boards = start.boards;
    await applyTurn(data);
    return;
  }
  // You start: the drawing checks the position (and its limits) on the way.
  const { ok, data } = await api("board", { position: input.value, misere: game.misere });
  if (!ok) return failStart(data.error);
  showError($("play-error"), input, null);
  SpragueBoard.followPicker($("game-pick"), data.rules);
  game.position = data.position;
  game.boards = data.boards;
  game.rules = data.rules;
  game.points = [{ position: data.position, outcome: data.outcome, value: data.value, boards: data.boards }];
  game.over = false;
  setStatus(game.both ? `Player 1 to move in ${data.position}.` : `Your move in ${data.position}.`, "");
  showGame();
  if (data.boards.every((b) => !b.typed_only && b.clicks.length === 0)) {
    game.over = true;
    setStatus(game.misere ? "You win: no move is left, and in misère play that wins." : "The computer wins: no move is left for you.", game.misere ? "win" : "lose");
    showGame();
  }
}

function failStart(message) {
  showError($("play-error"), $("play-position"), message);
  $("game").hidden = true;
}

async function playMove(text) {
  if (game.over) return;
  const request = { position: game.position, misere: game.misere, move: text, seed: game.seed };
  if (game.both) request.reply = false;
  const { ok, data } = await api("play", request);
  if (!ok) {
    showError($("move-error"), $("move-text"), data.error);
    return;
  }
  showError($("move-error"), $("move-text"), null);
  game.history.push(snapshot());
  game.redo = [];
  $("move-text").value = "";
  await applyTurn(data);
}

async function showHint() {
  const { ok, data } = await api("hint", { position: game.position, misere: game.misere });
  const box = $("hint");
  box.replaceChildren();
  box.hidden = false;
  if (!ok) {
    box.append(make("p", "error", "no hint: " + data.error));
    return;
  }
  SpragueGame.markWinning($("board"), data.winning || []);
  if (data.move === null) {
    box.append(make("p", "", "No winning move: " + data.why));
    return;
  }
  const marked = $("board").querySelectorAll(".winning").length;
  const p = make("p", "", `Hint: ${data.move.description}, leaving ${data.move.after} (type ${data.move.text}). `);
  const b = make("button", "move play-hint", "Play this move");
  b.type = "button";
  b.dataset.move = data.move.text;
  b.addEventListener("click", () => playMove(data.move.text));
  p.append(b);
  box.append(p, make("p", "why", "Why: " + data.move.why));
  const total = (data.winning || []).length;
  if (marked > 0) {
    box.append(make("p", "note", `${total === 1 ? "The winning move is" : `The ${total} winning moves are`} marked on the board${marked < total ? ` (${marked} of them drawn)` : ""}.`));
  }
}

/** Takes back your last move and the computer's reply (redo plays them again). */
function undo() {
  if (game.history.length === 0) return;
  game.redo.push(snapshot());
  restore(game.history.pop());
}

/** Plays again the moves the last undo took back. */
function redo() {
  if (game.redo.length === 0) return;
  game.history.push(snapshot());
  restore(game.redo.pop());
}

async function moveHelp() {
  const { ok, data } = await api("help", { position: game.position });
  const pre = $("move-help");
  pre.hidden = false;
  pre.textContent = ok ? data.help : "error: " + data.error;
}

// ---------------------------------------------------------------------------
// Sequence and table

async function sequence() {
  const input = $("seq-ruleset");
  const to = Number($("seq-to").value);
  const body = { ruleset: input.value.trim(), to };
  const both = await newest("sequence", () => Promise.all([api("sequence", body), api("sequence/plot", body)]));
  if (both === null) return;
  const [values, plot] = both;
  const failed = !values.ok ? values : !plot.ok ? plot : null;
  for (const el of [input, $("seq-to")]) el.removeAttribute("aria-invalid");
  if (failed) {
    const limit = failed.data.kind === "limit" || failed.data.reason === "timeout";
    showError($("sequence-error"), limit ? $("seq-to") : input, failed.data.error);
    $("sequence-out").hidden = true;
    return;
  }
  showError($("sequence-error"), input, null);
  const d = values.data;
  $("sequence-out").hidden = false;
  $("period").textContent =
    d.period === null
      ? `${d.ruleset}: no period proven from these ${d.values.length} values.`
      : `${d.ruleset}: proven period ${d.period}, preperiod ${d.preperiod} (marked on the plot).`;
  const img = $("plot");
  img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(plot.data);
  img.alt = `Scatter plot of G(n) for ${d.ruleset}, n = 0 to ${d.values.length - 1}`;
  $("values").textContent = d.values.join(" ");
}

async function table() {
  const input = $("tab-ruleset");
  const body = { ruleset: input.value.trim(), to: Number($("tab-to").value), outcome: $("tab-outcome").checked };
  const answer = await newest("table", () => api("table", body));
  if (answer === null) return;
  const { ok, data } = answer;
  const wrap = $("grid-wrap");
  wrap.replaceChildren();
  for (const el of [input, $("tab-to")]) el.removeAttribute("aria-invalid");
  if (!ok) {
    const limit = data.kind === "limit" || data.reason === "timeout";
    showError($("table-error"), limit ? $("tab-to") : input, data.error);
    return;
  }
  showError($("table-error"), input, null);
  const t = make("table", "grid");
  t.append(make("caption", "", `${data.ruleset} a b (${data.cells === "value" ? "Grundy values" : "outcomes"}; P-positions shaded; a down, b across)`));
  const head = make("tr");
  head.append(make("th", "", "a\\b"));
  data.rows[0].forEach((_, b) => head.append(make("th", "", String(b))));
  const thead = make("thead");
  thead.append(head);
  const tbody = make("tbody");
  data.rows.forEach((row, a) => {
    const tr = make("tr");
    tr.append(make("th", "", String(a)));
    for (const cell of row) {
      const p = cell === 0 || cell === "P";
      tr.append(make("td", p ? "p" : "", String(cell)));
    }
    tbody.append(tr);
  });
  t.append(thead, tbody);
  wrap.append(t);
}

// ---------------------------------------------------------------------------

document.addEventListener("DOMContentLoaded", () => {
  const on = (id, f) =>
    $(id).addEventListener("submit", (e) => {
      e.preventDefault();
      f();
    });
  on("analyze-form", () => analyse());
  on("play-form", newGame);
  on("move-form", () => {
    const text = $("move-text").value.trim();
    if (text) playMove(text);
    else showError($("move-error"), $("move-text"), "type a move first (Move syntax shows how)");
  });
  on("sequence-form", sequence);
  on("table-form", table);
  $("hint-button").addEventListener("click", showHint);
  $("undo-button").addEventListener("click", undo);
  $("redo-button").addEventListener("click", redo);
  $("help-button").addEventListener("click", moveHelp);
  SpragueBoard.setUpPicker($("game-pick"), $("game-about"), (example) => {
    $("play-position").value = example;
    $("position").value = example;
  });
  document.body.dataset.ready = "true";
});
