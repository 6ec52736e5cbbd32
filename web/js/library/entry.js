// A game's entry in the library, made from the state the engine returned and the computer's
// settings at the time: who played each side, the result from the player's side, and the
// words the Games view shows. No rule is decided here: the result, the moves and the score
// are the state's.

import { ENTRY_VERSION } from "./db.js";

/** @typedef {import("../types/app").Settings} Settings */
/** @typedef {import("../types/library").Entry} Entry */
/** @typedef {import("../types/library").NewEntry} NewEntry */
/** @typedef {import("../types/state").Side} Side */
/** @typedef {import("../types/state").State} State */
/** @typedef {Record<Side, string | null>} Players */

/** Who played each side: {side: level} for the computer's sides (its level as text), null
 *  for a person. Watching, the second side plays at `level2`.
 *  @param {State} state
 *  @param {Settings} settings
 *  @returns {Players} */
export function playersOf(state, settings) {
  const second = state.sides[1];
  const levelOf = (/** @type {Side} */ side) =>
    String(
      settings.computer === "both" && side === second
        ? (settings.level2 ?? settings.level)
        : settings.level,
    );
  const computer = (/** @type {Side} */ side) =>
    settings.computer === "both" || settings.computer === side;
  return Object.fromEntries(
    state.sides.map((side) => [side, computer(side) ? levelOf(side) : null]),
  );
}

/** The opponent, one key per kind: "human" (two players), "watch", "level:<L>" (the computer
 *  at level L, a number or a chosen error such as "loss:2").
 *  @param {Players} players */
export function opponentOf(players) {
  const levels = Object.values(players);
  if (levels.every((l) => l === null)) return "human";
  if (levels.every((l) => l !== null)) return "watch";
  return `level:${levels.find((l) => l !== null)}`;
}

/**
 * The side the person played against the computer, or null.
 * @param {Players} players
 */
export function youOf(players) {
  const levels = Object.entries(players);
  const people = levels.filter(([, level]) => level === null);
  return people.length === 1 && levels.length === 2 ? people[0][0] : null;
}

/** The game's outcome for the list: "win" / "loss" / "draw" for the person against the
 *  computer, "draw" or the winning side otherwise; null while unfinished.
 *  @param {Pick<NewEntry, "over" | "result" | "you">} entry
 *  @returns {string | null} */
export function outcomeOf(entry) {
  if (!entry.over || !entry.result) return null;
  const winner = entry.result.winner;
  if (winner === null || winner === undefined) return "draw";
  if (entry.you) return winner === entry.you ? "win" : "loss";
  return winner;
}

/**
 * The disc margin for the person (Othello), or for the winner otherwise; null without one.
 * @param {Pick<NewEntry, "result" | "sides" | "you">} entry
 */
export function marginOf(entry) {
  const score = entry.result?.score;
  if (!Array.isArray(score) || score.length !== 2) return null;
  const [a, b] = score;
  const sides = entry.sides ?? [];
  if (entry.you) return entry.you === sides[0] ? a - b : b - a;
  return Math.abs(a - b);
}

/** A fresh id: time first, so ids sort roughly as games begin. */
export function newId() {
  const random = crypto.getRandomValues(new Uint32Array(2));
  return `g${Date.now().toString(36)}-${random[0].toString(36)}${random[1].toString(36)}`;
}

/** The entry of `state` (the game on screen) for game `id`, building on `before` (the
 *  stored entry, or null for a new game); `extra`: how it began, its opening's name.
 *  @param {string} id
 *  @param {State} state
 *  @param {Settings} settings
 *  @param {NewEntry | null} before
 *  @param {{source?: string, opening?: string | null}} [extra]
 *  @returns {NewEntry} */
export function entryOf(id, state, settings, before, extra = {}) {
  const now = Date.now();
  const players = playersOf(state, settings);
  const opponent = opponentOf(players);
  const first = before ?? {
    started: now,
    source: extra.source ?? "opened",
    opponent,
    names: null,
    date: null,
    place: null,
    opening: null,
    accuracy: null,
    reviewed: false,
  };
  return {
    ...first,
    id,
    v: ENTRY_VERSION,
    game: state.game,
    record: state.record,
    sides: [...state.sides],
    updated: now,
    ended: state.over ? (before?.ended ?? now) : null,
    moves: state.moves.length,
    over: state.over,
    result: state.result ?? null,
    players,
    you: youOf(players),
    opponent: first.opponent,
    mixed: (before?.mixed ?? false) || first.opponent !== opponent,
    opening: extra.opening ?? first.opening ?? null,
  };
}

/** Whether an entry counts for the rating: a game begun here against one computer level
 *  from the usual start (no set-up position, no handicap), finished, the opponent unchanged.
 *  @param {Entry} entry */
export function rated(entry) {
  return (
    entry.over &&
    entry.source === "new" &&
    !entry.mixed &&
    entry.you !== null &&
    entry.opponent.startsWith("level:") &&
    !/[&](start|handicap)=/.test(entry.record)
  );
}

/**
 * The score (1, 0.5, 0) of a rated entry for the person.
 * @param {Entry} entry
 * @returns {0 | 0.5 | 1}
 */
export function scoreOf(entry) {
  const outcome = outcomeOf(entry);
  return outcome === "win" ? 1 : outcome === "draw" ? 0.5 : 0;
}
