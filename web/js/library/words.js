// The words of a kept game in the Games view: its opponent, its result and its accuracy.

import { currentLanguage, formatNumber, tr } from "../i18n.js";
import { levelLabel } from "../levels.js";
import { marginOf, outcomeOf } from "./entry.js";

/** @typedef {import("../types/library").Entry} Entry */
/** @typedef {import("../types/app").AppBase["games"]} Games */

const sideName = (
  /** @type {Games} */ games,
  /** @type {Entry} */ entry,
  /** @type {string} */ side,
) => tr(games[entry.game]?.sides[side] ?? side);

/** Who the game was against, in words: "Computer · 6 · Expert (deep)", "Two players", or
 *  an imported game's players.
 *  @param {Games} games the game views (js/games/)
 *  @param {Entry} entry */
export function opponentText(games, entry) {
  const names = entry.names;
  if (names && entry.sides?.length === 2 && names[entry.sides[0]] && names[entry.sides[1]]) {
    return tr("{first} – {second}", {
      first: names[entry.sides[0]],
      second: names[entry.sides[1]],
    });
  }
  if (entry.opponent === "human") return tr("Two players");
  if (entry.opponent === "watch") return tr("The computer against itself");
  const level = entry.opponent.replace(/^level:/, "");
  return tr("Computer · {level}", {
    level: levelLabel(level, games[entry.game]?.levels[level] ?? level),
  });
}

/**
 * The result in words, from the person's side against the computer ("Won by 16").
 * @param {Games} games
 * @param {Entry} entry
 */
export function resultText(games, entry) {
  const outcome = outcomeOf(entry);
  const margin = marginOf(entry);
  const score = entry.result?.score;
  if (outcome === null) return tr("Unfinished");
  if (outcome === "win") return margin ? tr("Won by {n}", { n: margin }) : tr("Won");
  if (outcome === "loss") return margin ? tr("Lost by {n}", { n: -margin }) : tr("Lost");
  if (outcome === "draw") return tr("Draw");
  const side = sideName(games, entry, outcome);
  return Array.isArray(score)
    ? tr("{side} won {a}–{b}", { side, a: score[0], b: score[1] })
    : tr("{side} won", { side });
}

/**
 * The accuracy of a reviewed game ("Accuracy 87.5 %"), or "".
 * @param {Games} games
 * @param {Entry} entry
 */
export function accuracyText(games, entry) {
  const accuracy = entry.accuracy;
  if (!accuracy) return "";
  const percent = (/** @type {number | null} */ v) =>
    formatNumber(Number(v) / 100, { style: "percent", maximumFractionDigits: 1 });
  if (entry.you && Number.isFinite(accuracy[entry.you]))
    return tr("Accuracy {accuracy}", { accuracy: percent(accuracy[entry.you]) });
  const parts = (entry.sides ?? Object.keys(accuracy))
    .filter((side) => Number.isFinite(accuracy[side]))
    .map((side) => `${sideName(games, entry, side)} ${percent(accuracy[side])}`);
  return parts.length ? tr("Accuracy {accuracy}", { accuracy: parts.join(" · ") }) : "";
}

/** The date and time as the page's language writes them. */
export const dateFormat = () =>
  new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "medium", timeStyle: "short" });
