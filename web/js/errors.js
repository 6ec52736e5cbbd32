// The page's own record of what went wrong: uncaught errors, unhandled promise rejections,
// resources that failed to load and requests the Content-Security-Policy blocked. Imported
// first by main.js; the snapshot hands the list to the tests in every browser engine (some
// automation drivers show no console).

/** @type {string[]} */
export const pageErrors = [];

window.addEventListener(
  "error",
  (event) => {
    const target =
      /** @type {(EventTarget & {src?: string, href?: string, tagName?: string}) | null} */ (
        event.target
      );
    if (target && target !== window) {
      pageErrors.push(`failed to load: ${target.src || target.href || target.tagName}`);
    } else {
      pageErrors.push(`uncaught: ${event.message}`);
    }
  },
  true,
);
window.addEventListener("unhandledrejection", (event) => {
  pageErrors.push(`unhandled rejection: ${event.reason?.message ?? event.reason}`);
});
document.addEventListener("securitypolicyviolation", (event) => {
  pageErrors.push(
    `blocked by the content security policy: ${event.blockedURI} (${event.effectiveDirective})`,
  );
});
