// Small helpers every page shares: building DOM, the JSON API, the page header, links.

import { currentLang, onLang, setLang, t, translatePage } from "./i18n.js";

/** h("div", {class: "x", onclick: fn}, child, "text", [more]) — a DOM element. */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") {
      el.addEventListener(k.slice(2), v);
    } else if (k === "class") {
      el.className = v;
    } else if (k === "dataset") {
      Object.assign(el.dataset, v);
    } else if (k === "style" && typeof v === "object") {
      for (const [prop, value] of Object.entries(v)) {
        if (prop.startsWith("--")) el.style.setProperty(prop, value);
        else el.style[prop] = value;
      }
    } else if (v === true) {
      el.setAttribute(k, "");
    } else {
      el.setAttribute(k, String(v));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
}

/** A card's attributes for the eye and the ear: its name for a screen reader (a card that is no
 * button is an image with that name), and for the animations what it is (``flip``: its name,
 * ``flipId``: which one, where the game numbers its cards; see motion.js). */
export function cardAttrs(tag, label, flip, flipId) {
  const out = { "aria-label": label, "data-flip": flip };
  if (tag !== "button") out.role = "img";
  if (flipId !== undefined && flipId !== null) out["data-flip-id"] = String(flipId);
  return out;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** The JSON API: api("GET", "/api/games") or api("POST", "/api/tables", body). */
export async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const r = await fetch(path, init);
  let data = null;
  try {
    data = await r.json();
  } catch {
    data = null;
  }
  if (!r.ok) {
    const message = (data && data.error) || `${r.status} ${r.statusText}`;
    throw new ApiError(r.status, message);
  }
  return data;
}

/** A GET's answer as text (for numbers JSON.parse would round); errors as ``api``'s. */
export async function apiText(path) {
  const r = await fetch(path);
  const text = await r.text();
  if (!r.ok) {
    let message = `${r.status} ${r.statusText}`;
    try {
      message = JSON.parse(text).error || message;
    } catch {
      // not JSON: the status says it
    }
    throw new ApiError(r.status, message);
  }
  return text;
}

/** The digits of the first integer value of ``key`` in a JSON text, as a string: a 64-bit
 * seed keeps every digit (a JavaScript number holds 53 bits). Null when there is none. */
export function exactInteger(text, key) {
  const m = new RegExp(`"${key}"\\s*:\\s*(-?\\d+)`).exec(text);
  return m ? m[1] : null;
}

let gamesCache = null;
export async function games() {
  if (!gamesCache) gamesCache = api("GET", "/api/games");
  return gamesCache;
}

export async function gameInfo(id) {
  const list = await games();
  return list.find((g) => g.id === id) || null;
}

/** The page header: title, navigation and the language switch. */
export function header(extra) {
  const button = h(
    "button",
    {
      class: "lang",
      id: "lang-switch",
      type: "button",
      "data-i18n": "lang.switch",
      onclick: () => setLang(currentLang() === "de" ? "en" : "de"),
    },
    t("lang.switch"),
  );
  const bar = h(
    "header",
    { class: "top" },
    h("a", { class: "brand", href: "/" }, "spieltisch"),
    h("nav", {}, h("a", { href: "/", "data-i18n": "nav.lobby" }, t("nav.lobby"))),
    extra || null,
    h("span", { class: "spacer" }),
    button,
  );
  document.body.prepend(bar);
  translatePage();
  return bar;
}

export function rerenderOnLang(fn) {
  onLang(fn);
}

/** Links to the client's pages. The secret seat token rides in the query. */
/** The server's own invite (with a token) or spectator link: /tables/{id}[?token=...]. */
export function tableLink(id, token) {
  const q = token ? `?${new URLSearchParams({ token })}` : "";
  return `${location.origin}/tables/${encodeURIComponent(id)}${q}`;
}

export function replayLink(id) {
  return `${location.origin}/replay.html?${new URLSearchParams({ table: id })}`;
}

/** The table id and token a link names: our own table.html links, and the server's
 * /tables/{id}?token=... invite links. Null when it is neither. */
export function parseInvite(text) {
  let url;
  try {
    url = new URL(text.trim(), location.origin);
  } catch {
    return null;
  }
  const token = url.searchParams.get("token") || new URLSearchParams(url.hash.slice(1)).get("token");
  const m = url.pathname.match(/\/tables\/([A-Za-z0-9_-]{1,64})\/?$/);
  const id = m ? m[1] : url.searchParams.get("table");
  if (!id) return null;
  return { id, token };
}

/** The table and token of this page's own address (query, hash, or /tables/{id}). */
export function pageTable() {
  return parseInvite(location.href);
}

export function fmtTime(seconds) {
  if (!seconds) return "";
  const d = new Date(seconds * 1000);
  return d.toLocaleString(currentLang() === "de" ? "de-DE" : "en-GB", {
    dateStyle: "short",
    timeStyle: "short",
  });
}

export function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    return navigator.clipboard.writeText(text);
  }
  const area = h("textarea", { style: { position: "fixed", opacity: "0" } }, text);
  document.body.appendChild(area);
  area.select();
  try {
    document.execCommand("copy");
  } finally {
    area.remove();
  }
  return Promise.resolve();
}
