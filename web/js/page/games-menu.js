// Which game is on screen: New game, switching games, the next game of a series, games
// opened from links and imports, and the way back to the game they replaced.

import { engine } from "../rules-engine.js";
import { chooseNewGame } from "../dialog.js";
import { GAMES } from "../games/index.js";
import { readLink, writeLink } from "../link.js";
import { keepPrevious, loadPrevious, loadSaved, saveSettings } from "../store.js";
import { tr } from "../i18n.js";
import { capitalize, errorText } from "./text.js";

/** @typedef {import("../types/app").App} App */
/** @typedef {import("../types/app").GameId} GameId */
/** @typedef {import("../types/app").OpenOptions} OpenOptions */
/** @typedef {import("../types/app").Settings} Settings */
/** @typedef {import("../types/state").State} State */

/**
 * Adds this room's functions to `app` (the page's shared parts, see main.js).
 * @param {App} app
 */
export function installGamesMenu(app) {
  const { page, ai } = app;
  /** The settings of a game replaced by a retry against the computer, restored with it. */
  /** @type {Settings | null} */
  let previousSettings = null;

  /** A link replaced `replaced` (a save string): keep it and offer the way back to it. */
  /**
   * @param {string | null | undefined} replaced
   * @param {State} opened
   */
  function offerPrevious(replaced, opened) {
    if (!replaced || replaced === opened.save) return;
    keepPrevious(replaced);
    previousSettings = null;
    app.notice(tr("Opened the game in the link. Your previous game is kept."), {
      label: tr("Back to it"),
      run: () => returnToPrevious(),
    });
  }

  async function returnToPrevious() {
    const previous = loadPrevious();
    if (!previous || !page.engineReady || page.busy) return;
    const state = await app.ask(
      () => engine.call("open_saved", { text: previous }),
      (err) =>
        app.notice(
          tr("Your previous game could not be opened: {error}.", { error: errorText(err) }),
        ),
    );
    if (!state) return;
    if (page.state) keepPrevious(page.state.save); // and the linked game becomes the one to go back to
    const settings = previousSettings;
    previousSettings = null;
    if (settings) saveSettings(state.game, settings);
    app.notice("");
    app.show(state, { settings });
  }

  /** The New game dialog, then the new game (the game replaced stays in its own save). */
  async function newGame() {
    if (!page.engineReady) return;
    const levels = Object.fromEntries(
      Object.entries(GAMES).map(([id, v]) => [id, v.hasAI ? v.levels : null]),
    );
    const resumable = Object.keys(GAMES).filter(
      (game) => game !== page.state?.game && loadSaved(game),
    );
    const chosen = await chooseNewGame(levels, resumable);
    if (!chosen) return;
    if (chosen.resume !== undefined) return switchGame(chosen.resume);
    const view = GAMES[chosen.game];
    let first = chosen.first;
    let toss = "";
    if (first === "toss") {
      first = crypto.getRandomValues(new Uint8Array(1))[0] & 1 ? "first" : "second";
      const [one, two] = Object.keys(view.sides);
      const mine = first === "first" ? one : two;
      const side = tr(view.sides[mine]);
      toss =
        chosen.opponent === "computer"
          ? tr("The coin toss: you play {side}.", { side })
          : tr("The coin toss: the first player to sit down plays {side}.", { side });
    }
    const [firstSide, secondSide] = Object.keys(view.sides);
    const computer = !view.hasAI
      ? null
      : chosen.opponent === "watch"
        ? "both"
        : chosen.opponent === "computer"
          ? first === "first"
            ? secondSide
            : firstSide
          : null;
    /** @type {Settings} */
    const settings = {
      ...app.settingsOf(chosen.game),
      computer,
      level: chosen.level,
      level2: chosen.level2,
      you: first === "first" ? "A" : "B",
    };
    page.busy = false;
    page.queued = null;
    try {
      const state = await engine.call("new", { game: chosen.game, options: chosen.options });
      saveSettings(chosen.game, settings);
      app.notice(toss);
      app.show(state, { settings, source: "new" });
    } catch (err) {
      app.notice(tr("{problem}. Your game is unchanged.", { problem: capitalize(errorText(err)) }));
    }
  }

  /** Go to `game`: this tab's game of it, else the last one saved (unless another tab has
   *  it open), or a new one. */
  /** @param {GameId} game */
  async function switchGame(game) {
    if (!page.engineReady || page.busy || page.state?.game === game) return;
    const { save: saved, elsewhere } = await app.resumable(game);
    let problem = elsewhere
      ? tr(
          "Your last {game} game is open in another tab, so this is a new one. Every game is in Games.",
          { game: GAMES[game].title },
        )
      : "";
    let fresh = true;
    const state = await app.ask(
      async () => {
        if (saved) {
          try {
            const opened = await engine.call("open_saved", { text: saved });
            fresh = false;
            return opened;
          } catch (err) {
            problem = tr("{problem}. Starting a new {game} game.", {
              problem: capitalize(errorText(err)),
              game: GAMES[game].title,
            });
          }
        }
        return engine.call("new", { game });
      },
      (err) =>
        app.notice(
          tr("{problem}. Your game is unchanged.", { problem: capitalize(errorText(err)) }),
        ),
    );
    if (!state) return;
    app.notice(problem);
    app.show(state, { source: fresh ? "new" : null });
  }

  /** The next game of a series: colours swap, so the computer (if any) changes side too. */
  async function nextSeriesGame() {
    const s = page.state;
    if (!s?.extra?.series || !page.engineReady || page.busy) return;
    const state = await app.ask(() => engine.call("next_game", { record: s.record }));
    if (!state) return;
    if (ai.settings.computer && !ai.watching()) {
      const you = ai.settings.you ?? "A";
      const computer = state.extra.series?.black === you ? "white" : "black";
      const settings = { ...ai.settings, computer };
      saveSettings(state.game, settings);
      ai.use(settings);
    }
    app.notice("");
    app.show(state, { source: "new" });
  }

  /** Open `state` (an import, a WTHOR game, an edited position) as a new game; the game it
   *  replaces stays restorable ("Back to it"), as with links. Analyse: no computer, hints on;
   *  `computer`: the side the computer plays; otherwise the game's computer settings stay.
   *  Puzzle: no computer, no hints; `keep` false: the game replaced (an earlier puzzle) is not
   *  kept, the one kept before it stays the way back.
   *  @param {State} state
   *  @param {string} label what was opened, in words
   *  @param {OpenOptions} [options] */
  function openGame(
    state,
    label,
    { analyse = false, computer = undefined, puzzle = false, keep = true } = {},
  ) {
    const replaced = page.state?.save;
    const base = app.settingsOf(state.game);
    const settings = analyse
      ? { ...base, computer: null, hints: true }
      : puzzle
        ? { ...base, computer: null, hints: false }
        : computer !== undefined
          ? { ...base, computer }
          : base;
    const changed = computer !== undefined || puzzle;
    if (keep) previousSettings = changed && page.state?.game === state.game ? base : null;
    saveSettings(state.game, settings);
    app.show(state, { settings });
    if (replaced && replaced !== state.save) {
      if (keep) keepPrevious(replaced);
      app.notice(tr("Opened {label}. Your previous game is kept.", { label }), {
        label: tr("Back to it"),
        run: () => returnToPrevious(),
      });
    } else app.notice(tr("Opened {label}.", { label }));
  }

  /** The address bar's link changed (a pasted or followed link): open its game. `link`:
   *  the one the change brought (by then the bar may show the computer's move instead).
   *  @param {string} [link] */
  async function openLinkInAddressBar(link = readLink()) {
    if (!page.engineReady || link === page.state?.link || link === app.shownState()?.link) return;
    if (app.openPuzzleLink(link)) return;
    try {
      const state = await engine.call("open_link", { fragment: link });
      app.notice("");
      offerPrevious(page.state?.save, state);
      app.show(state, { source: "link" });
    } catch (err) {
      app.notice(tr("{problem}. Your game is unchanged.", { problem: capitalize(errorText(err)) }));
      const shown = app.shownState();
      if (shown) writeLink(shown.link);
    }
  }

  /** A friend's link turned the computer off (share.js): "Back to it" gives the replaced
   *  game of the same game its `settings` again. */
  /** @param {Settings} settings */
  function keepSettingsForReturn(settings) {
    previousSettings = settings;
  }

  Object.assign(
    app,
    /** @satisfies {import("../types/app").GamesMenuRoom} */ ({
      offerPrevious,
      keepSettingsForReturn,
      returnToPrevious,
      newGame,
      switchGame,
      nextSeriesGame,
      openGame,
      openLinkInAddressBar,
    }),
  );
}
