// The replay viewer of a finished game: the record's actions, stepped through.
//
// With a server that gives the public view after each step (GET /api/tables/{id}/record/{k}:
// {"step": k, "view": ..., "events": [...]}) the board follows the steps; without it the board
// shows the final position and the list walks through the recorded actions.

import { canon, Legal } from "./actions.js";
import { ApiError, api, apiText, clear, exactInteger, gameInfo, h, header, pageTable, tableLink } from "./common.js";
import { gameTitle } from "./gamewords.js";
import { renderer } from "./games/index.js";
import { onLang, say, t, translatePage } from "./i18n.js";
import { applyMotionClass, glideCards, measure } from "./motion.js";

const page = {
  id: null,
  record: null,
  summary: null,
  info: null,
  r: null,
  step: 0,
  perStep: null, // unknown until probed
  views: new Map(),
  timer: null,
  ui: {},
  lines: null, // the steps in words (GET .../lines): the game's own sentences, as its log says them
  seat: null, // whose eyes: null a spectator's; a seat's after the end (every hand revealed)
  drawn: null, // the step on the board: one step on from it, the step's move is animated
};
window.spieltisch = page;

function name(p) {
  if (p === "referee" || p === -1) return t("replay.referee");
  const seat = page.summary && page.summary.seats ? page.summary.seats[p] : null;
  return seat && seat.name ? seat.name : t("table.player", p + 1);
}

/** Step i's action in words: the game's sentence where it says its own (the same the log and
 * the terminal say), else the renderer's words. */
function actionLabel(i, c) {
  const step = page.lines && page.lines.spoken ? page.lines.steps[i] : null;
  if (step) return say(step.action, name);
  return page.r.describeAction(page.record.actions[i].action, c);
}

function ctx(view, events) {
  return {
    view,
    update: null,
    legal: new Legal([]),
    seat: page.seat,
    players: page.record ? page.record.players : 0,
    options: page.record ? page.record.options : {}, // the game's options, as it was played
    name,
    send: () => false,
    ui: page.ui,
    board: document.getElementById("board"),
    controls: document.getElementById("controls"),
    rerender: () => draw(),
    lastEvents: events || [],
  };
}

async function viewAt(step) {
  if (page.perStep === false) return null;
  const key = `${page.seat}:${step}`;
  if (page.views.has(key)) return page.views.get(key);
  try {
    const q = page.seat === null ? "" : `?seat=${page.seat}`;
    const data = await api("GET", `/api/tables/${encodeURIComponent(page.id)}/record/${step}${q}`);
    page.perStep = true;
    page.views.set(key, data);
    return data;
  } catch (ex) {
    if (ex instanceof ApiError && [404, 405].includes(ex.status) && page.perStep === null) {
      page.perStep = false;
      return null;
    }
    throw ex;
  }
}

async function draw() {
  const n = page.record.actions.length;
  const k = page.step;
  document.getElementById("step").value = String(k);
  document.getElementById("step-label").textContent = t("replay.step", k, n);
  for (const li of document.querySelectorAll("#actions li")) {
    const i = +li.dataset.index;
    li.classList.toggle("current", i === k - 1);
    li.classList.toggle("future", i >= k);
  }
  const current = document.querySelector("#actions li.current");
  if (current) current.scrollIntoView({ block: "nearest" });
  let shown = null;
  try {
    shown = await viewAt(k);
  } catch (ex) {
    document.getElementById("note").textContent = t("table.error", ex.message);
    document.getElementById("note").hidden = false;
  }
  const note = document.getElementById("note");
  if (page.perStep === false) {
    note.textContent = t("replay.nosteps");
    note.hidden = false;
  }
  const view = shown ? shown.view : page.summary.view;
  const events = shown ? shown.events || [] : [];
  const c = ctx(view, events);
  // one step forward (next, or playing): the step's cards glide and its seeds are sown, as at
  // the table; a jump shows the position at once
  const forward = shown && page.drawn === k - 1 && page.r;
  const roots = [c.board, c.controls];
  const where = forward ? measure(roots) : null;
  if (view && page.r) page.r.render(c);
  page.drawn = shown ? k : null;
  if (forward && view) {
    glideCards(roots, where, null);
    if (page.r.animate) page.r.animate({ ...c, fresh: true });
  }
  const log = clear(document.getElementById("log"));
  const entry = k > 0 ? page.record.actions[k - 1] : null;
  if (entry) log.appendChild(h("li", { class: "ev" }, `${name(entry.player)}: ${actionLabel(k - 1, c)}`));
  const spoken = page.lines && page.lines.spoken && k > 0 ? page.lines.steps[k - 1].events : null;
  if (spoken) for (const said of spoken) log.appendChild(h("li", { class: "ev" }, say(said, name)));
  else for (const ev of events) {
    const text = page.r.describeEvent(ev, c);
    if (text) log.appendChild(h("li", { class: `ev ev-${ev.type}`, title: canon(ev) }, text));
  }
  const line = document.getElementById("status-line");
  const result = page.summary.result;
  const bits = [`${t("replay.title")}: ${gameTitle(page.info || page.record.game)}`, page.id];
  if (result) bits.push(`${t("table.result")}: ${result.scores.map((s, p) => `${name(p)} ${t("table.rank", result.ranks[p])} (${s})`).join(" · ")}`);
  if (!shown) bits.push(`— ${t("replay.final")}`);
  line.textContent = bits.join(" · ");
}

function go(k) {
  const n = page.record.actions.length;
  page.step = Math.max(0, Math.min(n, k));
  draw();
}

function togglePlay() {
  const button = document.getElementById("play");
  if (page.timer) {
    clearInterval(page.timer);
    page.timer = null;
    button.textContent = t("replay.play");
    return;
  }
  if (page.step >= page.record.actions.length) page.step = 0;
  button.textContent = t("replay.pause");
  page.timer = setInterval(() => {
    if (page.step >= page.record.actions.length) {
      togglePlay();
      return;
    }
    go(page.step + 1);
  }, 700);
}

function listActions() {
  const ol = clear(document.getElementById("actions"));
  const c = ctx(page.summary.view, []);
  page.record.actions.forEach((entry, i) => {
    ol.appendChild(
      h(
        "li",
        {
          "data-index": i,
          title: canon(entry.action),
          tabindex: "0",
          onclick: () => go(i + 1),
          // a step is chosen by keyboard as by a click (Tab to it, Enter or Space)
          onkeydown: (e) => {
            if (e.key !== "Enter" && e.key !== " ") return;
            e.preventDefault();
            go(i + 1);
          },
        },
        `${name(entry.player)}: ${actionLabel(i, c)}`,
      ),
    );
  });
}

/** Whose eyes the board shows: a spectator's, or a seat's with its hand (the game is over). */
function seenBy() {
  const select = h(
    "select",
    {
      id: "seen-by",
      onchange: (e) => {
        page.seat = e.target.value === "" ? null : +e.target.value;
        if (page.r && page.r.init) page.r.init(ctx(null, []));
        draw();
      },
    },
    h("option", { value: "", selected: page.seat === null }, t("replay.spectator")),
    Array.from({ length: page.record.players }, (_, p) => h("option", { value: String(p), selected: page.seat === p }, name(p))),
  );
  return h("label", { class: "field seen-by" }, h("span", {}, t("replay.seenby")), select);
}

function meta() {
  const el = clear(document.getElementById("meta"));
  el.appendChild(seenBy());
  el.appendChild(h("p", {}, h("small", {}, `${page.record.players} ${t("lobby.players")} · ${t("replay.seed", page.seedText)}`)));
  el.appendChild(h("a", { class: "button", href: `/api/tables/${page.id}/record`, download: "" }, t("replay.download")));
  el.appendChild(h("a", { class: "button", href: tableLink(page.id) }, t("lobby.watch")));
}

async function main() {
  header(h("span", { class: "where" }, h("strong", { id: "game-title" }, ""), h("code", {}, "")));
  const found = pageTable();
  const line = document.getElementById("status-line");
  if (!found) {
    line.textContent = t("table.notable");
    return;
  }
  page.id = found.id;
  try {
    page.summary = await api("GET", `/api/tables/${encodeURIComponent(page.id)}`);
    // read as text first: the seed is a 64-bit integer, which JSON.parse rounds to a double
    const raw = await apiText(`/api/tables/${encodeURIComponent(page.id)}/record`);
    page.record = JSON.parse(raw);
    page.seedText = exactInteger(raw, "seed") ?? String(page.record.seed);
  } catch (ex) {
    line.textContent = ex instanceof ApiError && ex.status === 409 ? t("replay.notover") : ex instanceof ApiError && ex.status === 404 ? t("table.notfound") : t("table.error", ex.message);
    line.classList.add("error");
    return;
  }
  try {
    page.lines = await api("GET", `/api/tables/${encodeURIComponent(page.id)}/lines`);
  } catch {
    page.lines = null; // a server without it: the renderer words the steps
  }
  applyMotionClass();
  page.r = renderer(page.record.game);
  page.info = await gameInfo(page.record.game);
  document.getElementById("game-title").textContent = gameTitle(page.info || page.record.game);
  document.body.dataset.game = page.record.game;
  const n = page.record.actions.length;
  const range = document.getElementById("step");
  range.max = String(n);
  range.addEventListener("input", () => go(+range.value));
  document.getElementById("first").onclick = () => go(0);
  document.getElementById("prev").onclick = () => go(page.step - 1);
  document.getElementById("next").onclick = () => go(page.step + 1);
  document.getElementById("last").onclick = () => go(n);
  document.getElementById("play").onclick = togglePlay;
  document.addEventListener("keydown", (e) => {
    if (e.target && ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return; // the slider steps itself
    if (e.key === "ArrowRight") go(page.step + 1);
    else if (e.key === "ArrowLeft") go(page.step - 1);
  });
  page.step = n;
  listActions();
  meta();
  await draw();
  onLang(() => {
    translatePage();
    document.getElementById("game-title").textContent = gameTitle(page.info || page.record.game);
    listActions();
    meta();
    draw();
  });
}

main();
