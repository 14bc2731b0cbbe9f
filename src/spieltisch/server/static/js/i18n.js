// German and English: the words of the site and of every game, one catalog per language, loaded
// once from the server; the choice of language is kept in localStorage.
//
// t("key", a, b) looks the key up in the current language (then English) and fills {0}, {1}...;
// {0:one|other} picks a form by the count (# is the number), as core/words.py does in Python.
// say(said, name) renders a sentence the server sent as {key, args} (nested sentences, seats as
// {seat: p} named by name(p)).

import { canon } from "./actions.js";

const KEY = "spieltisch.lang";

// Every word comes from the server's data files (GET /api/words): the site's own words
// (server/static/words.toml) and each game's (games/<id>/words.toml), the same catalogs the
// terminal, the replay and the log use. No word is written here.
const WORDS = await loadWords();

async function loadWords() {
  try {
    const res = await fetch("/api/words");
    if (res.ok) return await res.json();
  } catch {
    // offline or no server: keys show as themselves rather than a blank page
  }
  return { en: {}, de: {} };
}

const listeners = new Set();

export function lang() {
  let stored = null;
  try {
    stored = localStorage.getItem(KEY);
  } catch {
    stored = null;
  }
  if (stored === "de" || stored === "en") return stored;
  return (navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en";
}

export function setLang(value) {
  try {
    localStorage.setItem(KEY, value);
  } catch {
    // private mode: the choice lasts for this page only
  }
  current = value;
  document.documentElement.lang = value;
  translatePage();
  for (const fn of listeners) fn(value);
}

let current = lang();

export function onLang(fn) {
  listeners.add(fn);
}

/** Words a module still brings itself ({en: {...}, de: {...}}); each game's words belong in its
 * words.toml, and the tests allow no German word in the browser's code. */
export function add(words) {
  for (const [code, entries] of Object.entries(words)) {
    WORDS[code] = { ...entries, ...(WORDS[code] || {}) };
  }
}

/** The template of key in lang (no fallback), or undefined. */
export function word(code, key) {
  const own = (WORDS[code] || {})[key];
  return own === undefined ? undefined : own;
}

export function has(key) {
  return key in (WORDS[current] || {}) || key in WORDS.en;
}

export function t(key, ...args) {
  let entry = (WORDS[current] || {})[key];
  if (entry === undefined) entry = WORDS.en[key];
  if (entry === undefined) return key;
  return fill(entry, args.map(String), args);
}

const SLOT = /\{(\d+)(?::([^{}|]*)\|([^{}]*))?\}/g;

/** {0} -> shown[0]; {0:one|other} chooses by the raw count (core/words.py's fill). */
function fill(template, shown, raw) {
  return template.replace(SLOT, (m, i, one, other) => {
    if (+i >= shown.length || raw[+i] === undefined) return m;
    if (one === undefined) return shown[+i];
    return (raw[+i] === 1 ? one : other).replace(/#/g, String(raw[+i]));
  });
}

/** A sentence the server sent ({key, args}), in the current language; name(p) names a seat. */
export function say(said, name) {
  if (said === null || said === undefined) return "";
  if (typeof said !== "object") return String(said);
  return t(said.key, ...(said.args || []).map((a) => sayArg(a, name)));
}

// every action label a page was sent (an update's legal_said, said by the game's words.py on
// the seat's view), by the action's canonical text: the latest wins, and an action taken for
// the person or refused a moment later still has its words
const LABELS = new Map();
let labelled = null;

/** An action in words: the server's label of it (the game's sentence), else its JSON. */
export function sayAction(a, ctx) {
  const u = ctx && ctx.update;
  if (u && u !== labelled && Array.isArray(u.legal_said)) {
    labelled = u;
    u.legal.forEach((b, i) => LABELS.set(canon(b), u.legal_said[i]));
  }
  const said = LABELS.get(canon(a));
  return said ? say(said, ctx && ctx.name) : canon(a);
}

function sayArg(a, name) {
  if (a === null || a === undefined) return "";
  if (Array.isArray(a)) return andList(a.map((x) => sayArg(x, name)));
  if (typeof a === "object" && "seat" in a) return name ? name(a.seat) : t("player", a.seat + 1);
  if (typeof a === "object" && "names" in a) return a.names[current] || a.names.en || "";
  if (typeof a === "object" && "seq" in a) return a.seq.map((x) => sayArg(x, name)).join(a.sep);
  if (typeof a === "object" && "key" in a) return say(a, name);
  if (typeof a === "boolean") return t(a ? "yes" : "no");
  return a;
}

/** "a, b and c" in the current language. */
export function andList(items, word = "and") {
  const xs = items.filter((x) => x !== "" && x != null);
  if (xs.length <= 1) return xs.join("");
  return `${xs.slice(0, -1).join(", ")} ${t(word)} ${xs[xs.length - 1]}`;
}

/** Fill every [data-i18n] element (text) and [data-i18n-title] / -placeholder / -label (aria-label)
 * attribute. */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  }
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
}

export function currentLang() {
  return current;
}

document.documentElement.lang = current;
