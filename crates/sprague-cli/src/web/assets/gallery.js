// The home page's gallery of `sprague serve`: every ruleset of `sprague
// rulesets` as a card with a small drawing of its example position (drawn
// by board.js's renderers from /api/board, moves off), its rule in a line,
// and buttons that play it against the computer or analyse it (through the
// page's own forms, so the game and the analysis are those of the Play and
// Analyse sections).
"use strict";

(() => {
  const post = async (name, body) => {
    const response = await fetch("/api/" + name, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return { ok: response.ok, data: await response.json() };
  };

  const make = (tag, className, text) => {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  };

  /** The card's title: the name its example is written with (`kayles`, `mock`), else its first name. */
  const title = (r) => r.names.find((n) => r.example.startsWith(n + " ") || r.example.startsWith(n + ":")) || r.names[0];

  /** Starts a game of `example` in the Play section, you moving first. */
  function play(example) {
    document.getElementById("play-position").value = example;
    document.getElementById("first").value = "human";
    document.getElementById("play-misere").checked = false;
    document.getElementById("play-form").requestSubmit();
    document.getElementById("play").scrollIntoView();
  }

  /** Analyses `example` in the Analyse section. */
  function analyseIt(example) {
    document.getElementById("position").value = example;
    document.getElementById("analyze-misere").checked = false;
    document.getElementById("analyze-form").requestSubmit();
    document.getElementById("analyse").scrollIntoView();
  }

  function card(r) {
    const li = make("li", "card");
    li.dataset.example = r.example;
    const id = "card-" + title(r).replace(/[^a-z0-9]+/gi, "-");
    const h = make("h3", "", title(r));
    h.id = id;
    li.setAttribute("aria-labelledby", id);
    const drawing = make("div", "card-drawing heaps");
    drawing.setAttribute("role", "img");
    drawing.setAttribute("aria-label", `the example ${r.example}, drawn`);
    const rule = make("p", "card-rule", r.rule);
    const example = make("p", "card-example");
    example.append(make("code", "", r.example));
    const buttons = make("div", "row wrap card-buttons");
    const playButton = make("button", "", "Play");
    playButton.type = "button";
    playButton.setAttribute("aria-label", `Play ${r.example} against the computer`);
    playButton.addEventListener("click", () => play(r.example));
    const analyseButton = make("button", "secondary", "Analyse");
    analyseButton.type = "button";
    analyseButton.setAttribute("aria-label", `Analyse ${r.example}`);
    analyseButton.addEventListener("click", () => analyseIt(r.example));
    buttons.append(playButton, analyseButton);
    li.append(h, drawing, rule, example, buttons);
    return { li, drawing };
  }

  /** Draws each card's example, a few requests at a time. */
  async function drawAll(jobs) {
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const { drawing, example } = jobs[next++];
        try {
          const { ok, data } = await post("board", { position: example });
          if (ok) {
            SpragueBoard.drawBoards(drawing, data.boards, null);
            drawing.dataset.drawn = "true";
          } else {
            drawing.replaceChildren(make("p", "note", "(no drawing: " + data.error + ")"));
          }
        } catch (e) {
          drawing.replaceChildren(make("p", "note", "(no drawing: " + e.message + ")"));
        }
      }
    };
    await Promise.all([worker(), worker(), worker()]);
  }

  document.addEventListener("DOMContentLoaded", async () => {
    const list = document.getElementById("gallery-cards");
    let data;
    try {
      ({ data } = await post("rulesets", {}));
    } catch (e) {
      list.replaceChildren(make("li", "error", "cannot list the rulesets: " + e.message));
      return;
    }
    const jobs = [];
    for (const r of data.rulesets) {
      const { li, drawing } = card(r);
      list.append(li);
      jobs.push({ drawing, example: r.example });
    }
    await drawAll(jobs);
    list.dataset.ready = "true";
  });
})();
