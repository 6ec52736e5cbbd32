// Learn Themisto: a short course, one rule a step, each played on the
// real board. The first move from a step's position is judged by what the rules core says it
// did (its name and note); progress is kept in the browser. Opened from the Rules view, and
// offered beside every Themisto game until it is begun.

import { engine } from "../rules-engine.js";
import course from "../learn/themisto.json";
import { loadLearned, saveLearned } from "../store.js";
import { announce } from "../announce.js";
import { tr } from "../i18n.js";

/** @typedef {import("../types/app").App} App */
/** @typedef {import("../types/state").State} State */

/**
 * A step of the course: its board (8 rows of X / O / -, a1..h8), the player to move, what
 * the first move should do (one of `moves`, a move of the disk on `from`, or one that `does`
 * so), and the words after it.
 * @typedef {object} Step
 * @property {string} title
 * @property {string} text
 * @property {string[]} rows
 * @property {number} player
 * @property {{moves?: string[], from?: string, does?: string}} goal
 * @property {string} done
 * @property {string} wrong
 */

// The course (learn/themisto.json, bundled into the page): each step's board as 8 rows of
// X / O / - (a1..h8), the player to move, the goal, and the words after a right or a wrong
// move. tests/test_learn.py plays every step's answer natively. Its words are English,
// shown with tr() (python -m tools.i18n gathers them from the JSON).
const COURSE = /** @type {Step[]} */ (course.steps);
const AFTERWORD = course.afterword;
const positionOf = (/** @type {Step} */ step) => `${step.rows.join("")}_${step.player}_0_0`;

/**
 * Adds this room's functions to `app` (the page's shared parts, see main.js).
 * @param {App} app
 */
export function installLearn(app) {
  const { page, $ } = app;
  /** The step on screen. @type {{index: number, record: string, result: null | "done" | "wrong"} | null} */
  let active = null;
  /** The steps learned, read once (the panel asks on every render). */
  let learned = loadLearned();

  async function open(index = firstUndone()) {
    if (!page.engineReady) return;
    const step = COURSE[index];
    const state = await app.ask(() =>
      engine.call("state", { record: `themisto/&start=${positionOf(step)}` }),
    );
    if (!state) return;
    const fromLesson = active !== null;
    active = { index, record: state.record, result: null };
    if ($("rules-dialog").open) $("rules-dialog").close();
    app.openGame(state, tr("Learn Themisto, step {n}", { n: index + 1 }), {
      puzzle: true,
      keep: !fromLesson,
    });
    announce(
      tr("Step {n} of {total}: {title}. {text}", {
        n: index + 1,
        total: COURSE.length,
        title: tr(step.title),
        text: tr(step.text),
      }),
    );
  }

  function firstUndone() {
    const index = COURSE.findIndex((_, i) => !learned.includes(i));
    return Math.max(index, 0);
  }

  /** The first move from the step's position is the answer. */
  function follow() {
    const live = page.state;
    if (!active || !live) return;
    const options = (/** @type {string} */ record) => record.split("&").slice(1).join("&");
    if (options(live.record) !== options(active.record)) {
      active = null; // another game: the lesson is left
      return;
    }
    if (active.result !== null || !live.moves.length) return;
    const move = live.moves[0];
    const goal = COURSE[active.index].goal;
    const met = goal.moves
      ? goal.moves.includes(move.text)
      : goal.from
        ? move.text.startsWith(`${goal.from}-`)
        : (move.does ?? []).includes(/** @type {string} */ (goal.does));
    active.result = met ? "done" : "wrong";
    if (met) {
      learned = [...new Set([...learned, active.index])];
      saveLearned(learned);
    }
    announce(tr(met ? COURSE[active.index].done : COURSE[active.index].wrong));
  }

  function retry() {
    if (active) open(active.index);
  }

  function render() {
    follow();
    $("lesson").hidden = !active;
    // Until the course is begun, a Themisto game offers it.
    $("learn-offer").hidden = !!active || page.state?.game !== "themisto" || learned.length > 0;
    if (!active) return;
    const step = COURSE[active.index];
    const last = active.index === COURSE.length - 1;
    $("lesson-title").textContent = tr("Learn Themisto · step {n} of {total}: {title}", {
      n: active.index + 1,
      total: COURSE.length,
      title: tr(step.title),
    });
    $("lesson-text").textContent = tr(step.text);
    $("lesson-result").textContent =
      active.result === "done"
        ? `${tr(step.done)}${last ? ` ${tr(AFTERWORD)}` : ""}`
        : active.result === "wrong"
          ? tr(step.wrong)
          : "";
    $("lesson-result").dataset.result = active.result ?? "";
    $("lesson-retry").hidden = active.result === null;
    $("lesson-next").hidden = active.result !== "done" || last;
    $("lesson-progress").textContent = tr("{n} of {total} steps learned", {
      n: learned.length,
      total: COURSE.length,
    });
  }

  $("learn-themisto").addEventListener("click", () => open());
  $("learn-offer").addEventListener("click", () => open(0));
  $("lesson-retry").addEventListener("click", retry);
  $("lesson-next").addEventListener("click", () => active && open(active.index + 1));
  $("lesson-leave").addEventListener("click", () => app.returnToPrevious());

  /** What tests read (window.flipside.snapshot().lesson). */
  function lessonSnapshot() {
    return (
      active && {
        step: active.index + 1,
        result: active.result,
        text: $("lesson-result").textContent,
      }
    );
  }

  /** Whether `state` is the lesson step on screen: not a game to keep. */
  /** @param {State} state */
  function isLesson(state) {
    const options = (/** @type {string} */ record) => record.split("&").slice(1).join("&");
    return !!active && options(state.record) === options(active.record);
  }

  Object.assign(
    app,
    /** @satisfies {import("../types/app").LearnRoom} */ ({
      openLesson: open,
      renderLesson: render,
      lessonSnapshot,
      isLesson,
    }),
  );
}
