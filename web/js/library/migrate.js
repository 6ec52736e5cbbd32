// The one-time move of what the versions before the library kept in localStorage: each
// game's save, the game a link replaced, the kept reviews (with their games) and the puzzles
// solved. Run on the library's first start; the old keys stay where they are (an older page
// still reads them), and `meta.migrated` says it was done.

import { entryOf } from "./entry.js";

/** @typedef {import("../types/app").Settings} Settings */
/** @typedef {import("../types/library").KeptReview} KeptReview */
/** @typedef {import("../types/library").Migrated} Migrated */
/** @typedef {import("../types/state").GameId} GameId */
/** @typedef {import("../types/state").State} State */
/** @typedef {import("./db.js").Library} Library */
/** @template {import("../types/messages").Method} M
 *  @typedef {import("../types/messages").Params<M>} Params */
/** How the rules engine is asked to open an older save or record.
 *  @typedef {<M extends "open_saved" | "state">(method: M, params: Params<M>) => Promise<State>} Open */

/** @param {unknown} err */
const problemOf = (err) =>
  String(/** @type {{message?: unknown} | null | undefined} */ (err)?.message ?? err);

/** localStorage keys the older versions wrote (store.js keeps writing the saves). */
export const OLD_KEYS = {
  saves: ["flipside.save.othello.v2", "flipside.save.themisto.v2", "flipside.save.v1"],
  previous: "flipside.previous.v1",
  reviews: "flipside.reviews.v1",
  puzzles: "flipside.puzzles.v1",
};

/**
 * `text` as JSON (of any shape: what an older version wrote, checked where it is read), or
 * `fallback`.
 * @param {string | null} text
 * @param {unknown} fallback
 * @returns {unknown}
 */
function parsed(text, fallback) {
  try {
    return JSON.parse(text ?? "null") ?? fallback;
  } catch {
    return fallback;
  }
}

/** Move the older version's data (`older`: {key: text} as it was when this version first
 *  started, read by page/games.js before anything was saved) into `library` once:
 *  {games, reviews, puzzles, problems} (counts, and the saves that could not be read), or
 *  null when it was done before. `open(method, params)` asks the rules engine;
 *  `settingsOf(game)` gives a game's computer settings.
 *  @param {Library} library
 *  @param {Record<string, string | null> | null} older
 *  @param {{open: Open, settingsOf: (game: GameId) => Settings}} hooks
 *  @returns {Promise<Migrated | null>} */
export async function migrate(library, older, { open, settingsOf }) {
  if (await library.meta("migrated")) return null;
  const read = (/** @type {string} */ key) => older?.[key] ?? null;
  const readJson = (/** @type {string} */ key, /** @type {unknown} */ fallback) =>
    parsed(read(key), fallback);
  /** @type {State[]} */
  const states = [];
  /** @type {string[]} */
  const problems = [];
  const saves = [...OLD_KEYS.saves, OLD_KEYS.previous].flatMap((key) => read(key) || []);
  for (const text of new Set(saves)) {
    try {
      states.push(await open("open_saved", { text }));
    } catch (err) {
      problems.push(problemOf(err));
    }
  }
  const reviews = readJson(OLD_KEYS.reviews, []);
  /** @type {KeptReview[]} */
  const reviewed = Array.isArray(reviews)
    ? reviews.filter((r) => typeof r?.record === "string" && Array.isArray(r.rows) && r.summary)
    : [];
  for (const review of reviewed) {
    if (states.some((s) => s.record === review.record)) continue;
    try {
      states.push(await open("state", { record: review.record }));
    } catch (err) {
      problems.push(problemOf(err));
    }
  }
  let games = 0;
  /** @type {Map<string, string>} */
  const byRecord = new Map(); // record -> its game's id
  for (const state of states) {
    if (!state.moves.length || byRecord.has(state.record)) continue;
    const [known] = await library.byRecord(state.record);
    if (known) {
      byRecord.set(state.record, known.id);
      continue;
    }
    const id = `m${games}-${Date.now().toString(36)}`;
    const entry = {
      ...entryOf(id, state, settingsOf(state.game), null, { source: "migrated" }),
      rev: 1,
    };
    await library.putAll([entry]);
    byRecord.set(state.record, id);
    games++;
  }
  let reviewCount = 0;
  for (const review of reviewed) {
    const id = byRecord.get(review.record);
    if (!id) continue;
    const accuracy = Object.fromEntries(
      Object.entries(review.summary.players ?? {}).map(([side, s]) => [side, s?.accuracy ?? null]),
    );
    await library.saveReview(id, review, accuracy);
    reviewCount++;
  }
  let puzzles = 0;
  const scores = readJson(OLD_KEYS.puzzles, {});
  for (const [game, score] of Object.entries(scores && typeof scores === "object" ? scores : {})) {
    const kept = /** @type {{solved?: unknown} | null | undefined} */ (score);
    /** @type {number[]} */
    const solved = Array.isArray(kept?.solved) ? kept.solved.filter(Number.isInteger) : [];
    for (const id of solved) {
      await library.addPuzzle({
        at: Date.now() + puzzles / 1000,
        game,
        id,
        rating: null,
        result: "solved",
        migrated: true,
      });
      puzzles++;
    }
  }
  const done = { at: Date.now(), games, reviews: reviewCount, puzzles, problems };
  await library.setMeta("migrated", done);
  return done;
}
