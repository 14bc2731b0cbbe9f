// The table page: one websocket per seat (or a spectator's), the view drawn by the game's
// renderer, what the player may do now, the game log, the rules, the referee's timer.
//
// Messages from the server (server/app.py): welcome, update {view, legal, events, actors,
// waiting_for, window, status, result, seats, next}, history {events} (the log so far, on connecting), accepted, refused {reason}, error, left,
// chat {lines, history}, again {table}, undo_request {seat, asked, accepted}, undo_cancelled {said}, undone.
// An action goes out as {"action": {...}, "id": n}; a chat line as {"chat": "..."}, a name as {"name": "..."};
// an undo as {"undo": true}, and the answer to another person's as {"undo_answer": true | false}.
//
// Updates are shown at a pace the person can follow (motion.js: fast, normal or off): while the
// newest update gives the person nothing to do, each stays on screen a moment before the next,
// counted from when it was seen whole (drawn, and its sowing or gliding over); the moment the
// newest lets them act, every update up to it is shown at once, and so is the update with the
// person's own action (with those before it). Nothing is dropped or reordered, and the controls
// always belong to the newest update.

import { actionAttrs, canon, Legal } from "./actions.js";
import { ApiError, api, clear, gameInfo, h, header, pageTable, replayLink, tableLink } from "./common.js";
import { gameTitle, rulesText } from "./gamewords.js";
import { renderer } from "./games/index.js";
import { andList, currentLang, onLang, say, t, translatePage } from "./i18n.js";
import { animationsChosen, applyMotionClass, glideCards, markArrived, measure, motionEnds, PACES, pace, reducedBySystem, setAnimations, setPace, skipAll } from "./motion.js";
import { forgetTable, rememberTable, storedName, storeName } from "./people.js";
import { reasonText } from "./reasons.js";

const LOG_LIMIT = 400;

const page = {
  id: null,
  token: null,
  seat: null,
  game: null,
  info: null,
  summary: null,
  update: null,
  legal: new Legal([]),
  log: [],
  ws: null,
  closedForGood: false,
  retry: 0,
  lostSaid: false, // "connection lost" was said since the page was last connected
  nextId: 1,
  sent: new Map(),
  flashMap: null,
  windowDeadline: null,
  windowTotal: null,
  ui: {},
  r: null,
  leftSeat: null,
  refusalTimer: null,
  chat: [],
  chatOut: [], // chat lines said while the connection was down, sent after the next welcome
  ask: null, // an undo asked of the table's people, waiting for their answers (undo_request)
  stats: { accepted: 0, refused: 0, updates: 0 },
  queue: [], // updates received and not yet shown, oldest first
  latest: null, // the newest update received
  shownAt: 0, // when the update last shown was seen whole: drawn, and its animations over
  ownSeq: null, // the seq of the update that will show the person's own action (accepted)
  paceTimer: null,
  fresh: false, // the next drawing shows newly arrived updates (animate them)
  wasMine: false,
  touched: new Set(), // the [data-k] of what the last move changed
  arrived: [], // the keys of the cards the last move brought (motion.js)
};

/** A seat token as the server makes them (URL-safe base64). Anything else opens no seat, and
 * some characters (a space, a quote, "ä") cannot even ride in a websocket subprotocol. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{1,200}$/;
const NO_SEAT = "this token opens no seat at this table";
const REFUSAL_SECONDS = 6;

// for the end-to-end tests and the curious: the page's state, read-only by convention
window.spieltisch = page;
page.ctx = () => ctx(); // what a renderer is given (the motion test replays an animation with it)

// -- names --------------------------------------------------------------------------------------

export function playerName(p) {
  if (p === "referee" || p === -1) return t("replay.referee");
  if (p === null || p === undefined) return "?";
  const seat = page.update && page.update.seats ? page.update.seats[p] : null;
  const base = seat && seat.name ? seat.name : t("table.player", p + 1);
  return p === page.seat ? `${base} (${t("table.you")})` : base;
}

function ctx() {
  const u = page.update;
  return {
    view: u ? u.view : null,
    update: u,
    legal: page.legal,
    seat: page.seat,
    players: u ? u.seats.length : 0,
    options: page.summary ? page.summary.options : {}, // the game's options, as the table plays them
    name: playerName,
    send,
    ui: page.ui,
    board: document.getElementById("board"),
    controls: document.getElementById("controls"),
    rerender: render,
    lastEvents: page.lastEvents || [],
    fresh: page.fresh,
  };
}

// -- the connection -----------------------------------------------------------------------------

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const url = `${proto}://${location.host}/ws/tables/${encodeURIComponent(page.id)}`;
  if (page.token && !TOKEN_SHAPE.test(page.token)) {
    // say so at once, as the server does for a wrong token, rather than "Connecting…" for ever
    page.closedForGood = true;
    setConn("closed");
    showFatal(reasonText(NO_SEAT, playerName));
    return;
  }
  setConn("connecting");
  // the seat's token rides in a subprotocol, so it is in no URL the server or a proxy logs
  let ws;
  try {
    ws = page.token ? new WebSocket(url, ["spieltisch", `token.${page.token}`]) : new WebSocket(url);
  } catch (ex) {
    page.closedForGood = true;
    setConn("closed");
    showFatal(t("table.error", ex.message));
    return;
  }
  page.ws = ws;
  ws.onopen = () => {
    page.retry = 0;
    setConn("connected");
  };
  ws.onmessage = (e) => {
    if (page.ws !== ws) return; // a socket the page has let go (its seat was left)
    let m;
    try {
      m = JSON.parse(e.data);
    } catch {
      return;
    }
    receive(m);
  };
  ws.onclose = (e) => {
    if (page.ws !== ws) return;
    page.ws = null;
    if ([4000, 4403, 4404].includes(e.code) || page.closedForGood) {
      page.closedForGood = true;
      setConn("closed");
      render();
      return;
    }
    setConn("lost");
    const wait = Math.min(5000, 300 * 2 ** page.retry++);
    setTimeout(connect, wait);
  };
}

function setConn(what) {
  document.body.dataset.conn = what;
  const dot = document.getElementById("conn");
  if (dot) {
    dot.className = `conn ${what}`;
    dot.title = t(
      { connecting: "table.connecting", connected: "table.connected", lost: "table.disconnected", closed: "table.closed" }[what],
    );
  }
  // said once when the connection goes, not again at every try to get it back
  if (what === "connected") page.lostSaid = false;
  if (what === "lost" && !page.lostSaid) {
    page.lostSaid = true;
    toast(t("table.disconnected"), "warn");
  }
}

export function send(action) {
  if (!page.ws || page.ws.readyState !== WebSocket.OPEN) {
    toast(t("table.disconnected"), "warn");
    return false;
  }
  const id = page.nextId++;
  page.sent.set(id, action);
  page.ws.send(JSON.stringify({ action, id }));
  return true;
}

function receive(m) {
  switch (m.type) {
    case "welcome":
      page.seat = m.seat;
      page.timing = m.timing || null;
      page.ask = null; // a request still waiting is sent again after the welcome
      page.ownSeq = null; // an update lost with the old connection is not waited for
      renderAsk();
      if (m.game && m.game !== page.game) setGame(m.game);
      if (m.seat !== null && page.token) {
        rememberTable({ id: page.id, token: page.token, game: m.game, seat: m.seat });
        const name = storedName();
        if (name) page.ws.send(JSON.stringify({ name }));
        // the lines said while the connection was down, in their order
        for (const text of page.chatOut.splice(0)) page.ws.send(JSON.stringify({ chat: text }));
      }
      break;
    case "chat":
      page.chat = m.history ? m.lines.slice() : page.chat.concat(m.lines);
      renderChat();
      break;
    case "undo_request": {
      const fresh = !page.ask || page.ask.seat !== m.seat;
      page.ask = m;
      renderAsk();
      renderMeta();
      if (fresh && m.seat !== page.seat) announce(t("undo.asks", playerName(m.seat)));
      break;
    }
    case "undo_cancelled":
      page.ask = null;
      renderAsk();
      renderMeta();
      toast(say(m.said, playerName), "info");
      break;
    case "undone":
      showAll(); // the updates before the undo, then the one after it
      page.sent.clear();
      page.refusal = null;
      page.ask = null;
      renderAsk();
      toast(t("undo.done", playerName(m.seat)), "info");
      break;
    case "again":
      // the one who asked goes there (playAgain); the others are told, and the result screen
      // links the new table (the update's "next")
      if (m.by !== page.seat) toast(t("result.next.by", playerName(m.by)), "info");
      break;
    case "history":
      // the events so far, sent on every (re)connection: they replace the log's events (updates
      // still waiting to be shown are shown first, or their lines would come twice)
      showAll();
      page.log = page.log.filter((line) => !line.ev).concat(m.events.map((ev) => ({ ev, history: true })));
      redrawLog();
      break;
    case "update":
      arrive(m);
      break;
    case "accepted":
      page.sent.delete(m.id);
      page.stats.accepted++;
      // the update after this one shows the person's own action: at once when it comes,
      // whatever others' updates were shown just before it (they do not take its place)
      page.ownSeq = m.index + 1;
      if (page.refusal) {
        page.refusal = null;
        renderRefusal();
      }
      break;
    case "refused": {
      const action = page.sent.get(m.id);
      page.sent.delete(m.id);
      page.stats.refused++;
      // the server's reason in English; the page says the common ones in its language. A
      // refusal is a passing notice (a toast, and the line above the buttons for a few
      // seconds), not a line of the game log: the log tells what happened at the table
      page.refusal = { reason: m.reason, said: m.said, action };
      toast(t("table.refused", reasonText(m.reason, playerName, m.said)), "error");
      renderRefusal();
      clearTimeout(page.refusalTimer);
      page.refusalTimer = setTimeout(() => {
        page.refusal = null;
        renderRefusal();
      }, REFUSAL_SECONDS * 1000);
      break;
    }
    case "error":
      if (m.error && /token|no table/i.test(m.error)) {
        page.closedForGood = true;
        showFatal(reasonText(m.error, playerName));
      } else {
        toast(t("table.error", reasonText(m.error, playerName, m.said)), "error");
      }
      break;
    case "timeout": {
      const action = m.action && page.r ? page.r.describeAction(m.action, ctx()) : "";
      toast(t("table.timeout", action), "warn");
      addLog([{ key: "table.timeout", args: [action], cls: "refused" }]);
      break;
    }
    case "left":
      leftSeat();
      break;
    default:
      break;
  }
}

// -- pacing -------------------------------------------------------------------------------------

function mayAct(m) {
  return page.seat !== null && m.status === "playing" && (m.legal || []).length > 0;
}

/** An update came: shown now, or after those before it at the page's pace. */
function arrive(m) {
  page.latest = m;
  page.queue.push(m);
  const hadControls = !page.legal.empty;
  page.legal = new Legal(m.legal); // the controls are always the newest update's
  pump();
  // a newer update waits behind the one on screen: its controls are gone already
  if (page.queue.length && hadControls) render();
}

function pump() {
  clearTimeout(page.paceTimer);
  page.paceTimer = null;
  if (!page.queue.length) return renderPaceNote();
  const ms = PACES[pace()];
  const newest = page.queue[page.queue.length - 1];
  if (!ms || page.update === null || mayAct(newest) || document.hidden) return showAll();
  const own = page.ownSeq === null ? -1 : page.queue.findIndex((u) => u.seq >= page.ownSeq);
  if (own >= 0) {
    showUpdates(page.queue.splice(0, own + 1)); // the person's own move: not paced
  } else if (page.shownAt + ms <= performance.now()) {
    showUpdates([page.queue.shift()]);
  }
  // the next one a whole moment after this one was seen whole
  if (page.queue.length) page.paceTimer = setTimeout(pump, Math.max(0, page.shownAt + ms - performance.now()));
  renderPaceNote();
}

/** Every update received so far on screen at once, in order (the person may act, or skipped). */
function showAll() {
  clearTimeout(page.paceTimer);
  page.paceTimer = null;
  if (page.queue.length) showUpdates(page.queue.splice(0));
  renderPaceNote();
}

function showUpdates(list) {
  page.lastEvents = [];
  clearLastLog();
  for (const m of list) onUpdate(m);
  if (page.ownSeq !== null && list.some((m) => m.seq >= page.ownSeq)) page.ownSeq = null;
  page.fresh = true;
  render();
  page.fresh = false;
  // seen whole once what it set moving has stopped: the next update's moment starts then
  page.shownAt = Math.max(performance.now(), motionEnds());
  announceTurn();
}

/** "Show now" while updates wait to be shown. */
function renderPaceNote() {
  const el = document.getElementById("pace-skip");
  if (!el) return;
  el.hidden = page.queue.length === 0;
  el.textContent = t("motion.waiting", page.queue.length);
}

function onUpdate(m) {
  const first = page.update === null;
  page.update = m;
  page.legal = new Legal((page.latest || m).legal);
  page.stats.updates++;
  page.lastEvents = page.lastEvents.concat(m.events);
  document.body.dataset.seq = String(m.seq);
  document.body.dataset.status = m.status;
  if (m.window === null || m.window === undefined) {
    page.windowDeadline = null;
    page.windowTotal = null;
  } else {
    // the bar measures the whole window: its length as first seen, kept while it stays open
    if (page.windowDeadline === null || page.windowTotal === null) page.windowTotal = m.window;
    page.windowDeadline = performance.now() + m.window * 1000;
  }
  if (first) redrawLog(); // the log so far came before the first view: now its cards have names
  const lines = m.events.map((ev) => ({ ev }));
  if (first) lines.unshift({ key: page.seat === null ? "table.joined.watch" : "table.joined", args: [page.seat === null ? "" : page.seat + 1], cls: "ev-turn" });
  if (first && m.status !== "playing") lines.push({ key: "table.over", cls: "ev-end" });
  addLog(lines, !first);
}

// -- drawing ------------------------------------------------------------------------------------

function render() {
  const u = page.update;
  renderSeats();
  renderMeta();
  renderChat();
  renderAsk();
  renderResult();
  if (!u || !page.r) {
    renderStatus();
    return;
  }
  const c = ctx();
  const board = c.board;
  const before = page.flashMap;
  const roots = [board, c.controls];
  const focus = focusKey(document.activeElement);
  const where = c.fresh ? measure(roots) : null;
  page.r.render(c);
  page.flashMap = flash(board, before, c.fresh);
  if (page.r.controls) page.r.controls(c);
  renderLegal(c);
  renderStatus();
  if (c.fresh) {
    page.arrived = glideCards(roots, where, origin(c));
    if (page.r.animate) page.r.animate(c);
  } else {
    markArrived(roots, page.arrived);
  }
  refocus(focus);
}

/** Where a card nobody saw leave comes from: the seat of whoever acted, or the stock. */
function origin(c) {
  const actor = [...(c.lastEvents || [])].reverse().find((ev) => typeof ev.player === "number");
  if (!actor) return null;
  if (actor.player !== page.seat) {
    const seat = c.board.querySelector(`[data-player="${actor.player}"]`);
    if (seat) return seat;
  }
  return c.board.querySelector('[data-k="stock"]');
}

// -- focus: a redraw replaces the board's buttons; the keyboard's place is kept -----------------

// a hand's place before its card's name: two cards of one name are two places
const FOCUS_ATTRS = ["data-action", "data-hand", "data-card", "data-offer-card", "data-tp", "data-give", "data-want", "data-partner", "data-any", "data-pit", "data-field", "data-take", "data-pick"];

function focusKey(el) {
  if (!el || el === document.body) return null;
  const zone = el.closest("#board, #controls, #legal-buttons, #all-legal");
  if (!zone) return null;
  if (el.id) return { zone: zone.id, sel: `#${CSS.escape(el.id)}` };
  for (const a of FOCUS_ATTRS) {
    if (el.hasAttribute(a)) return { zone: zone.id, sel: `${el.tagName.toLowerCase()}[${a}="${CSS.escape(el.getAttribute(a))}"]` };
  }
  return { zone: zone.id, sel: null };
}

/** The same control again after a redraw; where it is gone, the first control of its part of the
 * page (else that part itself), so Tab goes on from there and not from the page's top. */
function refocus(key) {
  if (!key || (document.activeElement && document.activeElement !== document.body)) return;
  const zone = document.getElementById(key.zone);
  if (!zone) return;
  const same = key.sel ? zone.querySelector(key.sel) : null;
  const usable = (el) => el && !el.disabled && el.checkVisibility && el.checkVisibility();
  let target = usable(same) ? same : null;
  if (!target) target = [...zone.querySelectorAll("button, [tabindex='0'], select, input, summary")].find(usable);
  if (!target) {
    zone.setAttribute("tabindex", "-1");
    target = zone;
  }
  target.focus({ preventScroll: true });
}

// -- what a screen reader hears: the person's turn, refusals (role=alert) ----------------------

function announce(text) {
  const el = document.getElementById("announce");
  if (!el) return;
  el.textContent = "";
  // a change the reader notices even when the words are the same as last time
  setTimeout(() => {
    el.textContent = text;
  }, 30);
}

function announceTurn() {
  const u = page.update;
  const mine = !!u && page.seat !== null && u.status === "playing" && (u.waiting_for || []).includes(page.seat);
  if (mine && !page.wasMine) announce(t("table.yourturn"));
  page.wasMine = mine;
}

/** Highlight what changed: every [data-k] element whose data-v differs from the last drawing
 * glows a moment; what the last move touched (``fresh``: a drawing of newly shown updates) stays
 * marked until the next move, through redrawings in between (a card picked, the language). */
function flash(root, before, fresh) {
  const now = new Map();
  if (fresh) page.touched = new Set();
  for (const el of root.querySelectorAll("[data-k]")) {
    const k = el.dataset.k;
    const v = el.dataset.v ?? el.textContent;
    now.set(k, v);
    if (before && before.has(k) && before.get(k) !== v) {
      el.classList.remove("flash");
      void el.offsetWidth; // restart the animation
      el.classList.add("flash");
      if (fresh) page.touched.add(k);
    } else if (before && !before.has(k) && before.size) {
      el.classList.add("appear");
    }
    if (page.touched.has(k)) el.classList.add("touched");
  }
  return now;
}

function renderLegal(c) {
  const box = document.getElementById("legal-buttons");
  clear(box);
  const r = page.r;
  const rest = page.legal.list.filter((a) => !(r.handles && r.handles(a, c)));
  for (const a of rest) {
    box.appendChild(
      h(
        "button",
        { type: "button", class: "legal", ...actionAttrs(a), title: canon(a), onclick: () => send(a) },
        r.describeAction(a, c),
      ),
    );
  }
  if (!page.legal.list.length) box.appendChild(h("span", { class: "muted" }, t("table.nothing")));
  else if (!rest.length) box.appendChild(h("span", { class: "muted" }, t("table.onboard")));
  const all = document.getElementById("all-legal");
  all.querySelector("summary").textContent = t("table.alllegal", page.legal.list.length);
  const list = clear(all.querySelector(".legal-all"));
  for (const a of page.legal.list) {
    list.appendChild(
      h(
        "button",
        { type: "button", class: "legal small", "data-any": canon(a), title: canon(a), onclick: () => send(a) },
        r.describeAction(a, c),
        " ",
        h("code", {}, canon(a)),
      ),
    );
  }
  document.getElementById("youmay").hidden = page.seat === null;
  renderRefusal();
}

/** The last refusal, in a clear place above what the player may do (until an action is taken). */
function renderRefusal() {
  const el = document.getElementById("refusal");
  if (!el) return;
  const r = page.refusal;
  el.hidden = !r;
  clear(el);
  if (!r) return;
  const what = r.action && page.r ? page.r.describeAction(r.action, ctx()) : "";
  el.appendChild(h("strong", {}, t("table.refused", reasonText(r.reason, playerName, r.said))));
  if (what) el.appendChild(h("small", {}, ` (${what})`));
  el.title = r.reason;
}

function renderStatus() {
  const line = document.getElementById("status-line");
  const u = page.update;
  if (page.fatal) {
    line.textContent = page.fatal;
    line.className = "status-line error";
    return;
  }
  if (!u) return;
  const c = ctx();
  const parts = [];
  let mine = page.seat === null ? t("table.spectator") : t("table.seat", page.seat + 1);
  if (page.leftSeat !== null) mine = `${t("table.left")} ${mine}`;
  let cls = "status-line";
  if (u.status !== "playing") {
    parts.push(t("table.over"));
    if (u.result) parts.push(resultText(u.result));
    cls += " over";
  } else {
    const phase = page.r && page.r.status ? page.r.status(c) : "";
    if (phase) {
      const text = phase.charAt(0).toUpperCase() + phase.slice(1);
      parts.push(/[.!?]$/.test(text) ? text : `${text}.`);
    }
    const waiting = (u.waiting_for || []).filter((p) => p !== page.seat);
    if (page.seat !== null && (u.waiting_for || []).includes(page.seat)) {
      // "up to you" says it all (the seats' list marks the others waited for): not
      // "It is up to you. Waiting for Player 2." at once
      parts.push(t("table.yourturn"));
      cls += " yours";
    } else {
      if (page.seat !== null && page.legal.list.length) {
        parts.push(t("table.maybe"));
        cls += " maybe";
      }
      if (waiting.length) parts.push(t("table.waiting", andList(waiting.map(playerName))));
    }
  }
  line.className = cls;
  clear(line);
  line.appendChild(h("span", { class: "who" }, mine));
  line.appendChild(h("span", {}, ` ${parts.join(" ")}`));
  document.body.dataset.mine = page.seat !== null && (u.waiting_for || []).includes(page.seat) ? "1" : "0";
}

function resultText(result) {
  const rows = result.scores.map((s, p) => `${playerName(p)}: ${t("table.rank", result.ranks[p])} (${s})`);
  return `${t("table.result")}: ${rows.join(" · ")}`;
}

function renderSeats() {
  const el = clear(document.getElementById("seats"));
  el.appendChild(h("h3", {}, t("table.seats")));
  const u = page.update;
  if (!u) return;
  const list = h("ul", { class: "seat-list" });
  for (const s of u.seats) {
    const acting = (u.actors || []).includes(s.seat);
    const waiting = (u.waiting_for || []).includes(s.seat);
    let kind;
    if (s.kind === "bot") kind = `⚙ ${t("table.bot")} ${s.bot}`;
    else if (s.kind === "empty") kind = t("table.empty");
    else kind = `☺ ${s.connected ? t("table.online") : t("table.offline")}`;
    if (s.thinking && !u.result) kind += ` · ${t("people.thinking")}`;
    const extra = page.r && page.r.seatNote ? page.r.seatNote(s.seat, ctx()) : "";
    const timer = (u.timers || []).find((x) => x.seat === s.seat);
    list.appendChild(
      h(
        "li",
        {
          class: `seat-row${s.seat === page.seat ? " me" : ""}${waiting ? " waiting" : ""}${acting ? " acting" : ""}${s.thinking ? " thinking" : ""}`,
          "data-seat": s.seat,
          "data-online": s.kind === "human" ? String(s.connected > 0) : null,
        },
        h("span", { class: "mark" }, waiting ? "▶" : acting ? "•" : ""),
        h("strong", {}, playerName(s.seat)),
        " ",
        h("small", {}, kind),
        extra ? h("small", { class: "note" }, ` · ${extra}`) : null,
        timer ? h("small", { class: "turn-timer", "data-deadline": String(performance.now() + timer.left * 1000) }, "") : null,
        u.result ? h("small", { class: "rank" }, ` · ${t("table.rank", u.result.ranks[s.seat])}`) : null,
      ),
    );
  }
  el.appendChild(list);
  renderName(u);
}

/** The seated person's name: sent to the table (everyone sees it) and kept in this browser.
 * The field is the page's own (not redrawn), so an update never eats what is being typed. */
function renderName(u) {
  const form = document.getElementById("name-form");
  if (!form) return;
  form.hidden = !(page.seat !== null && page.token && u.status === "playing");
  const input = document.getElementById("my-name");
  const seat = page.seat === null ? null : u.seats[page.seat];
  if (document.activeElement !== input && seat && seat.name) input.value = seat.name;
  else if (document.activeElement !== input && !input.value) input.value = storedName();
}

/** The seat's name: kept in this browser and sent; while the connection is down it goes with
 * the welcome when it is back (every welcome sends the kept name). */
function sendName(e) {
  e.preventDefault();
  const name = document.getElementById("my-name").value.trim();
  if (!name) return;
  storeName(name);
  if (page.ws && page.ws.readyState === WebSocket.OPEN) page.ws.send(JSON.stringify({ name }));
  else if (!page.closedForGood) toast(t("people.name.later"), "warn");
}

/** The result screen at the end: places, names, scores and the game's own words beside each
 * seat (its renderer's note on the final view), the game's scoring row by row (breakdownTable),
 * "play again" for the seated, the new table's link once somebody asked for it, and the replay
 * in which every hand is revealed. */
function renderResult() {
  const box = document.getElementById("result");
  const u = page.update;
  if (!box) return;
  if (!u || u.status === "playing" || !u.result) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  clear(box);
  box.appendChild(h("h2", {}, t("result.title")));
  const order = u.seats.map((s) => s.seat).sort((a, b) => u.result.ranks[a] - u.result.ranks[b] || a - b);
  const note = (p) => (page.r && page.r.seatNote && u.view ? page.r.seatNote(p, ctx()) : "");
  box.appendChild(
    h(
      "table",
      { class: "result-table", id: "places" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("result.place")), h("th", { scope: "col" }, t("result.player")), h("th", { scope: "col" }, t("result.score")), h("th", { scope: "col" }, ""))),
      h(
        "tbody",
        {},
        order.map((p) =>
          h(
            "tr",
            { class: u.result.ranks[p] === 1 ? "winner" : "", "data-seat": p },
            h("td", { class: "place" }, String(u.result.ranks[p])),
            h("td", { class: "who" }, playerName(p)),
            h("td", { class: "score" }, String(u.result.scores[p])),
            h("td", { class: "note" }, note(p)),
          ),
        ),
      ),
    ),
  );
  const breakdown = breakdownTable(u);
  if (breakdown) box.appendChild(breakdown);
  const row = h("p", { class: "row result-actions" });
  if (u.next) {
    row.appendChild(h("a", { class: "button primary", id: "next-table", href: tableLink(u.next, page.token || undefined) }, t("result.next")));
  } else if (page.token && page.seat !== null) {
    row.appendChild(h("button", { type: "button", class: "primary", id: "play-again", onclick: playAgain }, t("result.again")));
  }
  row.appendChild(h("a", { class: "button", href: replayLink(page.id), id: "result-replay" }, t("table.replay")));
  box.appendChild(row);
  if (page.token && !u.next) box.appendChild(h("p", { class: "muted" }, h("small", {}, t("result.again.note"))));
}

/** An undo another person asked for: who asks, who has accepted, whom it waits for, and, for a
 * person asked who has not answered yet, Accept and Decline (buttons: reached by Tab, named with
 * who asks). Shown to the one who asks too, so they see whom it waits for. */
function renderAsk() {
  const box = document.getElementById("undo-ask");
  if (!box) return;
  const a = page.ask;
  box.hidden = !a || page.seat === null;
  // rebuilt only when what it says changes (the request, a name, the language): an update
  // redraws the page, and a rebuilt panel would take the keyboard's focus off its buttons
  const key = box.hidden ? "" : JSON.stringify([a, page.seat, currentLang(), [a.seat, ...a.asked].map(playerName)]);
  if (key === renderAsk.key) return;
  renderAsk.key = key;
  const focused = box.contains(document.activeElement) ? document.activeElement.id : null;
  clear(box);
  if (box.hidden) return;
  const who = playerName(a.seat);
  box.appendChild(h("p", { class: "undo-ask-text" }, h("strong", {}, a.seat === page.seat ? t("undo.asks.mine") : t("undo.asks", who))));
  const waiting = a.asked.filter((p) => !a.accepted.includes(p));
  if (a.accepted.length) box.appendChild(h("p", { class: "muted undo-accepted" }, t("undo.asks.accepted", andList(a.accepted.map(playerName)))));
  if (waiting.length) box.appendChild(h("p", { class: "muted undo-waiting" }, t("undo.asks.waiting", andList(waiting.map(playerName)))));
  if (waiting.includes(page.seat)) {
    box.appendChild(
      h(
        "p",
        { class: "row" },
        h("button", { type: "button", class: "primary", id: "undo-accept", "aria-label": t("undo.accept.label", who), onclick: () => answerUndo(true) }, t("undo.accept")),
        h("button", { type: "button", id: "undo-decline", "aria-label": t("undo.decline.label", who), onclick: () => answerUndo(false) }, t("undo.decline")),
      ),
    );
  }
  if (focused) document.getElementById(focused)?.focus(); // the keyboard stays where it was
}

function answerUndo(yes) {
  if (!page.ws || page.ws.readyState !== WebSocket.OPEN) {
    toast(t("table.disconnected"), "warn");
    return;
  }
  page.ws.send(JSON.stringify({ undo_answer: yes }));
}

/** How the sheet arrived at the scores (the result's ``breakdown``: rows in the game's order,
 * each a label in the game's words and one value per seat, a number or a sentence), one column
 * per seat; none for a result without one (a game stored before the rows existed). */
function breakdownTable(u) {
  const rows = Array.isArray(u.result.breakdown) ? u.result.breakdown : [];
  if (!rows.length) return null;
  const seats = u.seats.map((s) => s.seat);
  const value = (v) => {
    if (typeof v === "number") return v.toLocaleString(currentLang()); // "1,5" in German
    if (v && typeof v === "object" && "key" in v) return say(v, playerName);
    if (v && typeof v === "object" && "seat" in v) return playerName(v.seat);
    return v === null || v === undefined ? "" : String(v);
  };
  return h(
    "table",
    { class: "result-table breakdown", id: "breakdown" },
    h("caption", {}, t("result.breakdown")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("result.breakdown.what")), seats.map((p) => h("th", { scope: "col", "data-seat": p }, playerName(p))))),
    h(
      "tbody",
      {},
      rows.map((r, i) =>
        h(
          "tr",
          { "data-row": i },
          h("th", { scope: "row", class: "label" }, say(r.label, playerName)),
          seats.map((p) => h("td", { class: "value", "data-seat": p }, value((r.values || [])[p]))),
        ),
      ),
    ),
  );
}

async function playAgain() {
  try {
    const made = await api("POST", `/api/tables/${encodeURIComponent(page.id)}/again`, { token: page.token });
    location.href = tableLink(made.id, page.token);
  } catch (ex) {
    toast(t("table.error", ex.message), "error");
  }
}

/** The table's chat: every line as text (a name or a line is never read as HTML). */
function renderChat() {
  const box = document.getElementById("chat");
  if (!box) return;
  const ol = clear(box.querySelector("#chat-lines"));
  if (!page.chat.length) ol.appendChild(h("li", { class: "muted" }, t("people.chat.none")));
  for (const line of page.chat) {
    ol.appendChild(
      h("li", { class: `chat-line${line.seat === page.seat ? " mine" : ""}`, "data-seat": line.seat }, h("strong", {}, `${playerName(line.seat)}: `), h("span", { class: "text" }, line.text)),
    );
  }
  ol.scrollTop = ol.scrollHeight;
  const form = box.querySelector("#chat-form");
  form.hidden = page.seat === null;
  box.querySelector(".watch-note").hidden = page.seat !== null;
  document.getElementById("chat-input").setAttribute("aria-label", t("people.chat.placeholder"));
}

/** A chat line goes out at once, or, while the connection is down (a phone between masts, a
 * server restarting), when it is back: after the welcome, as the name is. The person is told,
 * rather than left to wonder why "Send" did nothing. */
function sendChat(e) {
  e.preventDefault();
  const input = document.getElementById("chat-input");
  const text = input.value.trim();
  if (!text || !page.token) return; // the form is a seated person's
  if (page.closedForGood) {
    toast(t("table.closed"), "warn"); // no connection will come back to take it
    return;
  }
  input.value = "";
  if (page.ws && page.ws.readyState === WebSocket.OPEN) {
    page.ws.send(JSON.stringify({ chat: text }));
  } else {
    page.chatOut.push(text);
    toast(t("people.chat.later"), "warn");
  }
}

function renderMeta() {
  const el = clear(document.getElementById("meta"));
  const u = page.update;
  if (page.id) {
    el.appendChild(
      h(
        "p",
        {},
        h("small", {}, `${t("table.spectate")}: `),
        h("input", { class: "link", readonly: true, value: tableLink(page.id), "aria-label": t("table.spectate") }),
      ),
    );
  }
  if (u && u.status !== "playing") {
    el.appendChild(h("a", { class: "button", href: replayLink(page.id), id: "replay-link" }, t("table.replay")));
    el.appendChild(h("a", { class: "button", href: `/api/tables/${page.id}/record`, download: "" }, t("table.download")));
  } else if (page.token && !page.closedForGood) {
    const others = u ? u.seats.filter((s) => s.seat !== page.seat && s.kind !== "empty") : [];
    if (page.seat !== null && others.length) {
      // against bots it is done at once; where other people sit, they are asked. The server
      // says why not where something hidden came to light since
      const people = others.some((s) => s.kind === "human");
      el.appendChild(
        h(
          "button",
          {
            type: "button",
            class: "small",
            id: "undo",
            disabled: Boolean(page.ask),
            onclick: () => {
              if (page.ws && page.ws.readyState === WebSocket.OPEN) page.ws.send(JSON.stringify({ undo: true }));
            },
          },
          t(people ? "undo.ask.button" : "undo.button"),
        ),
      );
    }
    el.appendChild(
      h(
        "button",
        {
          type: "button",
          class: "danger small",
          id: "leave",
          onclick: async () => {
            if (!confirm(t("table.leave.confirm"))) return;
            try {
              await api("POST", `/api/tables/${page.id}/leave`, { token: page.token });
              forgetTable(page.id);
              leftSeat();
            } catch (ex) {
              toast(t("table.error", ex.message), "error");
            }
          },
        },
        t("table.leave"),
      ),
    );
  }
  if (page.r && page.r.keys && page.seat !== null) {
    el.appendChild(h("details", { class: "keys" }, h("summary", {}, t("table.keys")), h("pre", {}, page.r.keys())));
  }
}

function renderRules() {
  const body = clear(document.querySelector("#rules .rules-body"));
  if (!page.info) return;
  const rules = rulesText(page.info);
  body.appendChild(h("pre", { class: "rules-text" }, rules.text));
  if (rules.original) {
    body.appendChild(h("details", { class: "original" }, h("summary", {}, t("table.rules.original")), h("pre", {}, rules.original)));
  }
}

/** A log line: an event (described by the game, in the current language) or a message. */
function logItem(line) {
  if (line.ev) {
    const text = page.r ? page.r.describeEvent(line.ev, ctx()) : null;
    if (!text) return null;
    const cls = `ev ev-${line.ev.type}${line.history ? " past" : ""}${line.last ? " last" : ""}`;
    return h("li", { class: cls, title: canon(line.ev) }, text);
  }
  const args = line.reason !== undefined ? [reasonText(line.reason, playerName)] : line.args || [];
  return h("li", { class: line.cls || "", title: line.title || "" }, t(line.key, ...args));
}

function clearLastLog() {
  for (const line of page.log) line.last = false;
  for (const li of document.querySelectorAll("#log li.last")) li.classList.remove("last");
}

/** Log lines at the end; ``last``: they tell the move just shown (highlighted until the next). */
function addLog(lines, last = false) {
  if (!lines.length) return;
  const ol = document.getElementById("log");
  for (const line of lines) {
    // the mark is the line's own, so that a redrawn log (a language switch) keeps it
    line.last = Boolean(last && line.ev);
    page.log.push(line);
    const li = logItem(line);
    if (li) ol.appendChild(li);
  }
  while (ol.children.length > LOG_LIMIT) ol.removeChild(ol.firstChild);
  if (page.log.length > 4 * LOG_LIMIT) page.log.splice(0, page.log.length - 4 * LOG_LIMIT);
  ol.scrollTop = ol.scrollHeight;
}

function redrawLog() {
  const ol = clear(document.getElementById("log"));
  for (const line of page.log) {
    const li = logItem(line);
    if (li) ol.appendChild(li);
  }
  while (ol.children.length > LOG_LIMIT) ol.removeChild(ol.firstChild);
  ol.scrollTop = ol.scrollHeight;
}

export function toast(text, kind = "info") {
  const box = document.getElementById("toasts");
  if (!box) return;
  const el = h("div", { class: `toast ${kind}` }, text);
  box.appendChild(el);
  setTimeout(() => el.classList.add("gone"), 3500);
  setTimeout(() => el.remove(), 4200);
  while (box.children.length > 4) box.removeChild(box.firstChild);
}

/** The person has left their seat (their "Leave seat", or the server's "left"): the page goes
 * on as a spectator's — no "it is up to you", no controls — and shows who sits there now. */
function leftSeat() {
  if (page.leftSeat !== null || page.seat === null) return;
  showAll();
  page.leftSeat = page.seat;
  page.seat = null;
  page.token = null;
  page.sent.clear();
  page.refusal = null;
  page.legal = new Legal([]);
  if (page.update) page.update = { ...page.update, legal: [] };
  history.replaceState(null, "", location.pathname + (location.pathname.startsWith("/tables/") ? "" : `?table=${encodeURIComponent(page.id)}`));
  toast(t("table.left"), "warn");
  const old = page.ws;
  page.ws = null; // its close (code 4000) is no longer ours to handle
  if (old) old.close();
  if (page.r && page.r.init) page.r.init(ctx());
  render();
  connect(); // back as a spectator: the seat's new player shows in the seats' list
}

/** The motion settings: how fast others' moves are shown, and whether things move at all. */
function renderMotion() {
  const box = document.getElementById("motion");
  if (!box) return;
  clear(box);
  box.appendChild(h("h3", {}, t("motion.title")));
  const select = h(
    "select",
    { id: "pace", onchange: (e) => { setPace(e.target.value); pump(); } },
    Object.keys(PACES).map((p) => h("option", { value: p, selected: p === pace() }, t(`motion.pace.${p}`))),
  );
  box.appendChild(h("p", { class: "row motion-row" }, h("label", { for: "pace" }, t("motion.pace")), select));
  const still = reducedBySystem();
  const check = h("input", {
    type: "checkbox",
    id: "animations",
    checked: animationsChosen() && !still,
    disabled: still,
    onchange: (e) => {
      setAnimations(e.target.checked);
      if (!e.target.checked) skipAll();
    },
  });
  box.appendChild(h("p", { class: "motion-row" }, h("label", { for: "animations", class: "check" }, check, ` ${t("motion.animations")}`)));
  if (still) box.appendChild(h("p", { class: "muted" }, h("small", {}, t("motion.reduced"))));
  box.appendChild(h("p", { class: "muted" }, h("small", {}, t("motion.skip.note"))));
}

/** A click on the board or Escape: the animations end, and what waits is shown now. */
function skip() {
  skipAll();
  showAll();
}

function showFatal(text) {
  page.fatal = text;
  renderStatus();
}

function tick() {
  const timer = document.getElementById("timer");
  if (page.windowDeadline === null || !page.update || page.update.status !== "playing") {
    timer.hidden = true;
  } else {
    const left = Math.max(0, (page.windowDeadline - performance.now()) / 1000);
    const total = Math.max(left, page.windowTotal || 0.001);
    timer.hidden = false;
    timer.querySelector(".bar").style.width = `${(100 * left) / total}%`;
    timer.querySelector(".secs").textContent = left > 0 ? t("table.window", left.toFixed(1)) : "…";
  }
  for (const el of document.querySelectorAll(".turn-timer")) {
    const left = Math.max(0, (+el.dataset.deadline - performance.now()) / 1000);
    el.textContent = ` · ${t("table.turntimer", Math.ceil(left))}`;
  }
  requestAnimationFrame(tick);
}

// -- start --------------------------------------------------------------------------------------

async function setGame(id) {
  page.game = id;
  page.r = renderer(id);
  document.body.dataset.game = id;
  page.info = await gameInfo(id);
  const title = document.getElementById("game-title");
  if (title) title.textContent = gameTitle(page.info || id);
  document.title = `${gameTitle(page.info || id)} · spieltisch`;
  if (page.r && page.r.init) page.r.init(ctx());
  renderRules();
  render();
}

function onKey(e) {
  if (!page.r || !page.r.keydown || page.seat === null) return;
  const tag = (e.target && e.target.tagName) || "";
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (page.r.keydown(e, ctx())) e.preventDefault();
}

async function main() {
  header(
    h(
      "span",
      { class: "where" },
      h("span", { id: "conn", class: "conn connecting" }),
      h("strong", { id: "game-title" }, ""),
      h("code", { id: "table-id" }, ""),
    ),
  );
  const found = pageTable();
  if (!found) {
    showFatal(t("table.notable"));
    return;
  }
  page.id = found.id;
  page.token = found.token;
  document.getElementById("table-id").textContent = page.id;
  if (page.token && location.search.includes("token=")) {
    // keep the secret out of the history's visible address; the page keeps it
    const q = location.pathname.startsWith("/tables/") ? "" : `?table=${encodeURIComponent(page.id)}`;
    history.replaceState(null, "", `${location.pathname}${q}#token=${encodeURIComponent(page.token)}`);
  }
  try {
    page.summary = await api("GET", `/api/tables/${encodeURIComponent(page.id)}`);
  } catch (ex) {
    showFatal(ex instanceof ApiError && ex.status === 404 ? t("table.notfound") : t("table.error", ex.message));
    return;
  }
  applyMotionClass();
  renderMotion();
  await setGame(page.summary.game);
  document.addEventListener("keydown", onKey);
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") skip();
  });
  document.getElementById("board").addEventListener("click", skip);
  document.getElementById("pace-skip").addEventListener("click", skip);
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) showAll();
  });
  document.getElementById("chat-form").addEventListener("submit", sendChat);
  document.getElementById("name-form").addEventListener("submit", sendName);
  onLang(() => {
    translatePage();
    const title = document.getElementById("game-title");
    if (title) title.textContent = gameTitle(page.info || page.game);
    if (page.r && page.r.init) page.r.init(ctx());
    renderRules();
    renderMotion();
    redrawLog();
    render();
    renderPaceNote();
  });
  requestAnimationFrame(tick);
  connect();
}

main();
