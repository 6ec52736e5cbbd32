// The New game dialog: which game, the opponent, who moves first (or a coin toss) and each
// game's options. It remembers the last choices; Cancel or Escape leave the game untouched.

import { GAMES } from "./games/index.js";
import { onLanguageChange, tr } from "./i18n.js";
import { levelLabel, levelValue } from "./levels.js";
import { loadChoices, saveChoices } from "./store.js";

/** @typedef {import("./types/games").Choices} Choices */
/** @typedef {import("./types/messages").NewGameOptions} NewGameOptions */
/** @typedef {import("./types/state").Level} Level */
/**
 * What the dialog's choices mean: the game, its options for the facade, the opponent
 * ("human", "computer", "watch"), the computer's levels and who moves first ("first",
 * "second", "toss").
 * @typedef {{game: string, options: NewGameOptions, opponent: string, level: Level,
 *            level2: Level, first: string, resume?: undefined, error?: undefined}} NewGame
 */

/** The page's element by id (index.html's: never missing). */
const $ = /** @type {import("./types/app").ElementGetter} */ ((id) => document.getElementById(id));
const dialog = $("new-game-dialog");
/** The fields whose values are the choices (and are kept), by id. */
const FIELDS = /** @type {const} */ ([
  "opponent",
  "opponent-level",
  "second-level",
  "first",
  "handicap",
  "handicap-for",
  "clock",
  "clock-custom",
  "series",
  "series-target",
  "move-limit",
  "move-limit-custom",
  "opening-kind",
  "opening-plies",
]);
const FIRST_GAME = Object.keys(GAMES)[0];

function chosenGame() {
  return (
    /** @type {HTMLInputElement | null} */ (dialog.querySelector('input[name="game"]:checked'))
      ?.value ?? FIRST_GAME
  );
}

/** @type {Record<string, Record<string, string> | null>} */
let levelsOf = {}; // game -> {level: name}, or null without a computer player

// Another language: the level menus are written anew when the dialog next opens.
onLanguageChange(() => {
  for (const menu of [$("opponent-level"), $("second-level")]) delete menu.dataset.game;
});

/** The level menus for `game` (kept when they already are), the chosen levels kept if they
 *  exist.
 *  @param {string} game */
function fillLevels(game) {
  const levels = levelsOf[game];
  for (const menu of [$("opponent-level"), $("second-level")]) {
    if (!levels || menu.dataset.game === game) continue;
    const chosen = menu.value;
    menu.dataset.game = game;
    menu.replaceChildren(
      ...Object.entries(levels).map(([n, name]) =>
        Object.assign(document.createElement("option"), {
          value: n,
          textContent: levelLabel(n, name),
        }),
      ),
    );
    if (chosen in levels) menu.value = chosen;
    else menu.value = String(Math.min(3, Object.keys(levels).length));
  }
}

/** Show the fields that apply to the chosen game and options.
 *  @param {string[]} resumable */
function refresh(resumable) {
  const game = chosenGame();
  const resume = $("resume-game");
  resume.hidden = !resumable.includes(game);
  resume.textContent = tr("Continue the saved {game} game", { game: GAMES[game].title });
  const labels = GAMES[game].firstLabels;
  $("first-label").textContent = tr(labels.label);
  $("first").options[0].textContent = tr(labels.first);
  $("first").options[1].textContent = tr(labels.second);
  for (const id of Object.keys(GAMES)) $(`${id}-options`).hidden = id !== game;
  fillLevels(game);
  const ai = !!levelsOf[game];
  $("opponent").options[1].disabled = $("opponent").options[2].disabled = !ai;
  if (!ai) $("opponent").value = "human";
  $("no-ai").hidden = ai;
  const opponent = $("opponent").value;
  const [one, two] = Object.values(GAMES[game].sides).map((name) => tr(name));
  $("opponent-level").hidden = $("opponent-level-label").hidden = opponent === "human";
  $("opponent-level-label").textContent =
    opponent === "watch" ? tr("Level of {side}", { side: one }) : tr("Computer's level");
  $("second-level").hidden = $("second-level-label").hidden = opponent !== "watch";
  $("second-level-label").textContent = tr("Level of {side}", { side: two });
  $("first").hidden = $("first-label").hidden = opponent === "watch";
  /** @param {"clock-custom" | "series-target" | "move-limit-custom" | "opening-plies"} id
   *  @param {boolean} on */
  const custom = (id, on) => {
    $(id).hidden = $(`${id}-label`).hidden = !on;
  };
  custom("clock-custom", $("clock").value === "custom");
  custom("series-target", $("series").value !== "none");
  custom("move-limit-custom", $("move-limit").value === "custom");
  custom("opening-plies", $("opening-kind").value === "random");
  $("handicap-for").disabled = $("handicap").value === "0";
}

/** The dialog set to `choices` (the last ones kept: each field checked).
 *  @param {Record<string, unknown>} choices */
function restore(choices) {
  const game =
    typeof choices.game === "string" && choices.game in GAMES ? choices.game : FIRST_GAME;
  // every game of the registry has its radio button
  /** @type {HTMLInputElement} */ (
    dialog.querySelector(`input[name="game"][value="${game}"]`)
  ).checked = true;
  fillLevels(game);
  for (const id of FIELDS) {
    const value = choices[id];
    if (value == null) continue;
    const field = $(id);
    if (
      field instanceof HTMLSelectElement &&
      ![...field.options].some((o) => o.value === String(value))
    )
      continue;
    field.value = String(value);
  }
}

function read() {
  /** @type {Choices} */
  const choices = { game: chosenGame() };
  for (const id of FIELDS) choices[id] = $(id).value;
  return choices;
}

/** What the choices mean: {game, options (for the facade), opponent, level, first}, or an
 *  error text for a value out of range.
 *  @param {Choices} c
 *  @returns {NewGame | {error: string}} */
export function interpret(c) {
  const out = {
    game: c.game,
    opponent: c.opponent,
    level: levelValue(c["opponent-level"]),
    level2: levelValue(c["second-level"] ?? c["opponent-level"]),
    first: c.opponent === "watch" ? "first" : c.first,
  };
  const made = GAMES[c.game].newGameOptions(c);
  if (made.error !== undefined) return made;
  return { ...out, options: made.options };
}

/** Open the dialog; resolves with the interpreted choices, {resume: game} to go back to a
 *  game's saved game, or null when cancelled. `levels`: {game: {level: name} or null}, the
 *  computer's levels of each game (null: no computer opponent); `resumable`: games with a
 *  saved game other than this one.
 *  @param {Record<string, Record<string, string> | null>} levels
 *  @param {string[]} [resumable]
 *  @returns {Promise<NewGame | {resume: string} | null>} */
export function chooseNewGame(levels, resumable = []) {
  levelsOf = levels;
  restore(loadChoices());
  refresh(resumable);
  $("new-game-error").hidden = true;
  return new Promise((resolve) => {
    const onChange = () => refresh(resumable);
    /** @param {NewGame | {resume: string} | null} value */
    const finish = (value) => {
      dialog.removeEventListener("change", onChange);
      $("new-game-form").onsubmit = null;
      $("cancel-game").onclick = null;
      $("resume-game").onclick = null;
      dialog.oncancel = null;
      dialog.close();
      resolve(value);
    };
    dialog.addEventListener("change", onChange);
    $("new-game-form").onsubmit = (event) => {
      event.preventDefault();
      const choices = read();
      const meaning = interpret(choices);
      if (meaning.error !== undefined) {
        $("new-game-error").textContent = meaning.error;
        $("new-game-error").hidden = false;
        return;
      }
      saveChoices(choices);
      finish(meaning);
    };
    $("cancel-game").onclick = () => finish(null);
    $("resume-game").onclick = () => finish({ resume: chosenGame() });
    dialog.oncancel = (event) => {
      event.preventDefault();
      finish(null);
    };
    dialog.showModal();
    /** @type {HTMLInputElement} */ (dialog.querySelector('input[name="game"]:checked')).focus();
  });
}
