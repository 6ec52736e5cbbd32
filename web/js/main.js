// The page's wiring: it creates the shared parts (`app`) and installs the rooms, each a
// module of its own in js/page/ (and the import/export, editor and AI modules beside it).
// The view holds no game rules: every rule, notation, link and saved game is Python's.
//
// `app` holds the page's state (`page`: the game on screen, what the player is doing), the
// history, the clocks, the computer player (`ai`), the canvas and `$`, and every room's
// functions (`app.show`, `app.renderPanel`…), so that rooms call each other through it and
// never import one another. Adding a panel (a review, lessons): write js/page/<room>.js
// with `install<Room>(app)`, add its import and one line to ROOMS below, and its functions'
// interface to js/types/app.d.ts (`App`, which every room is type-checked against).

import { pageErrors } from "./errors.js"; // first: it records errors from here on
import { engine } from "./rules-engine.js"; // the engine, already starting (boot.js)
import { ComputerPlayer } from "./ai.js";
import { Clocks } from "./clock.js";
import { initEditor } from "./editor.js";
import { GAMES } from "./games/index.js";
import { MoveHistory } from "./history.js";
import { initImportExport } from "./import-export.js";
import { SIZES } from "./pool.js";
import { loadGame, loadSettings, loadWorkers } from "./store.js";
import { installAutomation } from "./page/automation.js";
import { installBoardView } from "./page/board-view.js";
import { installFlow } from "./page/flow.js";
import { installGamesMenu } from "./page/games-menu.js";
import { installInput } from "./page/input.js";
import { installLanguage } from "./page/language.js";
import { installMoves } from "./page/moves.js";
import { installPanel } from "./page/panel.js";
import { installLearn } from "./page/learn.js";
import { installGames } from "./page/games.js";
import { installPuzzles } from "./page/puzzles.js";
import { installExplorer } from "./page/explorer.js";
import { installReview } from "./page/review.js";
import { installShare } from "./page/share.js";
import { installSounds } from "./page/sounds.js";
import { installStartup } from "./page/startup.js";
import { installState } from "./page/state.js";
import { installStepping } from "./page/stepping.js";
import { installTraining } from "./page/training.js";

const ROOMS = [
  installState,
  installBoardView,
  installPanel,
  installMoves,
  installFlow,
  installStepping,
  installReview,
  installPuzzles,
  installExplorer,
  installLearn,
  installTraining,
  installShare,
  installSounds,
  installGames,
  installGamesMenu,
  installStartup,
  installInput,
  installAutomation,
  installLanguage,
];

/** @typedef {import("./types/app").App} App */

/**
 * The page's element `id` (index.html's); a missing one is an error, not a null.
 * @template {string} K
 * @param {K} id
 * @returns {import("./types/app").ElementOf<K>}
 */
function $(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`The page has no element #${id}`);
  return /** @type {import("./types/app").ElementOf<K>} */ (element);
}
const firstGame = loadGame();
const firstView = GAMES[firstGame];

// The rooms below add the rest of App (each its functions): until then, app is its first part.
const app = /** @type {App} */ ({
  $,
  games: GAMES, // the game views (js/games/), for the rooms loaded later (js/library.js)
  canvas: $("board"),
  pageErrors,
  page: {
    state: null, // last state the engine returned
    gameView: firstView, // the game's view module (js/games/)
    selection: firstView.newSelection(), // the view's own state (Themisto: the selected disk)
    settingsGame: firstGame, // the game whose AI settings the assistant holds
    engineReady: false,
    busy: false,
    queued: null, // a square clicked while an answer was pending: played after it
    hover: null,
    cursor: null,
    drag: null, // the square a pointer went down on
    anim: null,
    cancelAnim: () => {},
    shows: 0,
    timings: { boardDrawn: null, engineReady: null, lastMove: null },
  },
});
app.ready = new Promise((resolve) => {
  app.markReady = resolve;
});
app.moveHistory = new MoveHistory(engine);
app.clocks = new Clocks({
  onFlag: (side) => app.timeRanOut(side),
  onTick: () => app.renderClocks(),
});
app.ai = new ComputerPlayer({
  settings: loadSettings(firstGame, Object.keys(firstView.sides), Object.keys(firstView.levels)),
  play: (record, move) => app.computerPlays(record, move),
  changed: () => app.renderAI(),
  budget: () => app.computerBudget(),
  workers: loadWorkers(SIZES),
});

for (const install of ROOMS) install(app);

// Import / export, WTHOR (import-export.js) and the board editor (editor.js) open games through these.
/** @type {import("./import-export.js").ImportHooks} */
const importHooks = {
  call: (method, params) => engine.call(method, params),
  shownState: () => app.shownState(),
  openGame: (state, label, options) => app.openGame(state, label, options),
  canAct: () => app.page.engineReady && !app.page.busy,
};
initImportExport(importHooks);
initEditor(importHooks);

app.renderAI();
app.page.timings.boardDrawn = performance.now();
app.startEngine();
