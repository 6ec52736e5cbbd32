// Every game kept: this room hands each game shown to the game library (js/library.js, a
// bundle of its own loaded once the engine is ready) and opens the Games view. It also
// remembers, in sessionStorage, which game this tab plays: a reload goes on with this tab's
// game, whatever another tab played since, and a new tab does not take a game another tab
// has open (their Web Locks say which).

import { loadSaved, saveSettings } from "../store.js";
import { tr } from "../i18n.js";

/** @typedef {import("../types/app").App} App */
/** @typedef {import("../types/app").GameId} GameId */
/** @typedef {import("../types/app").KeepOptions} KeepOptions */
/** @typedef {import("../types/app").Settings} Settings */
/** @typedef {import("../types/app").TabGame} TabGame */
/** @typedef {import("../types/state").State} State */
/** @typedef {Awaited<ReturnType<typeof import("../library.js").startLibrary>>} LibraryService */
/** @typedef {() => Storage | null | undefined} StorageOf */

const TAB_KEY = "flipside.tab.v1";
const LAST_KEY = "flipside.lastid.v1";
const LOCK_PREFIX = "flipside.game.";
/** What the versions before the library kept, read at this version's first start before
 *  anything is saved (then "moved" once the library holds it). */
const OLDER_KEY = "flipside.library.v1";
const OLDER_KEYS = [
  "flipside.save.othello.v2",
  "flipside.save.themisto.v2",
  "flipside.save.v1",
  "flipside.previous.v1",
  "flipside.reviews.v1",
  "flipside.puzzles.v1",
];

/**
 * The games kept under `key` ({game: {id, record, save}}), {} when none or unreadable.
 * @param {StorageOf} storage
 * @param {string} key
 * @returns {Record<GameId, TabGame>}
 */
function readJson(storage, key) {
  try {
    const data = JSON.parse(storage()?.getItem(key) ?? "null");
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch {
    return {};
  }
}

/**
 * @param {StorageOf} storage
 * @param {string} key
 * @param {unknown} value
 */
function writeJson(storage, key, value) {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // not remembered: a reload opens the last game saved instead
  }
}

const session = () => window.sessionStorage;
const local = () => window.localStorage;

/** The older versions' data as it was before this version saved anything, kept under
 *  OLDER_KEY until the library has moved it (null once it has, or on a fresh browser).
 *  @returns {Record<string, string | null> | null} */
function olderData() {
  try {
    const store = local();
    const kept = store?.getItem(OLDER_KEY);
    if (kept === "moved") return null;
    if (kept) return JSON.parse(kept);
    const data = Object.fromEntries(OLDER_KEYS.map((key) => [key, store?.getItem(key) ?? null]));
    store?.setItem(OLDER_KEY, JSON.stringify(data));
    return data;
  } catch {
    return null;
  }
}

/**
 * Adds this room's functions to `app` (the page's shared parts, see main.js).
 * @param {App} app
 */
export function installGames(app) {
  const { page, $ } = app;
  const older = olderData();
  /** @type {Promise<LibraryService> | null} */
  let started = null; // the library service's promise (js/library.js)
  /** @type {LibraryService | null} */
  let service = null; // the service, once it is there
  let queue = Promise.resolve(); // keeps run in the order the games were shown

  /** @type {() => void} */
  let askNow = () => {};
  const asked = new Promise((resolve) => (askNow = () => resolve(undefined)));

  /** The library's service, loaded once: after the page is ready and quiet (`app.quiet`),
   *  so that neither the first visit's bytes before the game is playable, nor the first
   *  frames, nor the player's first click pay for it; at once (after ready) when the player
   *  asks for it (`now`: the Games view, the trainer).
   *  @param {boolean} [now]
   *  @returns {Promise<LibraryService>} */
  function library(now = false) {
    if (now) askNow();
    started ??= Promise.race([app.quiet(), app.ready.then(() => asked)])
      .then(() => import("../library.js"))
      .then((module) => module.startLibrary(app, older))
      .then((s) => (service = s));
    return started;
  }

  /** This tab's games: {game: {id, record, save}}. */
  const tabGames = () => readJson(session, TAB_KEY);

  /** The library knows this tab's `game` as `id` at `record` (the last id is also what a new
   *  tab checks against the other tabs' locks).
   *  @param {GameId} game
   *  @param {string} id
   *  @param {string} record */
  function noteTabGame(game, id, record) {
    const games = tabGames();
    writeJson(session, TAB_KEY, { ...games, [game]: { ...games[game], id, record } });
    writeJson(local, LAST_KEY, { ...readJson(local, LAST_KEY), [game]: { id, record } });
  }

  /**
   * Keep `state`, the game now on screen (flow.js `show`, with its options).
   * @param {State} state
   * @param {KeepOptions} [options]
   */
  function keepGame(state, { continued = false, libraryId = null, source = null } = {}) {
    const practice = app.isPractice(state);
    if (!practice) {
      const games = tabGames();
      const same =
        continued || libraryId || (source !== "new" && games[state.game]?.record === state.record);
      const mine = same ? games[state.game] : null;
      const id = libraryId ?? mine?.id ?? null;
      writeJson(session, TAB_KEY, {
        ...games,
        [state.game]: { id, record: state.record, save: state.save },
      });
    }
    if (!page.engineReady) return;
    const tabGame = tabGames()[state.game] ?? null;
    queue = queue
      .then(() => library())
      .then((s) => s.keep(state, { continued, libraryId, source, practice, tabGame }))
      .catch(() => {}); // a library that cannot start has said why (its notice)
  }

  /** The game this tab should show of `game` on a start or a switch: its own (a reload),
   *  else the last game saved unless another tab has it open: {save} or {elsewhere: true}.
   *  @param {GameId} game
   *  @returns {Promise<{save?: string | null, elsewhere?: boolean}>} */
  async function resumable(game) {
    const mine = tabGames()[game];
    if (mine?.save) return { save: mine.save };
    const save = loadSaved(game);
    const last = readJson(local, LAST_KEY)[game];
    if (save && last?.id && navigator.locks?.query) {
      try {
        const { held = [] } = await navigator.locks.query();
        if (held.some((lock) => lock.name === LOCK_PREFIX + last.id)) return { elsewhere: true };
      } catch {
        // no lock manager: the saved game opens as before
      }
    }
    return { save };
  }

  /** Open a game from the library (the Games view): `settings` are the computer's to go on
   *  with it (null: unchanged).
   *  @param {State} state
   *  @param {string} id
   *  @param {Settings | null} settings */
  function openFromLibrary(state, id, settings) {
    if (settings) saveSettings(state.game, settings);
    app.notice(tr("Opened a game from your library."));
    app.show(state, { settings, libraryId: id });
  }

  /** @param {"games" | "progress"} [tab] */
  async function openGames(tab = "games") {
    if (!page.engineReady) return;
    const s = await library(true).catch(() => null);
    await queue; // the game on screen is known (and written) before the list is read
    s?.openView(tab);
  }

  $("games").addEventListener("click", () => openGames());

  /** A puzzle, a lesson step or a training card: practice, not a game to keep. */
  const isPractice = (/** @type {State} */ state) =>
    !!(app.isPuzzle?.(state) || app.isLesson?.(state) || app.isTraining?.(state));

  /** The older data is in the library: not read again. */
  function olderMoved() {
    try {
      local()?.setItem(OLDER_KEY, "moved");
    } catch {
      // read again on the next start; the library knows it moved it (its meta)
    }
  }

  Object.assign(
    app,
    /** @satisfies {import("../types/app").GamesRoom} */ ({
      olderMoved,
      isPractice,
      keepGame,
      noteTabGame,
      resumable,
      openFromLibrary,
      openGames,
      keepOpening: (opening) => service?.keepOpening(opening),
      keepReview: (review) => library().then((s) => s.keepReview(review)),
      keepPuzzle: (attempt) => library().then((s) => s.keepPuzzle(attempt)),
      librarySnapshot: () => service?.snapshot() ?? null,
      libraryService: () => library(true),
    }),
  );
}
