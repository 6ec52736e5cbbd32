// The games the page knows, by id: each one's view (drawing, input, names). Adding a game
// is one module in this folder and one line here; nothing outside js/games/ names a game.

import { othello } from "./othello.js";
import { themisto } from "./themisto.js";

/** Each game's view by its id; the page sees every one as a `GameView` (a view is handed
 *  only its own game's states: `GAMES[state.game]`).
 *  @type {Record<string, import("../types/games").GameView>} */
export const GAMES = { othello, themisto };
