// Long because: one dialog's list (painted, filtered, opened, deleted and undone) over one
// list state; its files and the Progress tab are modules of their own.
// The Games view: every kept game, newest first, with filters and a search; open one to go
// on with it or to replay and review it; delete (with an undo); the files and the storage
// (files.js) and the Progress tab (progress.js). The list paints its first rows
// from an index cursor, then reads every game for the filters and counts.

import { engine } from "../rules-engine.js";
import { currentLanguage, ntr, tr } from "../i18n.js";
import { errorText } from "../page/text.js";
import { failureText, gamesOpenElsewhere } from "./keeper.js";
import { outcomeOf } from "./entry.js";
import { createFiles } from "./files.js";
import { accuracyText, dateFormat, opponentText, resultText } from "./words.js";
import { createProgress } from "./progress.js";
import { readEntry } from "./db.js";

/** @typedef {import("../types/app").App} App */
/** @typedef {import("../types/app").Settings} Settings */
/** @typedef {import("../types/library").Entry} Entry */
/** @typedef {import("../types/library").LibraryAccess} LibraryAccess */
/** @typedef {import("../types/library").StoredReview} StoredReview */

/** A library failure's words (`err`: a LibraryError, its `kind`).
 *  @param {unknown} err */
const failureWords = (err) =>
  failureText(/** @type {{kind?: string} | null} */ (err)?.kind ?? "failed", errorText(err));

/** Rows painted at first, and added by "Show more". */
export const PAGE = 100;

/** The Games view of the page `app`; `store` gives the open library, the keeper and the
 *  storage failure (each may be null).
 *  @param {App} app
 *  @param {LibraryAccess} store */
export function createGamesView(app, store) {
  const { $ } = app;
  const dialog = $("library-dialog");
  const progress = createProgress(app, store);
  /** The view module of the entry's game (undefined for a game this page does not know). */
  const view = (/** @type {Entry} */ entry) =>
    /** @type {Partial<typeof app.games>} */ (app.games)[entry.game];
  const files = createFiles(app, store, {
    status: (text) => status(text),
    refresh: () => refresh(),
  });
  /** @type {Entry[]} */
  let entries = []; // the games read so far, newest first
  let complete = false; // every game has been read (not just the first page)
  let skipped = 0; // stored records that could not be read
  let shown = PAGE;
  /** @type {Set<string>} */
  let elsewhere = new Set(); // ids of the games other tabs have open
  /** @type {{entry?: Entry, review?: StoredReview} | null} */
  let deleted = null; // the last deleted game, for the undo
  /** @type {{opened: number | null, painted: number | null, complete: number | null}} */
  let timings = { opened: null, painted: null, complete: null };
  let tab = "games";
  const channel =
    typeof BroadcastChannel === "function" ? new BroadcastChannel("flipside-library") : null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let refreshTimer;

  /** Open the view on `which` tab ("games" or "progress"). */
  /** @param {"games" | "progress"} [which] */
  async function open(which = "games") {
    timings = { opened: performance.now(), painted: null, complete: null };
    complete = false;
    shown = PAGE;
    deleted = null;
    $("library-undo").hidden = true;
    $("library-import-status").textContent = "";
    if (!dialog.open) dialog.showModal();
    showTab(which);
    await refresh({ first: true });
    files.askPersistence();
  }

  let reading = 0; // the latest refresh: an older one still reading must not redraw after it

  /** Read the games again (the first page first when `first`) and redraw; a refresh that a
   *  newer one overtook stops at its next step, so the view never goes from every game read
   *  back to "Reading your games…" with an older list. */
  async function refresh({ first = false } = {}) {
    const run = ++reading;
    const library = store.library();
    if (!library) {
      entries = [];
      complete = true;
      render();
      return;
    }
    try {
      elsewhere = await gamesOpenElsewhere(store.keeper()?.current?.id ?? null);
      if (run !== reading) return;
      if (first) {
        const page = await library.newest(PAGE);
        if (run !== reading) return;
        entries = page.entries;
        skipped = page.skipped;
        complete = false;
        render();
        timings.painted ??= performance.now();
      }
      const read = await library.all();
      if (run !== reading) return;
      entries = read.entries;
      skipped = read.skipped;
      complete = true;
      fillOpponents();
      render();
      timings.painted ??= performance.now();
      timings.complete = performance.now();
      if (tab === "progress") progress.render(entries);
    } catch (err) {
      status(failureWords(err));
    }
    files.renderStorage();
  }

  /** @param {"games" | "progress"} which */
  function showTab(which) {
    tab = which;
    for (const name of ["games", "progress"]) {
      const selected = name === which;
      $(`library-tab-${name}`).setAttribute("aria-selected", String(selected));
      $(`library-tab-${name}`).tabIndex = selected ? 0 : -1;
      $(`library-${name}`).hidden = !selected;
    }
    if (which === "progress" && complete) progress.render(entries);
  }

  // -- filters -----------------------------------------------------------------------------

  /** The opponent menu: every opponent some kept game had, by game. */
  function fillOpponents() {
    const select = $("library-opponent");
    const chosen = select.value;
    const keys = new Map();
    for (const entry of entries) {
      const key = entry.names ? `${entry.game}|names` : `${entry.game}|${entry.opponent}`;
      if (!keys.has(key)) keys.set(key, entry);
    }
    const options = [...keys.entries()]
      .map(([key, entry]) => ({
        key,
        label: `${view(entry)?.title ?? entry.game} · ${entry.names ? tr("Imported players") : opponentText(app.games, entry)}`,
      }))
      .sort((a, b) => a.label.localeCompare(b.label, currentLanguage(), { numeric: true }));
    select.replaceChildren(
      new Option(tr("Every opponent"), ""),
      ...options.map((o) => new Option(o.label, o.key)),
    );
    select.value = options.some((o) => o.key === chosen) ? chosen : "";
  }

  /** @param {Entry} entry */
  function matches(entry) {
    const game = $("library-game").value;
    const opponent = $("library-opponent").value;
    const result = $("library-result").value;
    const search = $("library-search").value.trim().toLocaleLowerCase();
    if (game && entry.game !== game) return false;
    if (opponent) {
      const key = entry.names ? `${entry.game}|names` : `${entry.game}|${entry.opponent}`;
      if (key !== opponent) return false;
    }
    const outcome = outcomeOf(entry);
    if (result === "unfinished" && outcome !== null) return false;
    if (result === "finished" && outcome === null) return false;
    if (result === "won" && outcome !== "win") return false;
    if (result === "lost" && outcome !== "loss") return false;
    if (result === "drawn" && outcome !== "draw") return false;
    if (search) {
      const haystack = [entry.opening, ...Object.values(entry.names ?? {}), entry.place]
        .filter(Boolean)
        .join(" ")
        .toLocaleLowerCase();
      if (!haystack.includes(search)) return false;
    }
    return true;
  }

  // -- the list ----------------------------------------------------------------------------

  function render() {
    const found = entries.filter(matches);
    const list = $("library-list");
    const rows = found.slice(0, shown).map(rowOf);
    list.replaceChildren(...rows);
    const total = entries.length;
    const words = !store.library()
      ? failureText(store.failure()?.kind ?? "unavailable", store.failure()?.message ?? "")
      : !total && complete
        ? tr("No games yet: every game you play is kept here from its first move.")
        : found.length === total
          ? ntr("{n} game", "{n} games", total)
          : tr("{shown} of {total} games", { shown: found.length, total });
    const skippedWords = skipped
      ? ` ${ntr("{n} stored game could not be read and was skipped.", "{n} stored games could not be read and were skipped.", skipped)}`
      : "";
    $("library-count").textContent =
      (complete || !total ? words : tr("Reading your games…")) + skippedWords;
    const more = found.length - shown;
    $("library-more").hidden = more <= 0;
    $("library-more").textContent = ntr("Show more ({n} left)", "Show more ({n} left)", more);
  }

  /** @param {Entry} entry */
  function rowOf(entry) {
    const item = document.createElement("li");
    item.className = "library-row";
    item.dataset.id = entry.id;
    const date = dateFormat().format(new Date(entry.started));
    const title = view(entry)?.title ?? entry.game;
    const cells = [
      ["library-date", entry.date || date],
      ["library-game", title],
      ["library-opponent", opponentText(app.games, entry)],
      ["library-result", resultText(app.games, entry)],
      ["library-moves", ntr("{n} move", "{n} moves", entry.moves, { n: entry.moves })],
      ["library-opening", entry.opening ?? ""],
      ["library-accuracy", accuracyText(app.games, entry)],
    ];
    // The row's name is its text: what the button does (for screen readers), then each cell,
    // spaces between them (a grid lays out no whitespace, a screen reader reads it).
    const action = entry.over ? tr("Replay and review") : tr("Continue");
    const openButton = document.createElement("button");
    openButton.type = "button";
    openButton.className = "library-open";
    openButton.title = action;
    const hidden = document.createElement("span");
    hidden.className = "visually-hidden";
    hidden.textContent = `${action}: `;
    openButton.append(hidden);
    for (const [name, text] of cells) {
      const span = document.createElement("span");
      span.className = name;
      span.textContent = text;
      openButton.append(span, " ");
    }
    const outcome = outcomeOf(entry);
    const result = /** @type {HTMLElement} */ (openButton.querySelector(".library-result"));
    if (outcome) result.dataset.outcome = outcome;
    openButton.addEventListener("click", () => openGame(entry));
    item.append(openButton);
    const here = store.keeper()?.current?.id === entry.id;
    if (here || elsewhere.has(entry.id)) {
      const tag = document.createElement("span");
      tag.className = "library-tag";
      tag.textContent = here ? tr("On screen") : tr("Open in another tab");
      item.append(tag);
    }
    // Each action's name says which game: "Delete: Othello, 26 Nov 2026, 23:40".
    /**
     * @param {string} name its class
     * @param {string} text
     * @param {(button: HTMLButtonElement) => void} run
     */
    const button = (name, text, run) => {
      const b = Object.assign(document.createElement("button"), {
        type: "button",
        className: name,
        textContent: text,
      });
      b.setAttribute("aria-label", `${text}: ${title}, ${date}`);
      b.addEventListener("click", () => run(b));
      return b;
    };
    item.append(
      button("library-share", tr("Share"), (b) =>
        app.shareLink(entry.record, tr("{game} on Flipside", { game: title }), b),
      ),
      button("library-export", tr("Export"), () => files.exportOne(entry)),
      button("library-delete", tr("Delete"), () => remove(entry)),
    );
    return item;
  }

  /** @param {string} text */
  function status(text) {
    $("library-import-status").textContent = text;
  }

  // -- open, delete, undo ----------------------------------------------------------------------

  /** @param {Entry} entry */
  async function openGame(entry) {
    const library = store.library();
    let state;
    try {
      state = await engine.call("state", { record: entry.record });
    } catch (err) {
      status(
        tr("This game cannot be opened: {error}. It stays in your library.", {
          error: errorText(err),
        }),
      );
      return;
    }
    const review = library ? await library.review(entry.id).catch(() => null) : null;
    if (review?.record === state.record)
      app.restoreReview?.({ record: review.record, rows: review.rows, summary: review.summary });
    dialog.close();
    const settings = entry.over ? null : settingsFor(entry);
    app.openFromLibrary(state, entry.id, settings);
  }

  /**
   * The computer's settings to go on with an unfinished game as it was played.
   * @param {Entry} entry
   * @returns {Settings}
   */
  function settingsFor(entry) {
    const base = app.settingsOf(entry.game);
    const players = entry.players ?? {};
    /** @type {[string, string][]} the computer's sides and their levels */
    const levels = Object.entries(players).flatMap(([side, level]) =>
      level !== null ? [[side, level]] : [],
    );
    const known = (/** @type {string} */ level) => level in (view(entry)?.levels ?? {});
    if (!levels.every(([, level]) => known(level))) return base;
    const [, second] = entry.sides ?? [];
    const value = (/** @type {string} */ level) => (/^\d+$/.test(level) ? Number(level) : level);
    if (levels.length === 0) return { ...base, computer: null };
    if (levels.length === 2) {
      const first = /** @type {[string, string]} */ (levels.find(([side]) => side !== second))[1];
      const other = /** @type {string} */ (players[second]); // both sides are the computer's
      return { ...base, computer: "both", level: value(first), level2: value(other) };
    }
    const [side, level] = levels[0];
    return { ...base, computer: side, level: value(level), you: side === second ? "A" : "B" };
  }

  /** @param {Entry} entry */
  async function remove(entry) {
    const library = store.library();
    if (!library) return;
    try {
      deleted = await library.remove(entry.id);
    } catch (err) {
      status(failureWords(err));
      return;
    }
    store.keeper()?.forget(entry.id);
    store.keeper()?.announce(entry.id, "deleted");
    entries = entries.filter((e) => e.id !== entry.id);
    render();
    $("library-undo-text").textContent = tr("Deleted the game of {date}.", {
      date: dateFormat().format(new Date(entry.started)),
    });
    $("library-undo").hidden = false;
    $("library-undo-button").focus();
  }

  async function undoDelete() {
    const library = store.library();
    if (!library || !deleted?.entry) return;
    const { entry, review } = deleted;
    deleted = null;
    try {
      await library.putAll([entry], review ? [review] : []);
    } catch (err) {
      status(failureWords(err));
      return;
    }
    store.keeper()?.announce(entry.id);
    $("library-undo").hidden = true;
    status(tr("The game is back."));
    await refresh();
    /** @type {HTMLElement | null} */ (
      dialog.querySelector(`[data-id="${CSS.escape(entry.id)}"] .library-open`)
    )?.focus();
  }

  // -- wiring -----------------------------------------------------------------------------------

  for (const id of ["library-game", "library-opponent", "library-result"]) {
    $(id).addEventListener("change", () => {
      shown = PAGE;
      render();
    });
  }
  $("library-search").addEventListener("input", () => {
    shown = PAGE;
    render();
  });
  $("library-more").addEventListener("click", () => {
    shown += PAGE;
    render();
  });
  $("library-undo-button").addEventListener("click", () => undoDelete());
  $("library-close").addEventListener("click", () => dialog.close());
  for (const name of /** @type {const} */ (["games", "progress"]))
    $(`library-tab-${name}`).addEventListener("click", () => showTab(name));
  $("library-tabs").addEventListener("keydown", (event) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    const next = tab === "games" ? "progress" : "games";
    showTab(next);
    $(`library-tab-${next}`).focus();
    event.preventDefault();
  });
  channel?.addEventListener("message", () => {
    if (!dialog.open) return;
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => refresh(), 150);
  });

  /** Open the library's game `id` (a training card's): false when it is gone. */
  const openById = async (/** @type {string} */ id) => {
    const entry = readEntry(
      await store
        .library()
        ?.get(id)
        .catch(() => null),
    );
    if (entry) await openGame(entry);
    return !!entry;
  };

  return {
    open,
    openById,
    snapshot: () => ({
      open: dialog.open,
      tab,
      rows: [.../** @type {HTMLCollectionOf<HTMLElement>} */ ($("library-list").children)].map(
        (li) => ({
          id: li.dataset.id,
          text: [...li.querySelectorAll(".library-open > span:not(.visually-hidden)")].map(
            (s) => s.textContent,
          ),
          tag: li.querySelector(".library-tag")?.textContent ?? null,
        }),
      ),
      count: $("library-count").textContent,
      storage: $("library-storage").textContent,
      status: $("library-import-status").textContent,
      complete,
      skipped,
      timings: { ...timings },
      progress: progress.snapshot(),
    }),
  };
}
