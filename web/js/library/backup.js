// The library's JSON backup: every game with its review, and the puzzle attempts, in one
// file that a later Flipside reads back. The games' records are checked by the engine when
// they come back in (library_summaries), never trusted as they are.

import { N_ } from "../i18n.js";
import { ENTRY_VERSION } from "./db.js";

export const BACKUP_FORMAT = "flipside-library";
export const BACKUP_VERSION = 1;

/** The backup of `entries`, `reviews` and `puzzles` as an object (JSON.stringify it). */
export function makeBackup(entries, reviews, puzzles) {
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exported: new Date().toISOString(),
    games: entries.map(({ rev: _rev, ...entry }) => entry),
    reviews,
    puzzles,
  };
}

/** A problem with a backup file, in words (an English template for tr, and its values). */
export class BackupError extends Error {
  constructor(template, values = {}) {
    super(template);
    this.template = template;
    this.values = values;
  }
}

/** Read a backup's text: {games, reviews, puzzles}, each game with at least its record, or a
 *  BackupError saying what is wrong. */
export function readBackup(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new BackupError(N_("this file is not a Flipside backup (it is not JSON)"));
  }
  if (data?.format !== BACKUP_FORMAT)
    throw new BackupError(N_("this file is not a Flipside backup"));
  if (data.version !== BACKUP_VERSION) {
    throw new BackupError(
      N_("this backup was made by another version of Flipside (version {version})"),
      { version: String(data.version) },
    );
  }
  const list = (value) => (Array.isArray(value) ? value : []);
  const games = list(data.games).filter(
    (g) => g && typeof g === "object" && typeof g.record === "string",
  );
  const reviews = list(data.reviews).filter(
    (r) => typeof r?.id === "string" && Array.isArray(r.rows) && r.summary,
  );
  const puzzles = list(data.puzzles).filter(
    (p) =>
      typeof p?.game === "string" &&
      Number.isInteger(p.id) &&
      (p.result === "solved" || p.result === "failed"),
  );
  return { games, reviews, puzzles, skipped: list(data.games).length - games.length };
}

/** A game of a backup as a stored entry, its facts (moves, result) from the engine's
 *  `summary` of its record, what the backup says of it (players, dates, names) kept. */
export function entryFromBackup(game, summary, id) {
  const text = (v) => (typeof v === "string" && v ? v : null);
  const time = (v, fallback) => (Number.isFinite(v) ? v : fallback);
  const started = time(game.started, Date.now());
  const players = game.players && typeof game.players === "object" ? game.players : {};
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
    names: game.names && typeof game.names === "object" ? game.names : null,
    date: text(game.date),
    place: text(game.place),
    opening: summary.opening ?? text(game.opening),
    accuracy: game.accuracy && typeof game.accuracy === "object" ? game.accuracy : null,
    reviewed: game.reviewed === true,
    rev: 1,
  };
}
