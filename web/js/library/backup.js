// The library's JSON backup: every game with its review, the puzzle attempts, and the
// training's cards and answers, in one file that a later Flipside reads back. The games' records are checked by the engine when
// they come back in (library_summaries), never trusted as they are.

import { N_ } from "../i18n.js";
import { ENTRY_VERSION } from "./db.js";
import { readAnswer, readCard } from "./cards.js";

/** @typedef {import("../types/library").Answer} Answer */
/** @typedef {import("../types/library").Backup} Backup */
/** @typedef {import("../types/library").Card} Card */
/** @typedef {import("../types/library").BackupGame} BackupGame */
/** @typedef {import("../types/library").Entry} Entry */
/** @typedef {import("../types/library").PuzzleAttempt} PuzzleAttempt */
/** @typedef {import("../types/library").ReadBackup} ReadBackup */
/** @typedef {import("../types/library").StoredReview} StoredReview */
/** @typedef {import("../types/state").LibrarySummary} LibrarySummary */

export const BACKUP_FORMAT = "flipside-library";
export const BACKUP_VERSION = 1;

/**
 * The backup of `entries`, `reviews`, `puzzles` and the training's `cards` and `answers` as
 * an object (JSON.stringify it). The cards and answers are fields a version 1 backup may
 * lack: an older Flipside reads such a file and leaves them.
 * @param {Entry[]} entries
 * @param {StoredReview[]} reviews
 * @param {PuzzleAttempt[]} puzzles
 * @param {Card[]} [cards]
 * @param {Answer[]} [answers]
 * @returns {Backup}
 */
export function makeBackup(entries, reviews, puzzles, cards = [], answers = []) {
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exported: new Date().toISOString(),
    games: entries.map(({ rev: _rev, ...entry }) => entry),
    reviews,
    puzzles,
    cards,
    answers,
  };
}

/** A problem with a backup file, in words (an English template for tr, and its values). */
export class BackupError extends Error {
  /**
   * @param {string} template an English text marked with N_
   * @param {Record<string, string>} [values] its {names}
   */
  constructor(template, values = {}) {
    super(template);
    this.template = template;
    this.values = values;
  }
}

/** Read a backup's text: {games, reviews, puzzles}, each game with at least its record, or a
 *  BackupError saying what is wrong.
 *  @param {string} text
 *  @returns {ReadBackup} */
export function readBackup(text) {
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new BackupError(N_("this file is not a Flipside backup (it is not JSON)"));
  }
  if (field(data, "format") !== BACKUP_FORMAT)
    throw new BackupError(N_("this file is not a Flipside backup"));
  const version = field(data, "version");
  if (version !== BACKUP_VERSION) {
    throw new BackupError(
      N_("this backup was made by another version of Flipside (version {version})"),
      { version: String(version) },
    );
  }
  const list = (/** @type {string} */ name) => {
    const value = field(data, name);
    return Array.isArray(value) ? /** @type {unknown[]} */ (value) : [];
  };
  const games = list("games").filter(
    /** @type {(g: unknown) => g is BackupGame} */
    (g) => !!g && typeof g === "object" && typeof field(g, "record") === "string",
  );
  const reviews = list("reviews").filter(
    /** @type {(r: unknown) => r is StoredReview} */
    (r) =>
      typeof field(r, "id") === "string" &&
      Array.isArray(field(r, "rows")) &&
      !!field(r, "summary"),
  );
  const puzzles = list("puzzles").filter(
    /** @type {(p: unknown) => p is PuzzleAttempt} */
    (p) =>
      typeof field(p, "game") === "string" &&
      Number.isInteger(field(p, "id")) &&
      (field(p, "result") === "solved" || field(p, "result") === "failed"),
  );
  /** @type {Card[]} */
  const cards = [];
  /** @type {string[]} */
  const skippedCards = [];
  list("cards").forEach((value, i) => {
    const card = readCard(value);
    if (card) cards.push(card);
    else {
      const id = field(value, "id");
      skippedCards.push(typeof id === "string" && id ? id : `#${i + 1}`);
    }
  });
  const answers = list("answers").flatMap((value) => readAnswer(value) ?? []);
  return {
    games,
    reviews,
    puzzles,
    skipped: list("games").length - games.length,
    cards,
    answers,
    skippedCards,
  };
}

/**
 * The field `name` of a JSON value (undefined when it is not an object).
 * @param {unknown} value
 * @param {string} name
 */
function field(value, name) {
  return value && typeof value === "object"
    ? /** @type {Record<string, unknown>} */ (value)[name]
    : undefined;
}

/** A game of a backup as a stored entry, its facts (moves, result) from the engine's
 *  `summary` of its record, what the backup says of it (players, dates, names) kept.
 *  @param {Record<string, unknown>} game what the file says of the game
 *  @param {LibrarySummary} summary
 *  @param {string} id
 *  @returns {Entry} */
export function entryFromBackup(game, summary, id) {
  const text = (/** @type {unknown} */ v) => (typeof v === "string" && v ? v : null);
  const time = (/** @type {unknown} */ v, /** @type {number} */ fallback) =>
    typeof v === "number" && Number.isFinite(v) ? v : fallback;
  const started = time(game.started, Date.now());
  /**
   * An object of the file's, kept as it is (as the backup wrote it), or null.
   * @template T
   * @param {unknown} v
   * @returns {T | null}
   */
  const object = (v) => (v && typeof v === "object" ? /** @type {T} */ (v) : null);
  /** @type {Record<string, string | null>} */
  const players = object(game.players) ?? {};
  return {
    id,
    v: ENTRY_VERSION,
    game: summary.game,
    record: summary.record,
    sides: Array.isArray(game.sides) ? game.sides : Object.keys(players),
    source: text(game.source) ?? "backup",
    started,
    updated: time(game.updated, started),
    ended: summary.over ? time(game.ended, started) : null,
    moves: summary.moves,
    over: summary.over,
    result: summary.result,
    players,
    you: text(game.you),
    opponent: text(game.opponent) ?? "human",
    mixed: game.mixed === true,
    names: object(game.names),
    date: text(game.date),
    place: text(game.place),
    opening: summary.opening ?? text(game.opening),
    accuracy: object(game.accuracy),
    reviewed: game.reviewed === true,
    rev: 1,
  };
}
