// The page's language: English (each message is its own English text), or German or Japanese
// from locale/<lang>.json, built from py/flipside/locale/<lang>.po: one catalog of the page's
// words and Python's (statuses, what a move did, errors: the engine asks Python in the same
// language).
//
// tr(message, values) translates a message (its English text) and fills its {names} from
// values; ntr(singular, plural, n, values) picks the form for n (by Intl.PluralRules: German
// has two forms, Japanese one); N_(message) marks a text
// kept in a constant and translated where it is shown (docs/languages.md).
// translatePage() translates index.html's own texts and its aria-label, title, placeholder
// and alt attributes (python -m tools.i18n finds the same ones), skipping <script>, <style>
// and elements marked translate="no" or data-lang (a block written in one language, shown
// only in it). The choice is kept; without one the page follows navigator.languages.

/** A language's words: English message -> its translation (a plural: its forms).
 *  @typedef {Record<string, string | string[]>} Catalog */
/** Values for a message's {names}.
 *  @typedef {Record<string, unknown>} Values */

/** @type {Record<string, string>} */
export const LANGUAGES = { en: "English", de: "Deutsch", ja: "日本語" };
const KEY = "flipside.language";
const ATTRIBUTES = ["aria-label", "title", "placeholder", "alt"];

let language = "en";
/** @type {Catalog} */
let catalog = {};
/** @type {((language: string) => void)[]} */
const listeners = [];
/** @type {WeakMap<Node, Record<string, {text: string, shown?: string}>>} */
const sources = new WeakMap(); // node → {text: its English, shown: what this module wrote}

/** The language in use ("en", "de" or "ja"). */
export const currentLanguage = () => language;

/** The kept choice, else the browser's first language the page speaks, else English. */
export function preferredLanguage() {
  try {
    const kept = localStorage.getItem(KEY);
    if (/** @type {string} */ (kept) in LANGUAGES) return /** @type {string} */ (kept);
  } catch {
    // storage refused (private mode): follow the browser
  }
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (code in LANGUAGES) return code;
  }
  return "en";
}

/** @param {string} text @param {Values} [values] */
function fill(text, values) {
  return values
    ? text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole))
    : text;
}

/** `message` in the language in use, its {names} filled from `values`.
 *  @param {string} message
 *  @param {Values} [values]
 *  @returns {string} */
export function tr(message, values) {
  const found = catalog[message];
  return fill(typeof found === "string" && found ? found : message, values);
}

/** CLDR's plural categories in the order gettext's catalogs list their forms.
 *  @type {Intl.LDMLPluralRule[]} */
const CATEGORIES = ["zero", "one", "two", "few", "many", "other"];

/** The index of `n`'s form among `language`'s plural forms: its Intl.PluralRules category
 *  among the language's categories (German and English: one, other; Japanese: other alone).
 *  @param {number} n */
function pluralIndex(n) {
  const rules = new Intl.PluralRules(language);
  const own = rules.resolvedOptions().pluralCategories;
  return CATEGORIES.filter((c) => own.includes(c)).indexOf(rules.select(n));
}

/** The form of `singular` / `plural` for `n` in the language in use (English: one form for 1,
 *  one for the rest; a catalog's plural has its language's own number of forms).
 *  @param {string} singular
 *  @param {string} plural
 *  @param {number} n
 *  @param {Values} [values]
 *  @returns {string} */
export function ntr(singular, plural, n, values) {
  const forms = catalog[singular];
  const found = Array.isArray(forms) ? forms[pluralIndex(n)] : undefined;
  const text = found || (n === 1 ? singular : plural);
  return fill(text, { ...values, n: formatNumber(n) });
}

/** A text kept in a constant, translated later with tr().
 *  @template {string} T
 *  @param {T} message
 *  @returns {T} */
export const N_ = (message) => message;

/** `n` written as the language writes numbers (`options` as Intl.NumberFormat's).
 *  @param {number} n
 *  @param {Intl.NumberFormatOptions} [options] */
export function formatNumber(n, options) {
  return new Intl.NumberFormat(language, options).format(n);
}

/** Call `listener(language)` after every change of language.
 *  @param {(language: string) => void} listener */
export function onLanguageChange(listener) {
  listeners.push(listener);
}

/** @param {string} code @returns {Promise<Catalog>} */
async function loadCatalog(code) {
  if (code === "en") return {};
  const response = await fetch(`locale/${code}.json`);
  if (!response.ok)
    throw new Error(`the ${LANGUAGES[code]} words did not load (${response.status})`);
  return response.json();
}

/** Speak `code` from now on (kept when `keep`): loads its catalog, sets <html lang>,
 * translates the page's own texts and tells the listeners (who redraw what they wrote).
 * @param {string} code
 * @param {{keep?: boolean}} [how] keep: remember the choice */
export async function useLanguage(code, { keep = false } = {}) {
  if (!(code in LANGUAGES)) code = "en";
  catalog = await loadCatalog(code);
  language = code;
  document.documentElement.lang = code;
  if (keep) {
    try {
      localStorage.setItem(KEY, code);
    } catch {
      // not kept: the page still speaks it until it is closed
    }
  }
  translatePage();
  for (const listener of listeners) listener(code);
}

/** @param {string} text */
const normalize = (text) => text.replace(/\s+/g, " ").trim();
/** @param {Element} el */
const skipped = (el) => el.closest("script, style, [translate='no'], [data-lang]");

/** @param {Node} owner @param {string} key @param {string} current @returns {string} */
function translated(owner, key, current) {
  // `current` is what the node holds now; what this module wrote there last is ours to redo,
  // anything else was written since (by the page, already translated, or by index.html).
  let entry = sources.get(owner)?.[key];
  if (!entry || entry.shown !== current) entry = { text: normalize(current) };
  const text = language === "en" ? entry.text : tr(entry.text);
  const space = /** @type {RegExpMatchArray} */ (current.match(/^\s*/))[0];
  const after = /** @type {RegExpMatchArray} */ (current.match(/\s*$/))[0];
  const shown = space + text + after;
  sources.set(owner, { ...sources.get(owner), [key]: { text: entry.text, shown } });
  return shown;
}

/** Translate the page's own texts and attributes under `root` into the language in use, and
 * show only the blocks written in it (`data-lang`).
 * @param {Element} [root] */
export function translatePage(root = document.documentElement) {
  const blocks = /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-lang]"));
  for (const block of blocks) block.hidden = block.dataset.lang !== language;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (
    let node = /** @type {Text | null} */ (walker.nextNode());
    node;
    node = /** @type {Text | null} */ (walker.nextNode())
  ) {
    if (!/\p{L}/u.test(node.data) || skipped(/** @type {Element} */ (node.parentElement))) continue;
    node.data = translated(node, "text", node.data);
  }
  for (const el of root.querySelectorAll(ATTRIBUTES.map((a) => `[${a}]`).join(","))) {
    if (skipped(el)) continue;
    for (const name of ATTRIBUTES) {
      const value = el.getAttribute(name);
      if (value && /\p{L}/u.test(value)) el.setAttribute(name, translated(el, name, value));
    }
  }
}
