// Small text helpers of the page's messages.

/** `text` with its first letter in capitals (messages from the facade start small). */
export function capitalize(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
