// The computer's levels in menus and settings: a ladder of numbered levels, and (Othello)
// opponents of a chosen average error, named by text ("loss:2").

import { tr } from "./i18n.js";

/** A level menu's label: "4 · Club (4 ahead)"; a chosen-error level by its name. `name` is
 *  the level's English name (the game view's, marked N_): shown in the page's language.
 *  @param {import("./types/state").Level} level
 *  @param {string} name
 *  @returns {string} */
export function levelLabel(level, name) {
  return /^\d+$/.test(String(level)) ? `${level} · ${tr(name)}` : tr(name);
}

/** A level as the settings hold it: a number for the ladder's levels, else its text
 *  (`"loss:2"`: the opponent that loses 2 discs a move on average).
 *  @param {string | number} text
 *  @returns {import("./types/state").Level} */
export function levelValue(text) {
  return /^\d+$/.test(String(text)) ? Number(text) : String(text);
}
