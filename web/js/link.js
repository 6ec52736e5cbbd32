// The shareable link: the game's link string (made by the engine, e.g. "othello/f5d6c3") in
// the URL fragment. The page only moves the string around; the engine parses and checks it.

/** The fragment without "#", or "" when there is none. */
export function readLink() {
  return window.location.hash.replace(/^#/, "");
}

/** Show `link` in the address bar without adding a history entry or reloading.
 *  @param {string} link */
export function writeLink(link) {
  if (readLink() === link) return;
  const url = new URL(window.location.href);
  url.hash = link;
  window.history.replaceState(null, "", url.href);
}
