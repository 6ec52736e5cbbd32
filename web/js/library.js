// The game library, loaded after the engine is ready (a bundle of its own, so the first
// visit's bytes before the game is playable do not change): the store (library/db.js), the
// keeping of the game on screen (library/keeper.js), the move of the older saves
// (library/migrate.js) and the Games view (library/view.js, library/progress.js).
// `page/games.js` loads it and hands it the page's `app`.

import { engine } from "./rules-engine.js";
import { tr } from "./i18n.js";
import { Library, LibraryError, openLibraryDB } from "./library/db.js";
import { Keeper, failureText } from "./library/keeper.js";
import { migrate } from "./library/migrate.js";
import { puzzleCard } from "./library/cards.js";
import { createGamesView } from "./library/view.js";

/** @typedef {import("./types/app").App} App */
/** @typedef {import("./types/app").Opening} Opening */
/** @typedef {import("./types/library").KeptReview} KeptReview */
/** @typedef {import("./types/library").Migrated} Migrated */
/** @typedef {import("./types/library").PuzzleAttempt} PuzzleAttempt */
/** @typedef {import("./types/state").State} State */
/** @typedef {import("./library/keeper.js").KeeperOptions} KeeperOptions */

/** Open the library for the page `app`: {keep, keepReview, keepPuzzle, openView, snapshot}.
 *  Storage that cannot be opened leaves a library that keeps nothing and says why.
 *  @param {App} app
 *  @param {Record<string, string | null> | null} older what the older versions kept
 *    (page/games.js), moved into the library once */
export async function startLibrary(app, older) {
  /** @type {Library | null} */
  let library = null;
  /** @type {LibraryError | null} */
  let failure = null;
  /** @type {Migrated | null} */
  let migrated = null;
  try {
    const db = await openLibraryDB({ onStale: () => stale() });
    library = new Library(db);
    const opened = library;
    const move = () =>
      migrate(opened, older, {
        open: (method, params) => engine.call(method, params),
        settingsOf: app.settingsOf,
      });
    migrated = await (navigator.locks?.request
      ? navigator.locks.request("flipside.migrate", move)
      : move());
    app.olderMoved();
  } catch (err) {
    failure = err instanceof LibraryError ? err : new LibraryError("unavailable", err);
  }
  const keeper = library
    ? new Keeper(library, {
        settings: () => app.ai.settings,
        opening: (record) => openingOf(app.ai.opening, record),
        notice: (text, action) => app.notice(text, action, { keep: true }),
        session: (game, id, record) => app.noteTabGame(game, id, record),
      })
    : null;
  let told = false;

  function stale() {
    library?.close();
    failure = new LibraryError("stale", "a newer Flipside upgraded the library");
    sayStale();
  }

  /** Said again after every move: until the reload, nothing this tab plays is kept. */
  function sayStale() {
    app.notice(failureText("stale", ""), { label: tr("Reload"), run: () => location.reload() });
  }

  /** The library could not open: said once, the game goes on. */
  function tellFailure() {
    if (told || !failure) return;
    told = true;
    app.notice(failureText(failure.kind, failure.message), null, { keep: true });
  }

  const view = createGamesView(app, {
    library: () => (failure ? null : library),
    keeper: () => keeper,
    failure: () => failure ?? (keeper?.failure ? keeper.failure : null),
  });

  return {
    /**
     * @param {State} state
     * @param {KeeperOptions} [options]
     */
    async keep(state, options) {
      if (failure?.kind === "stale") return sayStale();
      if (failure || !keeper) {
        if (!options?.practice && state.moves.length) tellFailure();
        return;
      }
      await keeper.keep(state, options);
    },
    keepOpening: (/** @type {Opening} */ opening) =>
      keeper?.keepOpening(opening, openingOf(opening, keeper.current?.record ?? "")),
    keepReview: (/** @type {KeptReview} */ review) => keeper?.keepReview(review),
    /** A puzzle's first try; a failed one becomes a training card. */
    async keepPuzzle(/** @type {Omit<PuzzleAttempt, "at">} */ attempt) {
      await keeper?.keepPuzzle(attempt);
      if (attempt.result === "failed" && library && !failure)
        await library.addCards([puzzleCard(attempt.game, attempt.id, Date.now())]).catch(() => {}); // the attempt's own write has said what fails
    },
    openView: (/** @type {"games" | "progress"} */ tab) => view.open(tab),
    /** Open the library's game `id` (a training card's): false when it is not there. */
    openGameById: (/** @type {string} */ id) => view.openById(id),
    /** The open store for the training (null when storage failed), and the failure. */
    store: () => ({
      library: failure ? null : library,
      failure: failure ?? (keeper?.failure ? keeper.failure : null),
    }),
    snapshot: () => ({
      current: keeper?.current ? { id: keeper.current.id, rev: keeper.current.rev } : null,
      failure: failure
        ? { kind: failure.kind, message: failure.message }
        : (keeper?.failure ?? null),
      migrated,
      ...view.snapshot(),
    }),
  };
}

/** The opening's name when it was found for `record` or an earlier position of the same
 *  game: the same set-up, and its moves begin the record's moves.
 *  @param {Opening | null} opening
 *  @param {string} record */
function openingOf(opening, record) {
  if (!opening?.record) return null;
  const [moves, setup = ""] = opening.record.split(/&(.*)/s);
  const [later, laterSetup = ""] = record.split(/&(.*)/s);
  return setup === laterSetup && later.startsWith(moves) ? opening.name : null;
}
