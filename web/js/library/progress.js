// The Progress tab: results against each computer opponent (games, wins, draws, losses, mean
// margin, mean accuracy of the reviewed games), the rating estimated from them with its
// uncertainty (the engine's `rating`: flipside.rating), the puzzles, and two charts over
// time: the rating and the accuracy of the reviewed games.

import { engine } from "../rules-engine.js";
import { currentLanguage, formatNumber, ntr, tr } from "../i18n.js";
import { levelLabel } from "../levels.js";
import { errorText } from "../page/text.js";
import { marginOf, outcomeOf, rated, scoreOf } from "./entry.js";
import { lineChart } from "./plot.js";
import { readCard, trainingStats, trainingStatsText } from "./cards.js";

/** @typedef {import("../types/app").App} App */
/** @typedef {import("../types/library").Entry} Entry */
/** @typedef {import("../types/library").LibraryAccess} LibraryAccess */
/** @typedef {import("../types/library").PuzzleAttempt} PuzzleAttempt */
/** @typedef {import("../types/state").GameRating} GameRating */
/** @typedef {import("../types/state").RatingAnswer} RatingAnswer */

/**
 * The results against one computer opponent (a level of a game).
 * @typedef {object} OpponentRow
 * @property {string} game
 * @property {string} level
 * @property {number} games
 * @property {number} wins
 * @property {number} draws
 * @property {number} losses
 * @property {number | null} margin the mean margin (Othello, in discs)
 * @property {number | null} accuracy the mean accuracy of the reviewed games
 * @property {number} reviewed
 */

/**
 * The person's accuracy in a reviewed game against the computer, or null.
 * @param {Entry} entry
 */
function myAccuracy(entry) {
  const accuracy = entry.you ? entry.accuracy?.[entry.you] : null;
  return typeof accuracy === "number" && Number.isFinite(accuracy) ? accuracy : null;
}

/**
 * The Progress tab of the Games view.
 * @param {App} app
 * @param {LibraryAccess} store
 */
export function createProgress(app, store) {
  const { $ } = app;
  /** @type {{rows: OpponentRow[], ratings: RatingAnswer["games"], puzzles: RatingAnswer["puzzles"], attempts: number, language: string} | null} */
  let last = null; // what was drawn, for the tests
  let asked = 0; // renders asked; a slower earlier answer is dropped

  const percent = (/** @type {number} */ v) =>
    formatNumber(v / 100, { style: "percent", maximumFractionDigits: 1 });
  const round = (/** @type {number} */ v) => formatNumber(Math.round(v), { useGrouping: false }); // ratings: 1612

  /**
   * One row per game and computer level the player met: finished games with one person.
   * @param {Entry[]} entries
   * @returns {OpponentRow[]}
   */
  function opponentRows(entries) {
    /** @type {Map<string, {game: string, level: string, games: Entry[]}>} */
    const groups = new Map();
    for (const entry of entries) {
      if (!entry.over || !entry.you || !entry.opponent?.startsWith("level:") || entry.mixed)
        continue;
      const key = `${entry.game}|${entry.opponent}`;
      if (!groups.has(key))
        groups.set(key, { game: entry.game, level: entry.opponent.slice(6), games: [] });
      groups.get(key)?.games.push(entry);
    }
    const mean = (/** @type {number[]} */ values) =>
      values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
    return [...groups.values()]
      .map(({ game, level, games }) => {
        const outcomes = games.map(outcomeOf);
        const margins = games.map(marginOf).filter((m) => m !== null);
        const accuracies = games.flatMap((e) => myAccuracy(e) ?? []);
        return {
          game,
          level,
          games: games.length,
          wins: outcomes.filter((o) => o === "win").length,
          draws: outcomes.filter((o) => o === "draw").length,
          losses: outcomes.filter((o) => o === "loss").length,
          margin: mean(margins),
          accuracy: mean(accuracies),
          reviewed: accuracies.length,
        };
      })
      .sort(
        (a, b) =>
          a.game.localeCompare(b.game) || a.level.localeCompare(b.level, "en", { numeric: true }),
      );
  }

  /** @param {OpponentRow[]} rows */
  function renderTable(rows) {
    const body = $("progress-opponents");
    const cell = (/** @type {string} */ text, header = false) => {
      const td = document.createElement(header ? "th" : "td");
      if (td instanceof HTMLTableCellElement && header) td.scope = "row";
      td.textContent = text;
      return td;
    };
    body.replaceChildren(
      ...rows.map((r) => {
        const tr_ = document.createElement("tr");
        const view = app.games[r.game];
        const name = `${view.title} · ${levelLabel(r.level, view.levels[r.level] ?? r.level)}`;
        tr_.append(
          cell(name, true),
          cell(String(r.games)),
          cell(String(r.wins)),
          cell(String(r.draws)),
          cell(String(r.losses)),
          cell(
            r.margin === null
              ? "—"
              : `${r.margin > 0 ? "+" : r.margin < 0 ? "\u2212" : ""}${formatNumber(Math.abs(r.margin), { maximumFractionDigits: 1 })}`,
          ),
          cell(r.accuracy === null ? "—" : percent(r.accuracy)),
        );
        return tr_;
      }),
    );
    $("progress-table").hidden = !rows.length;
    $("progress-empty").hidden = rows.length > 0;
  }

  /**
   * The rating's words: "1612, likely between 1484 and 1740 (18 games)".
   * @param {string} title the game's
   * @param {GameRating} r
   * @param {number} count
   * @param {"games" | "puzzles"} kind
   */
  function ratingText(title, r, count, kind) {
    const values = {
      game: title,
      rating: round(r.rating),
      low: round(r.rating - 2 * r.sd),
      high: round(r.rating + 2 * r.sd),
      n: count,
    };
    return kind === "games"
      ? ntr(
          "{game}: {rating}, likely between {low} and {high} ({n} rated game)",
          "{game}: {rating}, likely between {low} and {high} ({n} rated games)",
          count,
          values,
        )
      : ntr(
          "{game} puzzles: {rating}, likely between {low} and {high} ({n} puzzle)",
          "{game} puzzles: {rating}, likely between {low} and {high} ({n} puzzles)",
          count,
          values,
        );
  }

  /**
   * @param {RatingAnswer} ratings
   * @param {Entry[]} entries
   */
  function charts(ratings, entries) {
    const box = $("progress-charts");
    box.replaceChildren();
    for (const [game, r] of Object.entries(ratings.games)) {
      const title = app.games[game].title;
      const heading = document.createElement("h4");
      heading.textContent = tr("{game} rating over your rated games", { game: title });
      const points = r.history.map((h) => ({
        y: h.rating,
        low: h.rating - 2 * h.sd,
        high: h.rating + 2 * h.sd,
      }));
      box.append(
        heading,
        lineChart({
          series: [{ points, className: "plot-rating" }],
          label: ratingText(title, r, r.count, "games"),
          format: round,
        }),
      );
    }
    const reviewed = entries
      .filter((e) => myAccuracy(e) !== null)
      .sort((a, b) => (a.ended ?? a.updated) - (b.ended ?? b.updated));
    for (const game of Object.keys(app.games)) {
      const mine = reviewed.filter((e) => e.game === game);
      if (!mine.length) continue;
      const heading = document.createElement("h4");
      heading.textContent = tr("{game} accuracy over your reviewed games", {
        game: app.games[game].title,
      });
      const points = mine.map((e) => ({ y: /** @type {number} */ (myAccuracy(e)) }));
      const mean = points.reduce((a, p) => a + p.y, 0) / points.length;
      const label = ntr(
        "{n} reviewed game, mean accuracy {accuracy}",
        "{n} reviewed games, mean accuracy {accuracy}",
        points.length,
        {
          accuracy: percent(mean),
        },
      );
      box.append(
        heading,
        lineChart({
          series: [{ points, className: "plot-accuracy" }],
          label,
          format: (v) => `${Math.round(v)}%`,
          yMin: 0,
          yMax: 100,
        }),
      );
    }
  }

  /**
   * @param {PuzzleAttempt[]} attempts
   * @param {RatingAnswer} ratings
   */
  function puzzleLines(attempts, ratings) {
    /** @type {string[]} */
    const lines = [];
    for (const game of Object.keys(app.games)) {
      const mine = attempts.filter((a) => a.game === game);
      if (!mine.length) continue;
      const solved = mine.filter((a) => a.result === "solved").length;
      const title = app.games[game].title;
      lines.push(
        tr("{game}: {solved} solved, {failed} failed", {
          game: title,
          solved,
          failed: mine.length - solved,
        }),
      );
      const r = ratings.puzzles[game];
      if (r) lines.push(ratingText(title, r, r.count, "puzzles"));
    }
    return lines;
  }

  /** @param {Entry[]} entries every game kept */
  async function render(entries) {
    const mine = ++asked;
    last = null; // until this render's figures are drawn: what is on screen is the old ones
    const rows = opponentRows(entries);
    renderTable(rows);
    const library = store.library();
    const attempts = library ? await library.puzzles().catch(() => []) : [];
    const [cards, answers] = library
      ? await Promise.all([library.cards(), library.answers()]).catch(() => [[], []])
      : [[], []];
    $("progress-training").textContent = trainingStatsText(
      trainingStats(
        cards.flatMap((c) => readCard(c) ?? []),
        answers,
        Date.now(),
      ),
    );
    const games = entries
      .filter(rated)
      .sort((a, b) => (a.ended ?? a.updated) - (b.ended ?? b.updated))
      .map((e) => ({ game: e.game, level: e.opponent.slice(6), score: scoreOf(e) }));
    /** @type {import("../types/messages").RatedPuzzle[]} */
    const puzzles = attempts
      .filter((a) => Number.isFinite(a.rating))
      .sort((a, b) => a.at - b.at)
      .map((a) => ({
        game: a.game,
        rating: /** @type {number} */ (a.rating), // finite (above)
        score: a.result === "solved" ? 1 : 0,
      }));
    let ratings;
    try {
      ratings = await engine.call("rating", { games, puzzles });
    } catch (err) {
      if (mine !== asked) return;
      $("progress-rating").textContent = tr("The rating could not be worked out: {error}.", {
        error: errorText(err),
      });
      last = {
        rows,
        ratings: {},
        puzzles: {},
        attempts: attempts.length,
        language: currentLanguage(),
      };
      return;
    }
    if (mine !== asked) return;
    const lines = Object.entries(ratings.games).map(([game, r]) =>
      ratingText(app.games[game].title, r, r.count, "games"),
    );
    $("progress-rating").textContent = lines.length
      ? lines.join(" · ")
      : tr(
          "Finish a game against the computer to get a rating: it is worked out from your results against its levels.",
        );
    const puzzleText = puzzleLines(attempts, ratings);
    $("progress-puzzles").textContent = puzzleText.length
      ? puzzleText.join(" · ")
      : tr("No puzzles tried yet.");
    charts(ratings, entries);
    last = {
      rows,
      ratings: ratings.games,
      puzzles: ratings.puzzles,
      attempts: attempts.length,
      language: currentLanguage(),
    };
  }

  return {
    render,
    snapshot: () =>
      last && {
        rows: last.rows,
        ratings: Object.fromEntries(
          Object.entries(last.ratings).map(([g, r]) => [
            g,
            { rating: r.rating, sd: r.sd, count: r.count },
          ]),
        ),
        puzzles: Object.fromEntries(
          Object.entries(last.puzzles).map(([g, r]) => [
            g,
            { rating: r.rating, sd: r.sd, count: r.count },
          ]),
        ),
        attempts: last.attempts,
        ratingText: $("progress-rating").textContent,
        puzzleText: $("progress-puzzles").textContent,
        trainingText: $("progress-training").textContent,
        charts: $("progress-charts").querySelectorAll("svg").length,
      },
  };
}
