// What a screen reader hears: one polite live region (`#announcer`, visually hidden) that
// says each move, pass, lost turn and result in words, the position stepped to in the
// history, and the square under the keyboard cursor. The words come from the facade's state
// (`said`: the last move in words; `status`), never from rules here.

/** @type {number | undefined} */
let timer;

/** Say `text` in the live region (the same text twice is said twice).
 *  @param {string} text */
export function announce(text) {
  const region = document.getElementById("announcer");
  if (!region || !text) return;
  clearTimeout(timer);
  region.textContent = "";
  // A short pause between clearing and writing makes screen readers read a repeated text.
  timer = setTimeout(() => {
    region.textContent = text;
  }, 30);
}

/** The sentence after a move: what it did, then whose turn it is (the result is in `said`).
 *  @param {import("./types/state").State} state */
export function afterMove(state) {
  const said = state.said ? `${state.said}.` : "";
  return state.over ? said : `${said} ${state.status}.`.trim();
}
