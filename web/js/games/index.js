// The games the page knows, by id: each one's view (drawing, input, names). Adding a game
// is one module in this folder and one line here; nothing outside js/games/ names a game.

import { othello } from "./othello.js";
import { themisto } from "./themisto.js";

export const GAMES = { othello, themisto };
