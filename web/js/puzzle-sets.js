// The puzzle sets (puzzles/<game>.json, fetched when first opened and kept for the page's
// life), their kinds, and the next puzzle of a kind: what the puzzles room reads of a set.

import { N_, tr } from "./i18n.js";

export const KINDS = {
  endgame: N_("Endgames"),
  midgame: N_("Midgame"),
  "win in one": N_("Win in one"),
  "save the game": N_("Save the game"),
  "win in two": N_("Win in two"),
};
export const kindOf = (puzzle) => puzzle.kind ?? "endgame";

const sets = {}; // game -> Promise of its set

/** The puzzle set of `game` (a promise; a failed fetch is tried again next time). */
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

/** The first puzzle of `kind` ("" for any) at index `from` or after, wrapping round. */
export function following(puzzles, from, kind) {
  const n = puzzles.length;
  for (let i = 0; i < n; i++) {
    const p = puzzles[(((from + i) % n) + n) % n];
    if (!kind || kindOf(p) === kind) return p;
  }
  return undefined;
}
