// The puzzle sets (puzzles/<game>.json, fetched when first opened and kept for the page's
// life), their kinds, and the next puzzle of a kind: what the puzzles room reads of a set.

import { N_, tr } from "./i18n.js";

/**
 * One puzzle of a set (puzzles/<game>.json, made by the build's puzzle tools).
 * @typedef {object} Puzzle
 * @property {number} id
 * @property {string} position the game's position string
 * @property {import("./types/state").Side} toMove
 * @property {string} best the best move's name
 * @property {string} [kind] a key of KINDS ("endgame" when missing)
 * @property {number} rating
 * @property {string} source
 * @property {number} [score] Othello: the exact score with the best move
 * @property {number} [gap] Othello: how much worse the second-best move is
 * @property {number} [empties] Othello
 * @property {number} [value] Othello (a midgame puzzle): the best move's value
 * @property {string} [defence] Themisto, a win in two: the other side's reply
 * @property {string} [win] Themisto, a win in two: the winning move after it
 */

/**
 * A game's puzzle set.
 * @typedef {{game: import("./types/state").GameId, puzzles: Puzzle[]}} PuzzleSet
 */

export const KINDS = {
  endgame: N_("Endgames"),
  midgame: N_("Midgame"),
  "win in one": N_("Win in one"),
  "save the game": N_("Save the game"),
  "win in two": N_("Win in two"),
};
/** @param {Puzzle} puzzle */
export const kindOf = (puzzle) => puzzle.kind ?? "endgame";

/** @type {Record<string, Promise<PuzzleSet>>} */
const sets = {}; // game -> Promise of its set

/** The puzzle set of `game` (a promise; a failed fetch is tried again next time).
 *  @param {import("./types/state").GameId} game
 *  @returns {Promise<PuzzleSet>} */
export function loadSet(game) {
  sets[game] ??= fetch(`puzzles/${game}.json`).then((response) => {
    if (!response.ok) {
      const template = N_("the puzzles could not be loaded ({status})");
      const values = { status: response.status };
      throw Object.assign(new Error(tr(template, values)), { template, values });
    }
    return response.json();
  });
  sets[game].catch(() => delete sets[game]); // a later try fetches again
  return sets[game];
}

/** The first puzzle of `kind` ("" for any) at index `from` or after, wrapping round.
 *  @param {Puzzle[]} puzzles
 *  @param {number} from
 *  @param {string} kind
 *  @returns {Puzzle | undefined} */
export function following(puzzles, from, kind) {
  const n = puzzles.length;
  for (let i = 0; i < n; i++) {
    const p = puzzles[(((from + i) % n) + n) % n];
    if (!kind || kindOf(p) === kind) return p;
  }
  return undefined;
}
