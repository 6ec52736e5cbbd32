// The board editor: set up any Othello or Themisto position (place and remove disks, the
// side to move, Themisto's pending lost turns and move limit), then play or analyse it.
// The facade's `editor_check` decides whether the position can be played and says why not.

import { GAMES } from "./games/index.js";
import { tr } from "./i18n.js";
import { errorText } from "./page/text.js";

/** @typedef {import("./import-export.js").ImportHooks} ImportHooks */

/** The page's element by id (index.html's: never missing). */
const $ = /** @type {import("./types/app").ElementGetter} */ ((id) => document.getElementById(id));
const FILES = "abcdefgh";

/** Wire the editor dialog (see import-export.js for the parameters). */
export function initEditor(/** @type {ImportHooks} */ { call, shownState, openGame, canAct }) {
  const dialog = $("editor-dialog");
  const board = $("editor-board");
  let game = Object.keys(GAMES)[0];
  let cells = GAMES[game].startCells.split("");
  /** @type {HTMLButtonElement[]} */
  const squares = [];

  for (let sq = 0; sq < 64; sq++) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "editor-square";
    button.dataset.square = FILES[sq % 8] + (Math.floor(sq / 8) + 1);
    button.addEventListener("click", () => paint(sq));
    squares.push(button);
  }
  const label = (/** @type {string} */ text) => {
    const el = document.createElement("span");
    el.className = "editor-coord";
    el.setAttribute("aria-hidden", "true");
    el.textContent = text;
    return el;
  };
  board.append(label(""), ...[...FILES].map(label));
  for (let rank = 0; rank < 8; rank++) {
    const row = document.createElement("div");
    row.className = "editor-row";
    row.append(label(String(rank + 1)), ...squares.slice(rank * 8, rank * 8 + 8));
    board.append(row);
  }

  /** The value of the radio button ticked in group `name` (the groups have one ticked).
   *  @param {string} name */
  function chosen(name) {
    return /** @type {HTMLInputElement} */ (document.querySelector(`input[name="${name}"]:checked`))
      .value;
  }

  /** @param {number} sq */
  function paint(sq) {
    const colour = chosen("editor-paint");
    cells[sq] = cells[sq] === colour ? "-" : colour;
    render();
  }

  function render() {
    const names = GAMES[game].editor;
    squares.forEach((button, sq) => {
      const cell = cells[sq];
      button.dataset.cell = cell;
      const what = cell === "X" ? tr(names.X) : cell === "O" ? tr(names.O) : tr("empty");
      button.setAttribute("aria-label", `${button.dataset.square}: ${what}`);
    });
    $("editor-message").textContent = "";
  }

  /** The editor for game `kind` with `fromCells` on the board, side `toMove` (0, 1) to move.
   *  @param {string} kind
   *  @param {string} fromCells
   *  @param {number} [toMove] */
  function load(kind, fromCells, toMove = 0) {
    game = kind;
    cells = fromCells.split("");
    const names = GAMES[game].editor;
    $("paint-X").textContent = tr(names.X);
    $("paint-O").textContent = tr(names.O);
    $("turn-0").textContent = tr(names.turns[0]);
    $("turn-1").textContent = tr(names.turns[1]);
    /** @type {HTMLInputElement} */ (
      document.querySelector(`input[name="editor-turn"][value="${toMove}"]`)
    ).checked = true;
    for (const id of Object.keys(GAMES)) {
      const fields = document.getElementById(`editor-${id}`); // the game's own fields, if it has any
      if (fields) fields.hidden = id !== game;
    }
    $("editor-title").textContent = tr("Board editor · {game}", { game: GAMES[game].title });
    render();
  }

  function open() {
    const state = shownState();
    if (!canAct() || !state) return;
    const side = Object.keys(GAMES[state.game].sides).indexOf(state.toMove ?? ""); // none once over
    load(state.game, state.cells, Math.max(side, 0));
    GAMES[state.game].editorOpen(state, $);
    dialog.showModal();
  }

  /** @param {boolean} analyse */
  async function finish(analyse) {
    if (!canAct()) return;
    const toMove = Object.keys(GAMES[game].sides)[Number(chosen("editor-turn"))];
    const params = { game, cells: cells.join(""), toMove, ...GAMES[game].editorParams($) };
    try {
      const state = await call("editor_check", params);
      dialog.close();
      openGame(state, tr("the position from the board editor"), { analyse });
    } catch (err) {
      $("editor-message").textContent = tr("This position cannot be played: {error}.", {
        error: errorText(err),
      });
    }
  }

  $("edit-board").addEventListener("click", open);
  $("editor-cancel").addEventListener("click", () => dialog.close());
  $("editor-clear").addEventListener("click", () => {
    cells = Array(64).fill("-");
    render();
  });
  $("editor-start").addEventListener("click", () => {
    cells = GAMES[game].startCells.split("");
    /** @type {HTMLInputElement} */ (
      document.querySelector('input[name="editor-turn"][value="0"]')
    ).checked = true;
    render();
  });
  $("editor-current").addEventListener("click", () => {
    const state = shownState();
    if (state?.game === game) cells = state.cells.split("");
    render();
  });
  $("editor-play").addEventListener("click", () => finish(false));
  $("editor-analyse").addEventListener("click", () => finish(true));

  return { open };
}
