// Training (docs/training.md): the Training button, and the hooks the other rooms call. The
// training itself (the Training view, the cards on the board, FSRS through ts-fsrs) is the
// bundle js/trainer.js, imported when Training is first opened (or an opening line is first
// added to the repertoire), so that neither the first visit nor the page's bundle carries it.

import { tr } from "../i18n.js";
import { capitalize, errorText } from "./text.js";

/** @typedef {import("../types/app").App} App */
/** @typedef {Awaited<ReturnType<typeof import("../trainer.js").startTraining>>} Trainer */

/**
 * Adds this room's functions to `app` (the page's shared parts, see main.js).
 * @param {App} app
 */
export function installTraining(app) {
  const { page, $ } = app;
  /** @type {Promise<Trainer> | null} */
  let loading = null;
  /** @type {Trainer | null} */
  let trainer = null;

  /** The training bundle, loaded once (again after a failed load). */
  function load() {
    loading ??= import("../trainer.js")
      .then((module) => module.startTraining(app))
      .then((t) => (trainer = t))
      .catch((err) => {
        loading = null;
        throw err;
      });
    return loading;
  }

  /** Run `use` on the trainer, loading it first; a failed load is said. */
  /** @param {(t: Trainer) => unknown} use */
  async function withTrainer(use) {
    if (!page.engineReady) return;
    try {
      await use(await load());
    } catch (err) {
      app.notice(tr("{problem}. Your game is unchanged.", { problem: capitalize(errorText(err)) }));
    }
  }

  $("training-open").addEventListener("click", () => withTrainer((t) => t.open()));

  Object.assign(
    app,
    /** @satisfies {import("../types/app").TrainingRoom} */ ({
      openTraining: () => withTrainer((t) => t.open()),
      renderTraining: () => {
        $("training-open").disabled = !page.engineReady;
        trainer?.render();
      },
      isTraining: (state) => trainer?.isTraining(state) ?? false,
      trainingSnapshot: () => trainer?.snapshot() ?? null,
      puzzleJudged: (judged) => trainer?.puzzleJudged(judged),
      addToRepertoire: (moves, name) => withTrainer((t) => t.addToRepertoire(moves, name)),
    }),
  );
}
