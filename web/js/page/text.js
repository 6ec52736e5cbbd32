// Small text helpers of the page's messages.

import { tr } from "../i18n.js";

/**
 * `text` with its first letter in capitals (messages from the facade start small).
 * @param {string} text
 */
export function capitalize(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * An error's message in the page's language: Python's come translated (`message`); the
 * worker's own (a download that failed) come as an English `template` with `values`.
 * @param {unknown} err anything thrown or rejected
 * @returns {string}
 */
export function errorText(err) {
  const e =
    /** @type {{template?: string, values?: Record<string, unknown>, message?: unknown} | null | undefined} */ (
      err
    );
  return e?.template ? tr(e.template, e.values) : String(e?.message ?? err);
}

/** Write `text` into `element` only if it differs. A render that rewrites a button's text
 *  between a press and its release loses the click in WebKit (the pressed text node is gone),
 *  and renders run on every move and every report of the computer's search.
 *  @param {Node} element
 *  @param {string} text */
export function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}
