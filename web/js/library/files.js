// The Games view's files and storage: one game or the whole library exported (GGF, Flipside
// game files, the JSON backup), files imported (a backup, a GGF file of many games, a text of
// games), games already kept recognised; and what the browser keeps (persist, estimate).

import { engine } from "../rules-engine.js";
import { formatNumber, ntr, tr } from "../i18n.js";
import { capitalize, errorText } from "../page/text.js";
import { entryFromBackup, makeBackup, readBackup } from "./backup.js";
import { failureText } from "./keeper.js";
import { newId } from "./entry.js";

/** @typedef {import("../types/app").App} App */
/** @typedef {import("../types/library").Entry} Entry */
/** @typedef {import("../types/library").LibraryAccess} LibraryAccess */
/** @typedef {import("../types/library").StoredReview} StoredReview */
/** @typedef {import("./db.js").Library} Library */

/**
 * What an import did: games added, games already kept, the games it could not read, and a
 * backup's training cards added and skipped (their ids).
 * @typedef {{added: number, duplicates: number, errors: string[], cards?: number, skippedCards?: string[]}} Imported
 */

/** The files part of the Games view of `app`; `store` as the view's; `view`: {status(text),
 *  refresh()} of the view.
 *  @param {App} app
 *  @param {LibraryAccess} store
 *  @param {{status: (text: string) => void, refresh: () => Promise<void>}} view */
export function createFiles(app, store, { status, refresh }) {
  const { $ } = app;

  // -- export and import -------------------------------------------------------------------------

  /**
   * Download `text` as the file `name`.
   * @param {string} text
   * @param {string} name
   * @param {string} type its MIME type
   */
  function save(text, name, type) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    status(tr("Saved {file}.", { file: name }));
  }

  const stamp = () => new Date().toISOString().slice(0, 10);
  const exportEntry = (/** @type {Entry} */ entry) => ({
    record: entry.record,
    black: entry.names?.black ?? (entry.players?.black ? `Flipside ${entry.players.black}` : ""),
    white: entry.names?.white ?? (entry.players?.white ? `Flipside ${entry.players.white}` : ""),
    date: entry.date ?? new Date(entry.started).toISOString().slice(0, 10).replaceAll("-", "."),
    place: entry.place ?? "",
  });

  /** @param {Entry} entry */
  async function exportOne(entry) {
    try {
      const files = await engine.call("library_export", { entries: [exportEntry(entry)] });
      if (files.ggf) save(files.ggf, `flipside-${entry.game}-${entry.id}.ggf`, "text/plain");
      else save(String(files.text), `flipside-${entry.game}-${entry.id}.txt`, "text/plain");
    } catch (err) {
      status(tr("Cannot export: {error}.", { error: errorText(err) }));
    }
  }

  /** @param {"ggf" | "text" | "backup"} kind */
  async function exportAll(kind) {
    const library = store.library();
    if (!library) return;
    try {
      const { entries: all } = await library.all();
      if (kind === "backup") {
        const reviews = await library.reviewsOf(all.filter((e) => e.reviewed).map((e) => e.id));
        const puzzles = await library.puzzles();
        const [cards, answers] = await Promise.all([library.cards(), library.answers()]);
        save(
          JSON.stringify(makeBackup(all, reviews, puzzles, cards, answers)),
          `flipside-backup-${stamp()}.json`,
          "application/json",
        );
        return;
      }
      const game = kind === "ggf" ? "othello" : "themisto";
      const chosen = all.filter((e) => e.game === game).reverse();
      if (!chosen.length) {
        status(tr("There is no {game} game to export.", { game: app.games[game].title }));
        return;
      }
      const files = await engine.call("library_export", { entries: chosen.map(exportEntry) });
      if (kind === "ggf") save(String(files.ggf), `flipside-othello-${stamp()}.ggf`, "text/plain");
      else save(String(files.text), `flipside-themisto-${stamp()}.txt`, "text/plain");
    } catch (err) {
      status(tr("Cannot export: {error}.", { error: errorText(err) }));
    }
  }

  /** Import a backup, a GGF file or a text file of games: new games are added, games already
   *  in the library (the same record) are recognised and left as they are.
   *  @param {File | undefined} file */
  async function importFile(file) {
    const library = store.library();
    if (!library || !file) return;
    status(tr("Reading {file}…", { file: file.name }));
    try {
      const text = await file.text();
      const { entries: known } = await library.all();
      const records = new Map(known.map((e) => [e.record, e.id]));
      const result = text.trimStart().startsWith("{")
        ? await importBackup(library, text, records)
        : await importGames(library, text, records, file.name);
      const words = [
        ntr("Added {n} game.", "Added {n} games.", result.added),
        result.duplicates
          ? ntr(
              "{n} was already in your library.",
              "{n} were already in your library.",
              result.duplicates,
            )
          : "",
        result.errors.length
          ? ntr(
              "{n} could not be read: {first}",
              "{n} could not be read, the first: {first}",
              result.errors.length,
              {
                first: result.errors[0],
              },
            )
          : "",
        result.cards
          ? ntr("Added {n} training card.", "Added {n} training cards.", result.cards)
          : "",
        result.skippedCards?.length
          ? ntr(
              "{n} training card could not be read and was skipped: {ids}.",
              "{n} training cards could not be read and were skipped: {ids}.",
              result.skippedCards.length,
              { ids: result.skippedCards.join(", ") },
            )
          : "",
      ];
      status(words.filter(Boolean).join(" "));
      if (result.added) store.keeper()?.announce(null);
      await refresh();
    } catch (err) {
      status(tr("{problem}. Your library is unchanged.", { problem: capitalize(errorText(err)) }));
    }
  }

  /**
   * @param {Library} library
   * @param {string} text
   * @param {Map<string, string>} records the records already kept, and their ids
   * @param {string} name the file's
   * @returns {Promise<Imported>}
   */
  async function importGames(library, text, records, name) {
    /** @type {import("../types/messages").OnReport<"library_read">} */
    const reading = (report) =>
      report.type === "progress" &&
      status(
        tr("Reading {file}: {done} of {total} games…", {
          file: name,
          done: formatNumber(report.done),
          total: formatNumber(report.total),
        }),
      );
    const read = await engine.call("library_read", { text }, reading);
    const errors = read.errors.map((e) =>
      tr("game {number}: {error}", { number: e.number, error: e.message }),
    );
    const now = Date.now();
    /** @type {Entry[]} */
    const added = [];
    let duplicates = 0;
    for (const [i, game] of read.games.entries()) {
      if (records.has(game.record)) {
        duplicates++;
        continue;
      }
      const id = newId();
      records.set(game.record, id);
      const names =
        game.black || game.white
          ? { [game.sides[0]]: game.black, [game.sides[1]]: game.white }
          : null;
      const about = {
        source: "import",
        started: now - i,
        names,
        date: game.date,
        place: game.place,
        opponent: "human",
      };
      added.push(entryFromBackup(about, game, id));
    }
    await library.putAll(added);
    return { added: added.length, duplicates, errors };
  }

  /**
   * @param {Library} library
   * @param {string} text
   * @param {Map<string, string>} records the records already kept, and their ids
   * @returns {Promise<Imported>}
   */
  async function importBackup(library, text, records) {
    const backup = readBackup(text); // a BackupError says what is wrong, in words
    const summaries = backup.games.length
      ? await engine.call("library_summaries", { records: backup.games.map((g) => g.record) })
      : [];
    /** @type {string[]} */
    const errors = [];
    /** @type {Entry[]} */
    const added = [];
    /** @type {Map<string, string>} */
    const ids = new Map(); // the backup's id -> the new one
    let duplicates = 0;
    for (const [i, game] of backup.games.entries()) {
      const summary = summaries[i];
      if (summary.error !== undefined) {
        errors.push(summary.error);
        continue;
      }
      const kept = records.get(summary.record);
      if (kept !== undefined) {
        if (typeof game.id === "string") ids.set(game.id, kept);
        duplicates++;
        continue;
      }
      const id = newId();
      records.set(summary.record, id);
      if (typeof game.id === "string") ids.set(game.id, id);
      added.push(entryFromBackup(game, summary, id));
    }
    const reviews = backup.reviews.flatMap((r) => {
      const id = ids.get(r.id);
      return id ? [{ id, record: r.record, rows: r.rows, summary: r.summary }] : [];
    });
    await library.putAll(added, reviews);
    const attempts = new Set((await library.puzzles()).map((p) => `${p.game}|${p.id}|${p.at}`));
    for (const attempt of backup.puzzles) {
      if (!attempts.has(`${attempt.game}|${attempt.id}|${attempt.at}`)) {
        await library.addPuzzle({
          ...attempt,
          at: Number.isFinite(attempt.at) ? attempt.at : Date.now(),
        });
      }
    }
    for (let n = 0; n < backup.skipped; n++) errors.push(tr("an entry without a record"));
    // The training's cards: a mistake's game under its id here (the card keeps its own
    // position when its game is not in the library); a card already kept keeps its schedule.
    /** @type {Map<string, string>} */
    const cardIds = new Map();
    const cards = backup.cards.map((card) => {
      if (card.deck !== "mistakes" || !card.source) return card;
      const source = ids.get(card.source) ?? null;
      const id = source ? `mistake:${source}:${card.ply}` : card.id;
      cardIds.set(card.id, id);
      return { ...card, id, source };
    });
    const cardsAdded = cards.length ? await library.addCards(cards) : 0;
    if (backup.answers.length)
      await library.addAnswers(
        backup.answers.map((a) => ({ ...a, card: cardIds.get(a.card) ?? a.card })),
      );
    return {
      added: added.length,
      duplicates,
      errors,
      cards: cardsAdded,
      skippedCards: backup.skippedCards,
    };
  }

  // -- storage ---------------------------------------------------------------------------------

  /** @type {boolean | null} */
  let persisted = null;

  async function askPersistence() {
    try {
      persisted = (await navigator.storage?.persisted?.()) ?? null;
      renderStorage();
      if (persisted === false && navigator.storage?.persist) {
        persisted = await navigator.storage.persist();
        renderStorage();
      }
    } catch {
      persisted = null;
    }
  }

  async function renderStorage() {
    const failure = store.failure();
    const parts = [];
    if (failure) parts.push(failureText(failure.kind, failure.message));
    else if (persisted === true)
      parts.push(tr("The browser keeps your games until you delete them."));
    else if (persisted === false)
      parts.push(
        tr(
          "The browser may clear your games when it runs short of space: download a backup now and then.",
        ),
      );
    try {
      const estimate = await navigator.storage?.estimate?.();
      if (estimate?.usage !== undefined) {
        const mb = (/** @type {number} */ bytes) =>
          formatNumber(bytes / 1e6, { maximumFractionDigits: 1 });
        parts.push(
          estimate.quota
            ? tr("Flipside uses {used} MB of the {quota} MB this browser allows.", {
                used: mb(estimate.usage),
                quota: mb(estimate.quota),
              })
            : tr("Flipside uses {used} MB.", { used: mb(estimate.usage) }),
        );
      }
    } catch {
      // no estimate: nothing said of the space
    }
    $("library-storage").textContent = parts.join(" ");
  }

  $("library-export-ggf").addEventListener("click", () => exportAll("ggf"));
  $("library-export-text").addEventListener("click", () => exportAll("text"));
  $("library-export-backup").addEventListener("click", () => exportAll("backup"));
  $("library-import").addEventListener("change", (event) => {
    const input = /** @type {HTMLInputElement} */ (event.target);
    importFile(input.files?.[0]);
    input.value = "";
  });

  return { exportOne, askPersistence, renderStorage };
}
