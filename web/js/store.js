// The saved game in localStorage. The page stores strings the engine produced (the state's
// `save`) and hands them back to the engine to validate; it never interprets them.
// `preview` keeps the last drawn cells so the board can be drawn before the engine is ready.

import { GAMES } from "./games/index.js";

/** @typedef {import("./types/state").GameId} GameId */
/** @typedef {import("./types/state").State} State */
/** @typedef {import("./types/app").Settings} Settings */
/** @typedef {import("./types/library").KeptReview} KeptReview */

/** The pool's size setting: "auto" or a number of workers.
 *  @typedef {"auto" | number} WorkersSetting */
/** The clocks' remaining milliseconds.
 *  @typedef {{black: number, white: number}} ClockTimes */
/** The player's puzzle record for a game.
 *  @typedef {{solved: number[], streak: number, next: number, kind: string}} PuzzleScore */
/** The game a friend's link brought: the game, the side you play, its last record seen.
 *  @typedef {{game: GameId, side: string, record: string}} Friend */

const GAME_KEY = "flipside.game.v1";
const PREVIEW_KEY = "flipside.preview.v1";
const FIRST_GAME = Object.keys(GAMES)[0];

/** Each game keeps its own saved game.
 *  @param {GameId} game */
export function saveKey(game) {
  return `flipside.save.${game}.v2`;
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame)
  }
}

/** The saved game string of `game` (default: the game played last), or null.
 *  @param {GameId} [game]
 *  @returns {string | null} */
export function loadSaved(game = loadGame()) {
  try {
    const store = storage();
    const saved = store?.getItem(saveKey(game)) ?? null;
    const old = GAMES[game]?.oldSaveKey; // a save from before there were two games
    return saved ?? (old ? (store?.getItem(old) ?? null) : null);
  } catch {
    return null;
  }
}

/** The game played last (the first game when none or not understood).
 *  @returns {GameId} */
export function loadGame() {
  try {
    const game = /** @type {string} */ (storage()?.getItem(GAME_KEY));
    return game in GAMES ? game : FIRST_GAME;
  } catch {
    return FIRST_GAME;
  }
}

/** Cells (64 characters of X, O, -) of the last position shown, for a first drawing. */
export function loadPreview() {
  try {
    const cells = storage()?.getItem(PREVIEW_KEY) ?? "";
    return /^[XO-]{64}$/.test(cells) ? cells : null;
  } catch {
    return null;
  }
}

/** Remember a game state (its save string and cells); false when storage refused.
 *  @param {State} state */
export function saveState(state) {
  try {
    const store = storage();
    if (!store) return false;
    store.setItem(saveKey(state.game), state.save);
    store.setItem(GAME_KEY, state.game);
    store.setItem(PREVIEW_KEY, state.cells);
    return true;
  } catch {
    return false;
  }
}

const PREVIOUS_KEY = "flipside.previous.v1";

/** The game a link replaced (its save string), kept so the player can go back to it. */
export function loadPrevious() {
  try {
    return storage()?.getItem(PREVIOUS_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Keep `save` (a state's save string) as the game a link replaced.
 *  @param {string} save */
export function keepPrevious(save) {
  try {
    storage()?.setItem(PREVIOUS_KEY, save);
    return true;
  } catch {
    return false;
  }
}

// The AI settings of each game; a game's old key (from before there were two games) is kept.
/** @type {Settings} */
export const DEFAULT_SETTINGS = { computer: null, level: 3, hints: false };

/** @param {GameId} game */
function settingsKey(game) {
  return GAMES[game]?.oldSettingsKey ?? `flipside.settings.${game}.v1`;
}

/** The AI settings of `game`: {computer: null, one of `sides` or "both" (watch: the computer
 *  against itself), level: one of `levels` (a number, or a text such as "loss:2"), level2:
 *  the second side's level when watching, hints: bool, you: "A"|"B"}. Anything missing or not
 *  understood falls back to the default.
 *  @param {GameId} game
 *  @param {string[]} sides
 *  @param {string[]} levels the level menu's values, as texts
 *  @returns {Settings & {level2: import("./types/state").Level, you: "A" | "B"}} */
export function loadSettings(game, sides, levels) {
  let data = null;
  try {
    data = JSON.parse(storage()?.getItem(settingsKey(game)) ?? "null");
  } catch {
    data = null;
  }
  const ok = data !== null && typeof data === "object";
  const computer =
    ok && (sides.includes(data.computer) || data.computer === "both") ? data.computer : null;
  /** @param {unknown} value */
  const known = (value) =>
    (Number.isInteger(value) || typeof value === "string") && levels.includes(String(value));
  const level = ok && known(data.level) ? data.level : DEFAULT_SETTINGS.level;
  const level2 = ok && known(data.level2) ? data.level2 : level;
  const you = ok && data.you === "B" ? "B" : "A";
  return { computer, level, level2, hints: ok && data.hints === true, you };
}

/** Remember the AI settings of `game`; false when storage refused.
 *  @param {GameId} game
 *  @param {Settings} settings */
export function saveSettings(game, settings) {
  try {
    const store = storage();
    if (!store) return false;
    store.setItem(settingsKey(game), JSON.stringify(settings));
    return true;
  } catch {
    return false;
  }
}

const WORKERS_KEY = "flipside.workers.v1";

/** The pool of search workers' size setting: "auto" (the default) or a number of `sizes`.
 *  @param {number[]} sizes
 *  @returns {WorkersSetting} */
export function loadWorkers(sizes) {
  try {
    const kept = storage()?.getItem(WORKERS_KEY) ?? "auto";
    return sizes.includes(Number(kept)) ? Number(kept) : "auto";
  } catch {
    return "auto";
  }
}

/** @param {WorkersSetting} setting */
export function saveWorkers(setting) {
  try {
    storage()?.setItem(WORKERS_KEY, String(setting));
  } catch {
    // not kept: the next visit chooses Auto
  }
}

const CHOICES_KEY = "flipside.newgame.v1";

/** The New game dialog's last choices (an object; the dialog checks each field).
 *  @returns {Record<string, unknown>} */
export function loadChoices() {
  try {
    const data = JSON.parse(storage()?.getItem(CHOICES_KEY) ?? "null");
    return data !== null && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch {
    return {};
  }
}

/** @param {object} choices */
export function saveChoices(choices) {
  try {
    storage()?.setItem(CHOICES_KEY, JSON.stringify(choices));
  } catch {
    // not remembered: the dialog shows its defaults next time
  }
}

const CLOCKS_KEY = "flipside.clocks.v1";

/** The clocks' remaining milliseconds of the game `record` ({black, white}), or null.
 *  @param {string} record
 *  @returns {ClockTimes | null} */
export function loadClocks(record) {
  try {
    const data = JSON.parse(storage()?.getItem(CLOCKS_KEY) ?? "null");
    /** @param {number} v */
    const ok = (v) => Number.isFinite(v) && v >= 0;
    if (data?.record !== record || !ok(data.black) || !ok(data.white)) return null;
    return { black: data.black, white: data.white };
  } catch {
    return null;
  }
}

/** @param {string} record @param {ClockTimes} clocks */
export function saveClocks(record, clocks) {
  try {
    storage()?.setItem(CLOCKS_KEY, JSON.stringify({ record, ...clocks }));
  } catch {
    // the clocks restart from the record's time after a reload
  }
}

const REVIEWS_KEY = "flipside.reviews.v1";
const REVIEWS_KEPT = 20;

/** The finished reviews kept, newest last: [{record, rows, summary}]. A corrupt store is
 *  read as empty (the reviews are recomputed, the games are not touched).
 *  @returns {KeptReview[]} */
function loadReviews() {
  try {
    const data = JSON.parse(storage()?.getItem(REVIEWS_KEY) ?? "[]");
    return Array.isArray(data)
      ? data.filter((r) => typeof r?.record === "string" && Array.isArray(r.rows) && r.summary)
      : [];
  } catch {
    return [];
  }
}

/** The saved review of the game `record`, or null.
 *  @param {string} record */
export function loadReview(record) {
  return loadReviews().find((r) => r.record === record) ?? null;
}

/** Keep the review of `review.record` (the last REVIEWS_KEPT reviews are kept).
 *  @param {KeptReview} review */
export function saveReview(review) {
  const kept = loadReviews().filter((r) => r.record !== review.record);
  kept.push(review);
  try {
    storage()?.setItem(REVIEWS_KEY, JSON.stringify(kept.slice(-REVIEWS_KEPT)));
  } catch {
    // not kept: the next visit reviews the game again
  }
}

const PUZZLES_KEY = "flipside.puzzles.v1";

/** The player's puzzle record for `game`: {solved: [ids], streak, next, kind} (`kind`: the
 *  kind of puzzle chosen, "" for all); a corrupt store reads as a fresh start.
 *  @param {GameId} game
 *  @returns {PuzzleScore} */
export function loadPuzzleScore(game) {
  try {
    const data = JSON.parse(storage()?.getItem(PUZZLES_KEY) ?? "{}")?.[game];
    const solved = Array.isArray(data?.solved) ? data.solved.filter(Number.isInteger) : [];
    const streak = Number.isInteger(data?.streak) && data.streak >= 0 ? data.streak : 0;
    const next = Number.isInteger(data?.next) && data.next >= 1 ? data.next : 1;
    const kind = typeof data?.kind === "string" ? data.kind : "";
    return { solved, streak, next, kind };
  } catch {
    return { solved: [], streak: 0, next: 1, kind: "" };
  }
}

/** @param {GameId} game @param {PuzzleScore} score */
export function savePuzzleScore(game, score) {
  try {
    const all = JSON.parse(storage()?.getItem(PUZZLES_KEY) ?? "{}") ?? {};
    storage()?.setItem(PUZZLES_KEY, JSON.stringify({ ...all, [game]: score }));
  } catch {
    try {
      storage()?.setItem(PUZZLES_KEY, JSON.stringify({ [game]: score }));
    } catch {
      // not kept: the streak starts again next visit
    }
  }
}

const LEARN_KEY = "flipside.learn.v1";

/** The steps of the Themisto course learned (indices).
 *  @returns {{learned: number[]}} */
function loadLearn() {
  try {
    const data = JSON.parse(storage()?.getItem(LEARN_KEY) ?? "{}") ?? {};
    const learned = Array.isArray(data.learned) ? data.learned.filter(Number.isInteger) : [];
    return { learned };
  } catch {
    return { learned: [] };
  }
}

/** @param {{learned: number[]}} data */
function saveLearn(data) {
  try {
    storage()?.setItem(LEARN_KEY, JSON.stringify(data));
  } catch {
    // not kept: the course starts again next visit
  }
}

export const loadLearned = () => loadLearn().learned;
/** @param {number[]} learned */
export const saveLearned = (learned) => saveLearn({ ...loadLearn(), learned });

const SOUNDS_KEY = "flipside.sounds.v1";

/** Whether the page's sounds are on (the default) or switched off. */
export function loadSoundsOn() {
  try {
    return storage()?.getItem(SOUNDS_KEY) !== "off";
  } catch {
    return true;
  }
}

/** @param {boolean} on */
export function saveSoundsOn(on) {
  try {
    storage()?.setItem(SOUNDS_KEY, on ? "on" : "off");
  } catch {
    // not kept: the next visit has sounds on
  }
}

const FRIEND_KEY = "flipside.friend.v1";

/** The game a friend's link brought: {game, side (the one you play), record (its last state
 *  seen)}, or null. The page checks it against the game on screen.
 *  @returns {Friend | null} */
export function loadFriend() {
  try {
    const data = JSON.parse(storage()?.getItem(FRIEND_KEY) ?? "null");
    const ok =
      data?.game in GAMES && typeof data.side === "string" && typeof data.record === "string";
    return ok ? { game: data.game, side: data.side, record: data.record } : null;
  } catch {
    return null;
  }
}

/** @param {Friend | null} friend */
export function saveFriend(friend) {
  try {
    if (friend) storage()?.setItem(FRIEND_KEY, JSON.stringify(friend));
    else storage()?.removeItem(FRIEND_KEY);
  } catch {
    // not kept: after a reload the game goes on as a game on one device
  }
}
