// Page wiring: what happens on each event. The view draws what the engine returns and
// collects input; every rule, notation, link and saved game is handled by Python. Nothing
// here is particular to one game: each game's drawing and input live in js/games/<game>.js.

import { pageErrors } from "./errors.js"; // first: it records errors from here on
import { engine, showProgress, started } from "./boot.js"; // the engine, already starting
import { Assistant } from "./ai.js";
import { afterMove, announce } from "./announce.js";
import { animateMove } from "./anim.js";
import { fitCanvas, formatValue, squareAt, squareLabel } from "./board.js";
import { Clocks, formatClock } from "./clock.js";
import { chooseNewGame } from "./dialog.js";
import { othello } from "./games/othello.js";
import { targetsOf, themisto } from "./games/themisto.js";
import { drawGraph } from "./graph.js";
import { initEditor } from "./editor.js";
import { initStudy } from "./study.js";
import { History } from "./history.js";
import { readLink, writeLink } from "./link.js";
import {
  keepPrevious,
  loadGame,
  loadPrevious,
  loadPreview,
  loadSaved,
  loadSettings,
  saveSettings,
  saveState,
} from "./store.js";

const VIEWS = { othello, themisto };
// Where the pieces stand before any game is loaded (shown while the engine starts).
const START_CELLS = {
  othello: "-".repeat(27) + "OX------XO" + "-".repeat(27),
  themisto: "XOXOXOXOO------XX------OO------XX------OO------XX------OOXOXOXOX",
};

const $ = (id) => document.getElementById(id);
const canvas = $("board");
const moveHistory = new History(engine);
const clocks = new Clocks({ onFlag: (side) => timeRanOut(side), onTick: () => renderClocks() });
const ai = new Assistant({
  settings: settingsOf(loadGame()),
  play: (record, move) => computerPlays(record, move),
  changed: () => renderAI(),
  budget: () => computerBudget(),
});

const page = {
  state: null, // last state the engine returned
  view: VIEWS[loadGame()], // the game's view module
  ui: VIEWS[loadGame()].newUI(), // the view's own state (Themisto: the selected disk)
  settingsGame: loadGame(), // the game whose AI settings the assistant holds
  engineReady: false,
  busy: false,
  queued: null, // a square clicked while an answer was pending: played after it
  hover: null,
  cursor: null,
  drag: null, // the square a pointer went down on
  anim: null,
  cancelAnim: () => {},
  timings: { boardDrawn: null, engineReady: null, lastMove: null },
};

let markReady;
const ready = new Promise((resolve) => {
  markReady = resolve;
});

// -- drawing ---------------------------------------------------------------------------

/** The state on screen: an earlier ply while the player looks back, else the live game. */
function shownState() {
  return moveHistory.shown ?? page.state;
}

function canAct() {
  const s = shownState();
  return !!s && page.engineReady && !page.busy && !s.over && !ai.computerToMove(s);
}

function draw() {
  const { ctx, geo } = fitCanvas(canvas);
  const s = shownState();
  page.view.draw(ctx, geo, {
    state: s,
    cells: s ? s.cells : (loadPreview() ?? START_CELLS[page.view.id]),
    legal: canAct() ? s.legal : [],
    hints: hintSquares(),
    hover: page.hover,
    cursor: page.cursor,
    anim: page.anim,
    ui: page.ui,
  });
  const active = page.hover != null && canAct() && page.view.active(page.hover, s, page.ui);
  canvas.classList.toggle("can-play", active);
}

/** The hints of the current position as the view's marks ([{sq, value, exact, best}]), or
 *  null when there are none to show. */
function hintSquares() {
  const s = shownState();
  const h = ai.hints;
  if (!s || !h || h.record !== s.record || !ai.settings.hints || page.busy) return null;
  if (ai.computerToMove(s)) return null; // hints are for the human to move
  return page.view.hintMarks(s, page.ui, h);
}

/** The AI settings saved for `game` (checked against its sides and levels). */
function settingsOf(game) {
  const view = VIEWS[game];
  return loadSettings(game, Object.keys(view.sides), Math.max(...Object.keys(view.levels).map(Number)));
}

/** The panel's computer and level menus, rebuilt for the game on screen. */
function fillMenus() {
  const view = page.view;
  const menu = $("computer");
  if (menu.dataset.game === view.id) return;
  menu.dataset.game = view.id;
  const option = (value, text) => Object.assign(document.createElement("option"), { value, textContent: text });
  menu.replaceChildren(
    option("off", "Off (2 players)"),
    ...Object.keys(view.sides).reverse().map((side) => option(side, view.sides[side])),
  );
  $("level").replaceChildren(...Object.entries(view.levels).map(([n, name]) => option(n, `${n} · ${name}`)));
}

function sideName(side) {
  return page.view.sides[side] ?? side;
}

/** The AI part of the panel: thinking indicator, opening, graph, best line, settings. */
function renderAI() {
  const { computer, level, hints } = ai.settings;
  const view = page.view;
  const withAI = view.hasAI;
  fillMenus();
  $("opponent-settings").hidden = !withAI;
  $("analysis").hidden = !withAI;
  $("opening-section").hidden = !view.hasOpening;
  $("graph-legend").textContent = view.graph.legend;
  $("computer").value = computer ?? "off";
  $("level").value = String(level);
  $("hints").checked = hints;
  $("tagline").textContent =
    computer && withAI
      ? `${page.view.title} · you against the computer (${sideName(computer)}, level ${level} · ${view.levels[level]})`
      : `${page.view.title} · two players, one device`;
  const job = ai.thinking;
  $("thinking").hidden = !job;
  if (job) {
    const r = job.report;
    $("thinking-text").textContent = !r
      ? `${sideName(page.state?.toMove)} is thinking…`
      : r.book
        ? `Book move ${r.move}`
        : r.verdict
          ? `Depth ${r.depth} · ${r.move}: ${r.verdict}`
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
    const value = h.verdict ?? `${h.exact ? "exact" : "estimate"} ${h.labels?.[h.best] ?? formatValue(h.values[h.best])}`;
    line.textContent = `Best line: ${h.pv.join(" ")} (${value})`;
  }
  if (withAI) drawGraph($("graph"), ai.evaluation(), view.graph.ahead, graphMarker());
  renderPlayers();
  draw();
}

function changeSettings() {
  const computer = $("computer").value === "off" ? null : $("computer").value;
  const settings = { ...ai.settings, computer, level: Number($("level").value), hints: $("hints").checked };
  saveSettings(page.view.id, settings);
  ai.configure(settings);
  renderPanel();
  renderAI();
}

/** The computer's answer for `record`: played if the game is still there. */
function computerPlays(record, move) {
  if (page.state?.record !== record) return;
  request("play", { record, move }, { animate: !moveHistory.viewing, keepView: true });
}

/** Seconds the computer may think when a clock runs (else null: the level's budget). */
function computerBudget() {
  const s = page.state;
  if (!clocks.active || !s?.toMove) return null;
  const empties = [...s.cells].filter((c) => c === "-").length;
  return clocks.budget(s.toMove, empties, page.view.levelSeconds[ai.settings.level] ?? 2.4);
}

/** Who plays each side, for the panel: "you", "computer" or nothing (two players). */
function roleOf(side) {
  const computer = page.view.hasAI ? ai.settings.computer : null;
  if (!computer) return "";
  return side === computer ? "computer" : "you";
}

function renderPlayers() {
  const s = shownState();
  const sides = s?.sides ?? Object.keys(page.view.sides);
  sides.forEach((side, i) => {
    $(`player-${i}`).classList.toggle("to-move", s?.toMove === side);
    $(`player-${i}`).classList.toggle("winner", !!s?.over && s.result?.winner === side);
    $(`player-${i}`).dataset.side = side;
    $(`name-${i}`).textContent = sideName(side);
    page.view.mark($(`disc-${i}`), side);
    const rules = page.view.sideRules?.[side] ?? "";
    $(`role-${i}`).textContent = [roleOf(side), rules].filter(Boolean).join(" · ");
    const count = $(`count-${i}`);
    count.hidden = !page.view.showsCounts;
    if (s && page.view.showsCounts) count.textContent = String(s.counts[side]);
    const supply = $(`supply-${i}`);
    supply.hidden = !s?.extra?.supply;
    if (s?.extra?.supply) {
      supply.textContent = `${s.extra.supply[side]} left`;
      supply.title = `Discs left in ${sideName(side)}'s supply`;
    }
  });
}

function renderClocks() {
  const times = clocks.snapshot();
  const sides = page.state?.sides ?? [];
  sides.forEach((side, i) => {
    const el = $(`clock-${i}`);
    el.hidden = !times;
    if (!times) return;
    el.textContent = formatClock(times[side]);
    el.classList.toggle("running", clocks.running === side);
    el.classList.toggle("low", times[side] < 10_000);
    el.setAttribute("aria-label", `${sideName(side)}'s clock: ${formatClock(times[side])}`);
  });
}

function renderSeries() {
  const series = page.state?.extra?.series ?? null;
  $("series-panel").hidden = !series;
  if (!series) return;
  const name = (player) => seriesPlayerName(player);
  $("series-goal").textContent = `(first to ${series.target} ${series.kind})`;
  const score = `${name("A")} ${series.score.A} – ${series.score.B} ${name("B")}`;
  $("series-score").textContent = series.over
    ? `${name(series.winner)} wins the series, ${score}`
    : `${score} · game ${series.number}: ${name(series.black)} plays Black`;
  const list = $("series-games");
  list.replaceChildren(
    ...series.games.map((g) => {
      const item = document.createElement("li");
      const winner = g.winner ? `${name(g.winner)} wins` : "draw";
      item.textContent = `Game ${g.number}: ${name(g.black)} Black, ${g.score[0]}–${g.score[1]} (${winner})`;
      return item;
    }),
  );
  $("next-game").hidden = !(page.state.over && !series.over);
}

/** "You" / "Computer" against the computer, else "Player A" / "Player B". */
function seriesPlayerName(player) {
  const you = ai.settings.you ?? "A";
  if (!page.view.hasAI || !ai.settings.computer) return `Player ${player}`;
  return player === you ? "You" : "Computer";
}

function renderPanel() {
  const live = page.state;
  const s = shownState();
  if (!s) return;
  renderPlayers();
  renderClocks();
  renderSeries();
  $("status").textContent = s.status;
  $("undo").disabled = !canTakeBack(live);
  $("redo").disabled = !moveHistory.redoStack.length;
  $("new-game").disabled = false;
  $("share").disabled = $("edit-board").disabled = false;
  $("pass").hidden = !(s.extra?.canPass && !ai.computerToMove(s));
  $("move-input").placeholder = page.view.moveExample;
  renderMoveList(live, moveHistory.plyOf(live));
  renderHistory(live);
  canvas.setAttribute("aria-label", `${page.view.title} board. ${s.status}. Arrow keys move, Enter plays.`);
  renderChoice();
}

/** The move list: one button per move (it shows the position after that move). */
function renderMoveList(live, ply) {
  const list = $("moves");
  list.replaceChildren();
  live.moves.forEach((move, i) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.dataset.ply = String(i + 1);
    const mark = document.createElement("span");
    page.view.mark(mark, move.by);
    mark.setAttribute("aria-hidden", "true");
    // Its name is what it shows plus, for a screen reader, the move number, side and note.
    const said = (text) => Object.assign(document.createElement("span"), { className: "visually-hidden", textContent: text });
    button.append(mark, said(`Move ${i + 1}, ${sideName(move.by)}: `), move.text);
    if (move.note) button.append(said(`, ${move.note}`));
    item.append(button);
    if (move.note) {
      const note = document.createElement("span");
      note.className = "note";
      note.textContent = move.note;
      note.setAttribute("aria-hidden", "true");
      item.append(note);
    }
    if (move.text === "pass") item.classList.add("pass");
    if (i === live.moves.length - 1) item.classList.add("last");
    if (i + 1 === ply) {
      item.classList.add("current");
      button.setAttribute("aria-current", "step");
    }
    list.append(item);
  });
  const current = list.querySelector(".current");
  if (current && moveHistory.viewing) {
    list.scrollTop = current.offsetTop - list.offsetTop - list.clientHeight / 2;
  } else {
    list.scrollTop = list.scrollHeight;
  }
}

/** The history controls and the "not live" banner under the board. */
function renderHistory(live) {
  const ply = moveHistory.plyOf(live);
  const plies = live.moves.length;
  $("history-start").disabled = ply === 0;
  $("history-back").disabled = ply === 0;
  $("history-forward").disabled = ply >= plies;
  $("history-end").disabled = ply >= plies;
  const marker = $("live-marker");
  marker.textContent = moveHistory.viewing ? `Move ${ply} of ${plies}` : "Live";
  marker.classList.toggle("behind", moveHistory.viewing);
  $("history-banner").hidden = !moveHistory.viewing;
  $("history-banner-text").textContent = moveHistory.viewing
    ? `Viewing ${ply ? `move ${ply}` : "the start"} of ${plies}: not the live position.`
    : "";
}

/** Where the graph marks the position on screen (its number of placed moves), or null. */
function graphMarker() {
  if (!moveHistory.viewing || !page.state) return null;
  return ai.prefixes({ prefixes: page.state.prefixes.slice(0, moveHistory.shown.ply) }).length;
}

/** Whether Undo has something to take back: against the computer, a move of your own. */
function canTakeBack(s) {
  const computer = page.view.hasAI ? ai.settings.computer : null;
  if (!computer || !s.canUndo) return s.canUndo;
  return s.moves.some((move) => move.text !== "pass" && move.by !== computer);
}

/** Show a new state; animate when it follows a move. `clickedAt` times click-to-drawn. */
function show(
  state,
  { animate = false, clickedAt = null, continued = false, settings = null, keepView = false, keepRedo = false } = {},
) {
  const before = shownState()?.cells;
  if (!keepRedo) moveHistory.clearRedo();
  if (!keepView) moveHistory.reset();
  if (settings) ai.use(settings);
  else if (state.game !== page.settingsGame) ai.use(settingsOf(state.game));
  page.settingsGame = state.game;
  page.view = VIEWS[state.game];
  for (const game of Object.keys(VIEWS)) $(`switch-${game}`).setAttribute("aria-pressed", String(game === state.game));
  page.state = state;
  page.ui = page.view.newUI();
  page.cancelAnim();
  saveState(state);
  writeLink(shownState().link);
  clocks.update(state, continued);
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
  ai.showing(moveHistory.shown);
  ai.update(state);
  renderAI();
  if (moveHistory.viewing) stepTo(moveHistory.shown.ply); // the live game grew: the same ply, new tail
  else if (state.ply != null && state.ply < state.moves.length) stepTo(state.ply); // a link's ply
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

async function firstState() {
  const link = readLink();
  let linkProblem = null;
  const saved = loadSaved();
  if (link) {
    try {
      const state = await engine.call("open_link", { fragment: link });
      offerPrevious(loadSaved(state.game), state);
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
      return engine.call("new", { game: loadGame() });
    }
  }
  if (linkProblem) notice(`${linkProblem}. Starting a new game.`);
  return engine.call("new", { game: loadGame() });
}

let starting = started; // the first start began in boot.js; a retry starts anew

async function startEngine() {
  $("failure").hidden = true;
  $("loading").hidden = false;
  let start = starting;
  starting = null;
  if (!start) {
    showProgress({ text: "Loading the game engine…", fraction: null });
    start = engine.start();
  }
  try {
    await start;
    const state = await firstState();
    page.engineReady = true;
    page.timings.engineReady = performance.now();
    $("loading").hidden = true;
    show(state);
    startSearchWorker();
    markReady();
    registerServiceWorker();
  } catch (err) {
    engine.stop();
    $("loading").hidden = true;
    $("failure-text").textContent =
      `The game engine could not load (${err.message}). ` + "Check your connection, then try again.";
    $("failure").hidden = false;
    $("status").textContent = "The game engine is not loaded.";
  }
}

/** The search worker (the computer, hints, graph) starts at once when the computer is to
 *  move or hints are on, otherwise when the page is idle after the first frames, so that its
 *  start (a second Python) does not compete with the player's first click. */
function startSearchWorker() {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    ai.start();
    if (page.state) ai.update(page.state);
  };
  if (ai.computerToMove() || ai.settings.hints) return start();
  setTimeout(start, 1500);
  canvas.addEventListener("pointerdown", () => setTimeout(start, 400), { once: true });
}

// A page put in the back/forward cache keeps its workers in WebKit: two Pythons that would
// compete with the next page's start (a repeat visit took 14 s instead of 3 there). It
// gives them up when hidden that way, and reloads if it is shown again (the game is saved).
window.addEventListener("pagehide", (event) => {
  if (!event.persisted) return;
  engine.worker?.terminate();
  ai.search.engine?.worker?.terminate();
});
window.addEventListener("pageshow", (event) => {
  if (event.persisted) location.reload();
});

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
    show(state, { continued: true, ...options });
    if (method === "play") announce(afterMove(state));
    else if (method === "flag") announce(`${state.status}.`);
  } catch (err) {
    page.busy = false;
    notice(capitalize(err.message) + ".");
    draw();
    if (page.state) ai.update(page.state); // the game goes on from the state still shown
  }
  playQueued();
}

/** A square clicked while an answer was pending is played now (or told why not). */
function playQueued() {
  const queued = page.queued;
  page.queued = null;
  if (!queued) return;
  if (shownState()?.over || ai.computerToMove(shownState())) {
    notice(`Your click on ${squareLabel(queued.square)} came while the board was changing: it was not played.`);
    return;
  }
  pressSquare(queued.square, queued.clickedAt);
}

/** A click, tap, drag end or Enter on `sq`: what it means is the game view's business. */
function pressSquare(sq, clickedAt) {
  const s = shownState();
  if (!s || !page.engineReady || s.over || ai.computerToMove(s)) return;
  if (page.busy) {
    page.queued = { square: sq, clickedAt }; // answered in turn, never dropped silently
    return;
  }
  const action = page.view.click(sq, s, page.ui);
  if (!action) return;
  if (action.move) {
    page.ui = page.view.newUI();
    playMove(action.move, clickedAt);
  } else if (action.choice) {
    page.ui.choice = action.choice;
    renderChoice();
    draw();
    $("choose-capture").focus();
  } else if ("select" in action) {
    page.ui.selected = action.select;
    page.ui.choice = null;
    renderChoice();
    draw();
  }
}

/** Themisto's capture choice: which disks the capture would turn over, two buttons. */
function renderChoice() {
  const choice = page.ui?.choice;
  $("capture-choice").hidden = !choice;
  if (!choice) return;
  const names = choice.captures.map(squareLabel).join(" ");
  const n = choice.captures.length;
  $("capture-text").textContent = `${squareLabel(choice.from)} to ${squareLabel(choice.to)}: capture?`;
  $("choose-capture").textContent = `Capture ${n} disk${n === 1 ? "" : "s"} (${names})`;
  $("choose-plain").textContent = "Slide only";
}

function choose(capture) {
  const choice = page.ui.choice;
  if (!choice || !page.state) return;
  page.ui = page.view.newUI();
  renderChoice();
  playMove(capture ? choice.capture : choice.plain);
  canvas.focus();
}

function cancelSelection() {
  if (page.ui.selected == null && !page.ui.choice) return;
  page.ui = page.view.newUI();
  renderChoice();
  draw();
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
  page.drag = square;
  if (square != null) pressSquare(square, clickedAt);
});

canvas.addEventListener("pointerup", (event) => {
  // A drag: a disk picked up on one square and let go on another plays there.
  const start = page.drag;
  page.drag = null;
  const square = pointerSquare(event);
  if (start == null || square == null || square === start || page.ui.selected !== start) return;
  if (targetsOf(page.state, start).some((t) => t.to === square)) pressSquare(square, performance.now());
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
    const from = page.cursor ?? page.view.cursorStart(page.state, page.ui);
    const step = steps[event.key];
    const col = (from % 8) + (Math.abs(step) === 1 ? step : 0);
    const row = Math.floor(from / 8) + (Math.abs(step) === 8 ? step / 8 : 0);
    page.cursor = Math.min(7, Math.max(0, row)) * 8 + Math.min(7, Math.max(0, col));
    const words = page.view.describe(page.cursor, shownState(), page.ui);
    canvas.setAttribute("aria-label", words);
    announce(words);
    draw();
  } else if ((event.key === "Enter" || event.key === " ") && page.cursor != null) {
    event.preventDefault();
    pressSquare(page.cursor, performance.now());
  } else if (event.key === "Escape") {
    cancelSelection();
  } else if (/^[a-h]$/i.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
    // Typing a move on the board goes on in the move box ("f5", "c1-c3x").
    event.preventDefault();
    $("move-input").value = event.key;
    $("move-input").focus();
  }
});

canvas.addEventListener("blur", () => {
  page.cursor = null;
  draw();
});

$("choose-capture").addEventListener("click", () => choose(true));
$("choose-plain").addEventListener("click", () => choose(false));
$("capture-choice").addEventListener("keydown", (event) => {
  if (event.key === "Escape") {
    event.preventDefault();
    cancelSelection();
    canvas.focus();
  }
});
$("pass").addEventListener("click", () => {
  if (shownState()?.extra?.canPass && canAct()) playMove("pass");
});

$("new-game").addEventListener("click", () => newGame());
for (const game of Object.keys(VIEWS)) $(`switch-${game}`).addEventListener("click", () => switchGame(game));
$("next-game").addEventListener("click", () => nextSeriesGame());
$("undo").addEventListener("click", () => undo());
$("move-now").addEventListener("click", () => ai.moveNow());
$("rules").addEventListener("click", () => showRules());
$("rules-close").addEventListener("click", () => $("rules-dialog").close());
for (const id of ["computer", "level", "hints"]) $(id).addEventListener("change", changeSettings);

/** The New game dialog, then the new game (the game replaced stays in its own save). */
async function newGame() {
  if (!page.engineReady) return;
  const levels = Object.fromEntries(Object.entries(VIEWS).map(([id, v]) => [id, v.hasAI ? v.levels : null]));
  const resumable = Object.keys(VIEWS).filter((game) => game !== page.state?.game && loadSaved(game));
  const chosen = await chooseNewGame(levels, resumable);
  if (!chosen) return;
  if (chosen.resume) return switchGame(chosen.resume);
  const view = VIEWS[chosen.game];
  let first = chosen.first;
  let toss = "";
  if (first === "toss") {
    first = crypto.getRandomValues(new Uint8Array(1))[0] & 1 ? "first" : "second";
    const [one, two] = Object.keys(view.sides);
    const mine = first === "first" ? one : two;
    const who = chosen.opponent === "computer" ? "you play" : "the first player to sit down plays";
    toss = `The coin toss: ${who} ${view.sides[mine]}.`;
  }
  const [firstSide, secondSide] = Object.keys(view.sides);
  const computer = chosen.opponent === "computer" && view.hasAI ? (first === "first" ? secondSide : firstSide) : null;
  const settings = { ...settingsOf(chosen.game), computer, level: chosen.level, you: first === "first" ? "A" : "B" };
  page.busy = false;
  page.queued = null;
  try {
    const state = await engine.call("new", { game: chosen.game, options: chosen.options });
    saveSettings(chosen.game, settings);
    notice(toss);
    show(state, { settings });
  } catch (err) {
    notice(`${capitalize(err.message)}. Your game is unchanged.`);
  }
}

/** Go to `game`: its saved game (each game keeps its own), or a new one. */
async function switchGame(game) {
  if (!page.engineReady || page.busy || page.state?.game === game) return;
  page.busy = true;
  const saved = loadSaved(game);
  let state = null;
  let problem = "";
  try {
    if (saved) state = await engine.call("open_saved", { text: saved });
  } catch (err) {
    problem = `${capitalize(err.message)}. Starting a new ${VIEWS[game].title} game.`;
  }
  try {
    state ??= await engine.call("new", { game });
  } catch (err) {
    page.busy = false;
    notice(`${capitalize(err.message)}. Your game is unchanged.`);
    return;
  }
  page.busy = false;
  notice(problem);
  show(state);
}

/** The next game of a series: colours swap, so the computer (if any) changes side too. */
async function nextSeriesGame() {
  const s = page.state;
  if (!s?.extra?.series || !page.engineReady || page.busy) return;
  page.busy = true;
  try {
    const state = await engine.call("next_game", { record: s.record });
    page.busy = false;
    if (ai.settings.computer) {
      const you = ai.settings.you ?? "A";
      const computer = state.extra.series.black === you ? "white" : "black";
      const settings = { ...ai.settings, computer };
      saveSettings(state.game, settings);
      ai.use(settings);
    }
    notice("");
    show(state);
  } catch (err) {
    page.busy = false;
    notice(capitalize(err.message) + ".");
  }
}

/** A clock reached zero: the facade ends the game (the side to move loses). */
async function timeRanOut(side) {
  const s = page.state;
  if (!s || s.over || s.toMove !== side) return;
  const wait = () => new Promise((resolve) => setTimeout(resolve, 20));
  while (page.busy) await wait();
  if (page.state !== s) return;
  await request("flag", { record: s.record, side });
}

function showRules() {
  for (const id of Object.keys(VIEWS)) $(`rules-${id}`).hidden = id !== page.view.id;
  $("rules-title").textContent = `Rules of ${page.view.title}`;
  $("rules-dialog").showModal();
}

/** Take back the last move; against the computer, back to your own last turn. */
async function undo() {
  if (!page.state || !page.engineReady || page.busy) return;
  page.busy = true;
  const base = page.state;
  try {
    let state = await engine.call("undo", { record: page.state.record });
    // Against the computer, go back to your own turn, past its moves and any forced passes.
    while (ai.computerToMove(state) && state.canUndo) {
      state = await engine.call("undo", { record: state.record });
    }
    page.busy = false;
    if (page.state !== base) return; // another game was opened meanwhile (a link): it wins
    notice("");
    moveHistory.pushRedo(base.record);
    show(state, { continued: true, keepRedo: true });
    announce(`Took back. ${state.status}.`);
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
  if (!page.engineReady || link === page.state?.link || link === shownState()?.link) return;
  try {
    const state = await engine.call("open_link", { fragment: link });
    notice("");
    offerPrevious(page.state?.save, state);
    show(state);
  } catch (err) {
    notice(`${capitalize(err.message)}. Your game is unchanged.`);
    writeLink(shownState().link);
  }
});

new ResizeObserver(() => draw()).observe(canvas);
new ResizeObserver(() => drawGraph($("graph"), ai.evaluation(), page.view.graph.ahead, graphMarker())).observe(
  $("graph"),
);

function capitalize(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// -- study and share: import / export / WTHOR (study.js), the board editor (editor.js) ----

/** Open `state` (an import, a WTHOR game, an edited position) as a new game; the game it
 *  replaces stays restorable ("Back to it"), as with links. Analyse: no computer, hints on;
 *  otherwise the game's computer settings stay as they are. */
function openGame(state, label, { analyse = false } = {}) {
  const replaced = page.state?.save;
  const base = settingsOf(state.game);
  const settings = analyse ? { ...base, computer: null, hints: true } : base;
  saveSettings(state.game, settings);
  show(state, { settings });
  if (replaced && replaced !== state.save) {
    keepPrevious(replaced);
    notice(`Opened ${label}. Your previous game is kept.`, { label: "Back to it", run: () => returnToPrevious() });
  } else notice(`Opened ${label}.`);
}

const studyHooks = {
  call: (method, params) => engine.call(method, params),
  shownState,
  openGame,
  canAct: () => page.engineReady && !page.busy,
};
initStudy(studyHooks);
initEditor(studyHooks);

// -- scripting surface (tests, automation) ----------------------------------------------

function boardRect() {
  const rect = canvas.getBoundingClientRect();
  const { margin, cell } = fitCanvas(canvas).geo;
  return { x: rect.left + margin, y: rect.top + margin, width: 8 * cell, height: 8 * cell };
}

/** The legal moves of the position on screen (Othello's names, Themisto's movable disks). */
function legalOnScreen() {
  const s = shownState();
  if (!s) return [];
  return s.game === "othello" ? [...s.legalNames] : s.legal.map(squareLabel);
}

window.flipside = {
  ready,
  engine,
  snapshot() {
    const s = page.state;
    const choice = page.ui?.choice;
    return {
      game: s?.game ?? page.view.id,
      record: s?.record ?? null,
      position: s?.position ?? null,
      toMove: s?.toMove ?? null,
      moves: s ? s.moves.map((m) => m.text) : [],
      // The position on screen (an earlier ply while looking back) and what was announced.
      ply: s ? moveHistory.plyOf(s) : 0,
      live: !moveHistory.viewing,
      shownRecord: shownState()?.record ?? null,
      shownCells: shownState()?.cells ?? null,
      shownLink: shownState()?.link ?? null,
      canRedo: moveHistory.redoStack.length > 0,
      announced: $("announcer").textContent,
      legal: legalOnScreen(),
      transcript: s?.game === "othello" ? s.extra.transcript : (s?.moves.map((m) => m.text).join(" ") ?? ""),
      counts: s ? { ...s.counts } : null,
      status: $("status").textContent,
      result: s?.result ?? null,
      link: s?.link ?? null,
      notice: $("notice").hidden ? null : $("notice-text").textContent,
      over: s?.over ?? false,
      ready: page.engineReady,
      busy: page.busy || page.anim != null,
      boardRect: boardRect(),
      timings: { ...page.timings },
      selected: page.ui?.selected != null ? squareLabel(page.ui.selected) : null,
      targets: targetsOf(s, page.ui?.selected).map((t) => squareLabel(t.to)),
      choice: choice
        ? { plain: choice.plain, capture: choice.capture, captures: choice.captures.map(squareLabel) }
        : null,
      row: (s?.extra?.row ?? []).map(squareLabel),
      clocks: clocks.snapshot(),
      series: s?.extra?.series ?? null,
      supply: s?.extra?.supply ?? null,
      // The AI: settings, search in progress, hints, opening name, evaluation graph.
      computer: ai.settings.computer,
      level: ai.settings.level,
      hintMode: ai.settings.hints,
      thinking: ai.thinking !== null,
      thought: ai.thinking?.report ?? null,
      searchReady: ai.search.ready,
      // "shared": the search worker instantiated the rules worker's compiled runtime.
      searchRuntime: ai.search.engine?.info?.runtime ?? null,
      aiError: ai.error,
      hints: hintSquares() ? { ...ai.hints.values } : null,
      hintsExact: hintSquares() ? ai.hints.exact : null,
      hintMarks: (hintSquares() ?? []).map((h) => ({
        square: squareLabel(h.sq),
        label: h.ring ? null : (h.label ?? formatValue(h.value)),
        best: !!h.best,
        ring: !!h.ring,
      })),
      bestLineText: $("best-line").hidden ? null : $("best-line").textContent,
      bestLine: hintSquares() ? [...ai.hints.pv] : null,
      opening: ai.opening?.name ?? null,
      evaluation: ai.evaluation().map((p) => (p ? p.value : null)),
      // What went wrong in the page (errors.js), and every resource it loaded.
      errors: [...pageErrors],
      resources: performance.getEntriesByType("resource").map((entry) => entry.name),
    };
  },
};

// -- history, redo, typed moves ------------------------------------------------------------

/** Play `move` (a name the facade listed, or typed text) in the position on screen. Played
 *  in an earlier position, it starts a new line there: after a confirmation when it drops
 *  later moves, and as a plain step forward when it is the move the game went on with. */
async function playMove(move, clickedAt = performance.now()) {
  const live = page.state;
  const shown = shownState();
  if (!shown || !page.engineReady) return;
  if (moveHistory.viewing) {
    const ply = moveHistory.shown.ply;
    if (live.moves[ply]?.text === move) return stepTo(ply + 1);
    const dropped = live.moves.length - ply;
    const ok = await confirmDrop(dropped);
    if (!ok || page.state !== live || shownState() !== shown) return;
  }
  await request("play", { record: shown.record, move }, { animate: true, clickedAt });
}

/** Ask before a move in an earlier position drops the game's later moves. */
function confirmDrop(dropped) {
  const dialog = $("confirm-dialog");
  $("confirm-text").textContent =
    `Playing here starts a new line from this position: the ${dropped} later move${dropped === 1 ? "" : "s"} ` +
    "of the game will be dropped (Undo takes the new move back, Redo is not possible).";
  dialog.returnValue = "";
  dialog.showModal();
  $("confirm-ok").focus();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok"), { once: true });
  });
}

/** Steps under way: the ply the latest one goes to, so that quick presses add up. */
const steps = { latest: 0, target: null };

/** Show ply `ply` of the live game (its last ply: the live position itself). */
async function stepTo(ply) {
  const live = page.state;
  if (!live || !page.engineReady) return;
  const request = ++steps.latest;
  steps.target = Math.max(0, Math.min(live.moves.length, ply));
  let shown;
  try {
    shown = await moveHistory.stateAt(live, steps.target);
  } catch (err) {
    if (request === steps.latest) steps.target = null;
    notice(`${capitalize(err.message)}.`);
    return;
  }
  if (request !== steps.latest) return; // a later step (a quick second click) decides
  steps.target = null;
  if (page.state !== live) return; // the game changed meanwhile
  const changed = shown !== moveHistory.shown;
  moveHistory.shown = shown;
  if (!changed) return;
  page.ui = page.view.newUI();
  page.cursor = null;
  page.cancelAnim();
  page.anim = null;
  writeLink(shownState().link);
  renderPanel();
  ai.showing(moveHistory.shown);
  ai.update(live);
  renderAI();
  const s = shownState();
  const at = moveHistory.plyOf(live);
  const where = at === 0 ? "Start position." : `Move ${at} of ${live.moves.length}: ${s.said || live.moves[at - 1].text}.`;
  announce(`${where} ${moveHistory.viewing ? s.status + "." : "Live position. " + s.status + "."}`);
}

/** One move back or forward from the position on screen. */
function step(delta) {
  if (page.state) stepTo((steps.target ?? moveHistory.plyOf(page.state)) + delta);
}

/** Bring back what Undo took back. */
async function redo() {
  const record = moveHistory.redoStack.at(-1);
  if (!record || !page.engineReady || page.busy) return;
  page.busy = true;
  try {
    const state = await engine.call("state", { record });
    page.busy = false;
    moveHistory.popRedo();
    notice("");
    show(state, { continued: true, keepRedo: true });
    announce(`Redone. ${afterMove(state)}`);
  } catch (err) {
    page.busy = false;
    notice(capitalize(err.message) + ".");
  }
}

$("moves").addEventListener("click", (event) => {
  const button = event.target.closest("button[data-ply]");
  if (button) stepTo(Number(button.dataset.ply));
});
$("history-start").addEventListener("click", () => stepTo(0));
$("history-back").addEventListener("click", () => step(-1));
$("history-forward").addEventListener("click", () => step(1));
$("history-end").addEventListener("click", () => page.state && stepTo(page.state.moves.length));
$("history-live").addEventListener("click", () => page.state && stepTo(page.state.moves.length));
$("redo").addEventListener("click", () => redo());
$("confirm-cancel").addEventListener("click", () => $("confirm-dialog").close(""));

$("move-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("move-input").value.trim();
  if (!text) return;
  if (!canAct()) {
    const s = shownState();
    notice(s?.over ? "The game is over." : page.busy ? "Wait for the last move first." : "It is not your turn.");
    return;
  }
  $("move-input").value = "";
  playMove(text);
});

// History keys anywhere but in a text field or an open dialog: ← → (the board's own arrows
// move its cursor) or k j one move, Home / End the start / the live position; Ctrl+Z undo,
// Ctrl+Y or Ctrl+Shift+Z redo.
document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.altKey || event.metaKey || document.querySelector("dialog[open]")) return;
  if (event.target.closest?.("input, select, textarea")) return;
  const key = event.key;
  if (event.ctrlKey) {
    const action = key === "z" ? undo : key === "y" || key === "Z" ? redo : null;
    if (!action) return;
    event.preventDefault();
    action();
    return;
  }
  const onBoard = event.target === canvas;
  const moves = {
    ArrowLeft: onBoard ? null : -1,
    ArrowRight: onBoard ? null : 1,
    k: -1,
    j: 1,
  };
  if (moves[key] != null) {
    event.preventDefault();
    step(moves[key]);
  } else if (key === "Home" || key === "End") {
    event.preventDefault();
    if (page.state) stepTo(key === "Home" ? 0 : page.state.moves.length);
  }
});

// -- go -----------------------------------------------------------------------------------

renderAI();
page.timings.boardDrawn = performance.now();
startEngine();
