// Page wiring: what happens on each event. The view draws what the engine returns and
// collects input; every rule, notation, link and saved game is handled by Python.

import { Assistant, LEVELS } from "./ai.js";
import { animateMove } from "./anim.js";
import { drawBoard, fitCanvas, formatValue, squareAt, squareLabel } from "./board.js";
import { Engine } from "./engine.js";
import { drawGraph } from "./graph.js";
import { readLink, writeLink } from "./link.js";
import {
  keepPrevious,
  loadPrevious,
  loadPreview,
  loadSaved,
  loadSettings,
  saveSettings,
  saveState,
} from "./store.js";

// Where the discs stand before any game is loaded (shown while the engine starts).
const START_CELLS = "-".repeat(27) + "OX------XO" + "-".repeat(27);

const $ = (id) => document.getElementById(id);
const canvas = $("board");
const engine = new Engine({ onProgress: showProgress });
const ai = new Assistant({
  rules: engine,
  settings: loadSettings(),
  play: (transcript, move) => computerPlays(transcript, move),
  changed: () => renderAI(),
});

const page = {
  state: null, // last state the engine returned
  engineReady: false,
  busy: false,
  hover: null,
  cursor: null,
  anim: null,
  cancelAnim: () => {},
  timings: { boardDrawn: null, engineReady: null, lastMove: null },
};

let markReady;
const ready = new Promise((resolve) => {
  markReady = resolve;
});

// -- drawing ---------------------------------------------------------------------------

function draw() {
  const { ctx, geo } = fitCanvas(canvas);
  const s = page.state;
  drawBoard(ctx, geo, {
    cells: s ? s.cells : (loadPreview() ?? START_CELLS),
    legal: s && page.engineReady && !page.busy && !ai.computerToMove() ? s.legal : [],
    hints: hintSquares(),
    toMove: s?.toMove,
    lastMove: s?.lastMove ?? null,
    hover: page.hover,
    cursor: page.cursor,
    anim: page.anim,
  });
  canvas.classList.toggle("can-play", page.hover != null && !!s?.legal.includes(page.hover));
}

/** The hint values of the current position as [{sq, value, exact, best}], or null. */
function hintSquares() {
  const s = page.state;
  const h = ai.hints;
  if (!s || !h || h.transcript !== s.transcript || !ai.settings.hints || page.busy) return null;
  if (ai.computerToMove()) return null; // hints are for the human to move
  return s.legal
    .map((sq, i) => ({ sq, name: s.legalNames[i] }))
    .filter(({ name }) => name in h.values)
    .map(({ sq, name }) => ({ sq, value: h.values[name], exact: h.exact, best: name === h.best }));
}

function sideName(color) {
  return color === "black" ? "Black" : "White";
}

/** The AI part of the panel: thinking indicator, opening, graph, best line, settings. */
function renderAI() {
  const { computer, level, hints } = ai.settings;
  $("computer").value = computer ?? "off";
  $("level").value = String(level);
  $("hints").checked = hints;
  $("tagline").textContent = computer
    ? `Othello · you against the computer (${sideName(computer)}, level ${level} · ${LEVELS[level]})`
    : "Othello · two players, one device";
  const job = ai.thinking;
  $("thinking").hidden = !job;
  if (job) {
    const r = job.report;
    $("thinking-text").textContent = !r
      ? `${sideName(page.state?.toMove)} is thinking…`
      : r.book
        ? `Book move ${r.move}`
        : `Depth ${r.depth}${r.exact ? " (exact)" : ""} · best so far ${r.move} ${formatValue(r.score)}`;
  }
  $("ai-error").hidden = !ai.error;
  $("ai-error").textContent = ai.error ?? "";
  $("opening").textContent = ai.opening ? ai.opening.name : "—";
  $("opening").title = ai.opening ? ai.opening.moves : "";
  const line = $("best-line");
  const h = ai.hints;
  const showLine = !!(hintSquares() && h.pv.length);
  line.hidden = !showLine;
  if (showLine) {
    const value = formatValue(h.values[h.best]);
    line.textContent = `Best line: ${h.pv.join(" ")} (${h.exact ? "exact" : "estimate"} ${value})`;
  }
  drawGraph($("graph"), ai.evaluation());
  draw();
}

function changeSettings() {
  const computer = $("computer").value === "off" ? null : $("computer").value;
  const settings = { computer, level: Number($("level").value), hints: $("hints").checked };
  saveSettings(settings);
  ai.configure(settings);
  renderPanel();
  renderAI();
}

/** The computer's answer for `transcript`: played if the game is still there. */
function computerPlays(transcript, move) {
  if (page.state?.transcript !== transcript) return;
  request("othello_play", { transcript, move }, { animate: true });
}

function renderPanel() {
  const s = page.state;
  if (!s) return;
  $("count-black").textContent = String(s.counts.black);
  $("count-white").textContent = String(s.counts.white);
  $("player-black").classList.toggle("to-move", s.toMove === "black");
  $("player-white").classList.toggle("to-move", s.toMove === "white");
  $("status").textContent = s.status;
  $("undo").disabled = !canTakeBack(s);
  $("new-game").disabled = false;
  const list = $("moves");
  list.replaceChildren();
  let color = "black";
  s.moves.forEach((move, i) => {
    const item = document.createElement("li");
    const disc = document.createElement("span");
    disc.className = `disc ${color}`;
    item.append(disc, move);
    if (move === "pass") item.classList.add("pass");
    if (i === s.moves.length - 1) item.classList.add("last");
    list.append(item);
    color = color === "black" ? "white" : "black";
  });
  list.scrollTop = list.scrollHeight;
  canvas.setAttribute("aria-label", `Othello board. ${s.status}. Arrow keys move, Enter plays.`);
}

/** Whether Undo has something to take back: against the computer, a move of your own. */
function canTakeBack(s) {
  const computer = ai.settings.computer;
  if (!computer || !s.canUndo) return s.canUndo;
  return s.moves.some((move, i) => move !== "pass" && (i % 2 ? "white" : "black") !== computer);
}

/** Show a new state; animate when it follows a move. `clickedAt` times click-to-drawn. */
function show(state, { animate = false, clickedAt = null } = {}) {
  const before = page.state?.cells;
  page.state = state;
  page.cancelAnim();
  saveState(state);
  writeLink(state.link);
  renderPanel();
  if (animate) {
    page.cancelAnim = animateMove(before, state, (anim) => {
      page.anim = anim;
      draw();
    });
  } else {
    page.anim = null;
    page.cancelAnim = () => {};
    draw();
  }
  if (clickedAt != null) page.timings.lastMove = performance.now() - clickedAt;
  ai.update(state);
}

/** Show `text` (empty hides the notice), with an optional button `{label, run}`. */
function notice(text, action = null) {
  $("notice-text").textContent = text;
  $("notice").hidden = !text;
  const button = $("notice-action");
  button.hidden = !action;
  button.textContent = action?.label ?? "";
  button.onclick = action ? () => action.run() : null;
}

/** A link replaced `replaced` (a save string): keep it and offer the way back to it. */
function offerPrevious(replaced, opened) {
  if (!replaced || replaced === opened.save) return;
  keepPrevious(replaced);
  notice("Opened the game in the link. Your previous game is kept.", {
    label: "Back to it",
    run: () => returnToPrevious(),
  });
}

async function returnToPrevious() {
  const previous = loadPrevious();
  if (!previous || !page.engineReady || page.busy) return;
  page.busy = true;
  try {
    const state = await engine.call("open_saved", { text: previous });
    page.busy = false;
    keepPrevious(page.state.save); // and the linked game becomes the one to go back to
    notice("");
    show(state);
  } catch (err) {
    page.busy = false;
    notice(`Your previous game could not be opened: ${err.message}.`);
  }
}

// -- engine start-up -------------------------------------------------------------------

function showProgress({ text, fraction }) {
  $("loading-text").textContent = text;
  const bar = $("loading-bar");
  if (fraction == null) bar.removeAttribute("value");
  else bar.value = fraction;
}

async function firstState() {
  const link = readLink();
  let linkProblem = null;
  const saved = loadSaved();
  if (link) {
    try {
      const state = await engine.call("open_link", { fragment: link });
      offerPrevious(saved, state);
      return state;
    } catch (err) {
      linkProblem = capitalize(err.message);
    }
  }
  if (saved) {
    try {
      const state = await engine.call("open_saved", { text: saved });
      if (linkProblem) notice(`${linkProblem}. Showing your saved game instead.`);
      return state;
    } catch (err) {
      notice(`${linkProblem ? linkProblem + ". " : ""}${capitalize(err.message)}. Starting a new game.`);
      return engine.call("othello_new");
    }
  }
  if (linkProblem) notice(`${linkProblem}. Starting a new game.`);
  return engine.call("othello_new");
}

async function startEngine() {
  $("failure").hidden = true;
  $("loading").hidden = false;
  showProgress({ text: "Loading the game engine…", fraction: null });
  try {
    await engine.start();
    const state = await firstState();
    page.engineReady = true;
    page.timings.engineReady = performance.now();
    $("loading").hidden = true;
    ai.start();
    show(state);
    markReady();
    registerServiceWorker();
  } catch (err) {
    engine.stop();
    $("loading").hidden = true;
    $("failure-text").textContent =
      `The game engine could not load (${err.message}). ` +
      "Check your connection, then try again.";
    $("failure").hidden = false;
    $("status").textContent = "The game engine is not loaded.";
  }
}

function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  // A new build took over a page an older build served: the game is saved, so offer the
  // reload that brings the page up to date (its workers would otherwise mix the two builds).
  const updating = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!updating) return; // the first install, not an update
    notice("A new version of Flipside is ready. Your game is saved.", {
      label: "Reload",
      run: () => location.reload(),
    });
  });
  navigator.serviceWorker.register("sw.js").catch(() => {
    // No offline copy (e.g. served over plain http from another host): the game still works.
  });
}

// -- input ------------------------------------------------------------------------------

async function request(method, params, options = {}) {
  if (!page.engineReady || page.busy) return;
  page.busy = true;
  const base = page.state;
  try {
    const state = await engine.call(method, params);
    page.busy = false;
    if (page.state !== base) return; // another game was opened meanwhile (a link): it wins
    notice("");
    show(state, options);
  } catch (err) {
    page.busy = false;
    notice(capitalize(err.message) + ".");
    draw();
    if (page.state) ai.update(page.state); // the game goes on from the state still shown
  }
}

function play(square, clickedAt) {
  const s = page.state;
  if (!s || !page.engineReady || page.busy || ai.computerToMove()) return;
  const index = s.legal.indexOf(square);
  if (index < 0) return; // not a legal target: nothing happens
  request(
    "othello_play",
    { transcript: s.transcript, move: s.legalNames[index] },
    { animate: true, clickedAt },
  );
}

function pointerSquare(event) {
  const rect = canvas.getBoundingClientRect();
  const { geo } = fitCanvas(canvas);
  return squareAt(geo, event.clientX - rect.left, event.clientY - rect.top);
}

canvas.addEventListener("pointerdown", (event) => {
  if (event.button !== 0) return;
  const clickedAt = performance.now();
  const square = pointerSquare(event);
  if (square != null) play(square, clickedAt);
});

canvas.addEventListener("pointermove", (event) => {
  const square = pointerSquare(event);
  if (square !== page.hover) {
    page.hover = square;
    if (!page.anim) draw();
  }
});

canvas.addEventListener("pointerleave", () => {
  page.hover = null;
  if (!page.anim) draw();
});

canvas.addEventListener("keydown", (event) => {
  const steps = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -8, ArrowDown: 8 };
  if (event.key in steps) {
    event.preventDefault();
    const from = page.cursor ?? page.state?.legal[0] ?? 27;
    const col = (from % 8) + (Math.abs(steps[event.key]) === 1 ? steps[event.key] : 0);
    const row = Math.floor(from / 8) + (Math.abs(steps[event.key]) === 8 ? steps[event.key] / 8 : 0);
    page.cursor = Math.min(7, Math.max(0, row)) * 8 + Math.min(7, Math.max(0, col));
    canvas.setAttribute("aria-label", `Square ${squareLabel(page.cursor)}`);
    draw();
  } else if ((event.key === "Enter" || event.key === " ") && page.cursor != null) {
    event.preventDefault();
    play(page.cursor, performance.now());
  }
});

canvas.addEventListener("blur", () => {
  page.cursor = null;
  draw();
});

$("new-game").addEventListener("click", () => request("othello_new", {}));
$("undo").addEventListener("click", () => undo());
$("move-now").addEventListener("click", () => ai.moveNow());
for (const id of ["computer", "level", "hints"]) $(id).addEventListener("change", changeSettings);

/** Take back the last move; against the computer, back to your own last turn. */
async function undo() {
  if (!page.state || !page.engineReady || page.busy) return;
  page.busy = true;
  const base = page.state;
  try {
    let state = await engine.call("othello_undo", { transcript: page.state.transcript });
    // Against the computer, go back to your own turn, past its moves and any forced passes.
    while (ai.computerToMove(state) && state.canUndo) {
      state = await engine.call("othello_undo", { transcript: state.transcript });
    }
    page.busy = false;
    if (page.state !== base) return; // another game was opened meanwhile (a link): it wins
    notice("");
    show(state);
  } catch (err) {
    page.busy = false;
    notice(capitalize(err.message) + ".");
    draw();
    if (page.state) ai.update(page.state); // the game goes on from the state still shown
  }
}
$("retry").addEventListener("click", () => startEngine());
$("notice-close").addEventListener("click", () => notice(""));

window.addEventListener("hashchange", async () => {
  const link = readLink();
  if (!page.engineReady || link === page.state?.link) return;
  try {
    const state = await engine.call("open_link", { fragment: link });
    notice("");
    offerPrevious(page.state?.save, state);
    show(state);
  } catch (err) {
    notice(`${capitalize(err.message)}. Your game is unchanged.`);
    writeLink(page.state.link);
  }
});

new ResizeObserver(() => draw()).observe(canvas);
new ResizeObserver(() => drawGraph($("graph"), ai.evaluation())).observe($("graph"));

function capitalize(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// -- scripting surface (tests, automation) ----------------------------------------------

function boardRect() {
  const rect = canvas.getBoundingClientRect();
  const { margin, cell } = fitCanvas(canvas).geo;
  return { x: rect.left + margin, y: rect.top + margin, width: 8 * cell, height: 8 * cell };
}

window.flipside = {
  ready,
  engine,
  snapshot() {
    const s = page.state;
    return {
      game: s?.game ?? "othello",
      position: s?.position ?? null,
      toMove: s?.toMove ?? null,
      moves: s ? [...s.moves] : [],
      legal: s ? [...s.legalNames] : [],
      transcript: s?.transcript ?? "",
      counts: s ? { ...s.counts } : null,
      status: $("status").textContent,
      notice: $("notice").hidden ? null : $("notice-text").textContent,
      over: s?.over ?? false,
      ready: page.engineReady,
      busy: page.busy || page.anim != null,
      boardRect: boardRect(),
      timings: { ...page.timings },
      // The AI: settings, search in progress, hints, opening name, evaluation graph.
      computer: ai.settings.computer,
      level: ai.settings.level,
      hintMode: ai.settings.hints,
      thinking: ai.thinking !== null,
      thought: ai.thinking?.report ?? null,
      searchReady: ai.search.ready,
      aiError: ai.error,
      hints: hintSquares() ? { ...ai.hints.values } : null,
      hintsExact: hintSquares() ? ai.hints.exact : null,
      bestLine: hintSquares() ? [...ai.hints.pv] : null,
      opening: ai.opening?.name ?? null,
      evaluation: ai.evaluation().map((p) => (p ? p.value : null)),
    };
  },
};

// -- go -----------------------------------------------------------------------------------

renderAI();
page.timings.boardDrawn = performance.now();
startEngine();
