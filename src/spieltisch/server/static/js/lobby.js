// The lobby: the tables, a form for a new table (game, players, seats, the game's options),
// the invite links of a new table, joining from a link, and each game's rules.

import {
  api,
  clear,
  copyText,
  fmtTime,
  games,
  h,
  header,
  parseInvite,
  replayLink,
  tableLink,
} from "./common.js";
import { choiceLabel, gameTitle, optionDoc, optionLabel, rulesText } from "./gamewords.js";
import { onLang, t, translatePage } from "./i18n.js";
import { forgetTable, myTables } from "./people.js";

const form = {
  game: null,
  players: null,
  seats: [],
  options: {},
  takeover: "",
  turnSeconds: null,
};
let gameList = [];
let lastCreated = null;

function game() {
  return gameList.find((g) => g.id === form.game);
}

function chooseGame(id) {
  form.game = id;
  const g = game();
  form.players = g.default_players;
  form.options = {};
  form.takeover = "";
  form.seats = defaultSeats(g, form.players);
}

function defaultSeats(g, n, old = []) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(old[i] || (i === 0 ? "human" : g.strongest_bot));
  return out;
}

function seatLabel(kind) {
  return kind === "human" ? t("lobby.human") : t("lobby.bot", kind);
}

function renderForm() {
  const el = clear(document.getElementById("create"));
  const g = game();
  if (!g) return;
  const gameSelect = h(
    "select",
    {
      id: "game",
      name: "game",
      onchange: (e) => {
        chooseGame(e.target.value);
        renderForm();
      },
    },
    gameList.map((x) => h("option", { value: x.id, selected: x.id === form.game }, gameTitle(x))),
  );
  el.appendChild(h("label", { class: "field" }, h("span", {}, t("lobby.game")), gameSelect));

  const counts = [];
  for (let n = g.min_players; n <= g.max_players; n++) counts.push(n);
  const playerSelect = h(
    "select",
    {
      id: "players",
      disabled: counts.length === 1,
      onchange: (e) => {
        form.players = +e.target.value;
        form.seats = defaultSeats(g, form.players, form.seats);
        renderForm();
      },
    },
    counts.map((n) => h("option", { value: n, selected: n === form.players }, String(n))),
  );
  el.appendChild(h("label", { class: "field" }, h("span", {}, t("lobby.players")), playerSelect));

  const seats = h("fieldset", { class: "seats" }, h("legend", {}, t("lobby.seats")));
  form.seats.forEach((kind, i) => {
    const select = h(
      "select",
      {
        id: `seat-${i}`,
        onchange: (e) => {
          form.seats[i] = e.target.value;
        },
      },
      ["human", ...g.bots].map((k) => h("option", { value: k, selected: k === kind }, seatLabel(k))),
    );
    seats.appendChild(h("label", { class: "field" }, h("span", {}, t("lobby.seat", i + 1)), select));
  });
  const takeover = h(
    "select",
    {
      id: "takeover",
      onchange: (e) => {
        form.takeover = e.target.value;
      },
    },
    h("option", { value: "", selected: !form.takeover }, t("lobby.takeover.none")),
    g.bots.map((b) => h("option", { value: b, selected: form.takeover === b }, t("lobby.takeover.bot", b))),
  );
  seats.appendChild(h("label", { class: "field" }, h("span", {}, t("lobby.takeover")), takeover));
  seats.appendChild(
    h(
      "label",
      { class: "field" },
      h("span", {}, t("lobby.turn")),
      h("input", {
        id: "turn-seconds",
        type: "number",
        min: "5",
        max: "3600",
        step: "1",
        placeholder: t("lobby.turn.none"),
        value: form.turnSeconds ?? "",
        oninput: (e) => {
          const v = parseFloat(e.target.value);
          form.turnSeconds = Number.isFinite(v) ? v : null;
        },
      }),
      h("small", { class: "doc" }, t("lobby.turn.doc")),
    ),
  );
  el.appendChild(seats);

  const opts = h("details", { class: "options", open: Object.keys(form.options).length > 0 });
  opts.appendChild(h("summary", {}, t("lobby.options")));
  if (!g.options.length) opts.appendChild(h("p", { class: "muted" }, t("lobby.options.none")));
  for (const o of g.options) opts.appendChild(optionField(o));
  el.appendChild(opts);

  el.appendChild(h("button", { type: "submit", class: "primary", id: "create-submit" }, t("lobby.submit")));
  el.appendChild(h("p", { id: "create-error", class: "error", hidden: true }));
}

function optionField(o) {
  const id = `opt-${o.name}`;
  const value = o.name in form.options ? form.options[o.name] : o.default;
  const set = (v) => {
    if (v === o.default || v === "" || Number.isNaN(v)) delete form.options[o.name];
    else form.options[o.name] = v;
  };
  let input;
  if (o.type === "bool") {
    input = h("input", {
      id,
      type: "checkbox",
      checked: !!value,
      onchange: (e) => set(e.target.checked),
    });
  } else if (o.choices) {
    input = h(
      "select",
      {
        id,
        onchange: (e) => {
          const c = o.choices.find((x) => String(x) === e.target.value);
          set(c);
        },
      },
      o.choices.map((c) => h("option", { value: String(c), selected: c === value }, choiceLabel(c))),
    );
  } else {
    input = h("input", {
      id,
      type: "number",
      step: o.type === "int" ? "1" : "any",
      min: o.min === null || o.min === undefined ? null : String(o.min),
      max: o.max === null || o.max === undefined ? null : String(o.max),
      value: String(value),
      oninput: (e) => {
        const raw = e.target.value.trim();
        if (raw === "") return set(o.default);
        set(o.type === "int" ? parseInt(raw, 10) : parseFloat(raw));
      },
    });
  }
  return h(
    "label",
    { class: "field option", title: o.doc },
    h("span", {}, optionLabel(o.name)),
    input,
    h("small", { class: "doc" }, `${optionDoc(o)} (${[t("lobby.default", choiceLabel(o.default)), bounds(o)].filter(Boolean).join("; ")})`),
  );
}

/** An option's bounds in words ("1–6", "at least 0", "at most 9"), or "" when it has none. */
function bounds(o) {
  const lo = o.min === null || o.min === undefined ? null : o.min;
  const hi = o.max === null || o.max === undefined ? null : o.max;
  if (lo !== null && hi !== null) return t("lobby.range", lo, hi);
  if (lo !== null) return t("lobby.atleast", lo);
  if (hi !== null) return t("lobby.atmost", hi);
  return "";
}

async function submit(e) {
  e.preventDefault();
  const err = document.getElementById("create-error");
  err.hidden = true;
  const body = { game: form.game, seats: form.seats, options: form.options };
  if (form.takeover) body.takeover = form.takeover;
  if (form.turnSeconds) body.turn_seconds = form.turnSeconds;
  try {
    lastCreated = await api("POST", "/api/tables", body);
    renderCreated();
    loadTables();
  } catch (ex) {
    err.textContent = t("lobby.error", ex.message);
    err.hidden = false;
  }
}

function linkRow(label, url, testid) {
  const input = h("input", { type: "text", readonly: true, value: url, class: "link", "data-testid": testid, "aria-label": label });
  const copy = h(
    "button",
    {
      type: "button",
      class: "small",
      onclick: async () => {
        await copyText(url);
        copy.textContent = t("lobby.copied");
        setTimeout(() => {
          copy.textContent = t("lobby.copy");
        }, 1500);
      },
    },
    t("lobby.copy"),
  );
  return h(
    "div",
    { class: "linkrow" },
    h("span", { class: "what" }, label),
    input,
    copy,
    h("a", { class: "button small", href: url, target: "_blank", rel: "noopener" }, t("lobby.open")),
  );
}

function renderCreated() {
  const box = clear(document.getElementById("created"));
  const c = lastCreated;
  if (!c) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.appendChild(h("h3", {}, t("lobby.created", `${gameTitle(c.game)} · ${c.id}`)));
  box.appendChild(h("p", { class: "note" }, t("lobby.created.note")));
  for (const s of c.seats) {
    const label = `${t("lobby.seat", s.seat + 1)}`;
    if (s.token) {
      box.appendChild(linkRow(`${label}: ${t("lobby.invite")}`, s.invite || tableLink(c.id, s.token), `invite-${s.seat}`));
    } else {
      box.appendChild(h("div", { class: "linkrow" }, h("span", { class: "what" }, `${label}: ${t("lobby.botseat", s.bot)}`)));
    }
  }
  box.appendChild(linkRow(t("lobby.spectate"), tableLink(c.id), "spectate"));
}

async function loadTables() {
  const el = document.getElementById("tables");
  let tables;
  try {
    tables = await api("GET", "/api/tables");
  } catch (ex) {
    clear(el).appendChild(h("p", { class: "error" }, t("lobby.error", ex.message)));
    return;
  }
  clear(el);
  if (!tables.length) {
    el.appendChild(h("p", { class: "muted" }, t("lobby.tables.none")));
    return;
  }
  const rows = tables.map((tb) => {
    const seats = tb.seats.map((s) => {
      let text;
      if (s.kind === "human") text = `☺ ${s.name ? `${s.name} ` : ""}${s.connected ? "●" : "○"}`;
      else if (s.kind === "bot") text = `⚙ ${s.bot}`;
      else text = t("lobby.empty");
      return h("span", { class: `seat ${s.kind}${s.connected ? " on" : ""}` }, text);
    });
    const links = [h("a", { href: tableLink(tb.id), class: "button small" }, t("lobby.watch"))];
    if (tb.status === "finished") {
      links.push(h("a", { href: replayLink(tb.id), class: "button small" }, t("lobby.replay")));
      links.push(h("a", { href: `/api/tables/${tb.id}/record`, class: "button small", download: "" }, t("lobby.download")));
    }
    return h(
      "tr",
      { "data-table": tb.id },
      h("td", {}, h("strong", {}, gameTitle(gameList.find((g) => g.id === tb.game) || tb.game)), h("br"), h("code", {}, tb.id)),
      h("td", {}, h("span", { class: `status ${tb.status}` }, t(`status.${tb.status}`)), h("br"), h("small", {}, t("lobby.actions", tb.actions))),
      h("td", { class: "seatlist" }, seats),
      h("td", {}, h("small", {}, fmtTime(tb.updated))),
      h("td", { class: "links" }, links),
    );
  });
  el.appendChild(h("table", { class: "tables" }, h("tbody", {}, rows)));
}

/** "My tables": the seats this browser holds (people.js), each with its table's state now. */
async function renderMine() {
  const el = document.getElementById("mine");
  const mine = myTables();
  if (!mine.length) {
    clear(el).appendChild(h("p", { class: "muted" }, t("lobby.mine.none")));
    return;
  }
  const found = await Promise.all(
    mine.map((m) =>
      api("GET", `/api/tables/${encodeURIComponent(m.id)}`).then(
        (tb) => tb,
        (ex) => (ex.status === 404 ? null : undefined),
      ),
    ),
  );
  const rows = mine.map((m, i) => {
    const tb = found[i];
    const seat = tb && tb.seats ? tb.seats[m.seat] : null;
    const who = seat && seat.name ? seat.name : t("lobby.seat", (m.seat ?? 0) + 1);
    const title = gameTitle(gameList.find((g) => g.id === m.game) || m.game || "?");
    const links = [];
    if (tb) links.push(h("a", { href: tableLink(m.id, m.token), class: "button small mine-open" }, t("lobby.mine.open")));
    if (tb && tb.next) links.push(h("a", { href: tableLink(tb.next, m.token), class: "button small" }, t("result.next")));
    links.push(
      h(
        "button",
        {
          type: "button",
          class: "small",
          onclick: () => {
            forgetTable(m.id);
            renderMine();
          },
        },
        t("lobby.mine.forget"),
      ),
    );
    let state;
    if (tb === null) state = h("span", { class: "status broken" }, t("lobby.mine.gone"));
    else if (tb === undefined) state = h("span", { class: "muted" }, "…");
    else state = h("span", { class: `status ${tb.status}` }, t(`status.${tb.status}`));
    return h(
      "tr",
      { "data-mine": m.id },
      h("td", {}, h("strong", {}, title), h("br"), h("code", {}, m.id)),
      h("td", {}, state, h("br"), h("small", {}, t("lobby.mine.as", who))),
      h("td", { class: "links" }, links),
    );
  });
  clear(el).appendChild(h("table", { class: "tables mine" }, h("tbody", {}, rows)));
}

function renderGames() {
  const el = clear(document.getElementById("games"));
  for (const g of gameList) {
    const rules = rulesText(g);
    el.appendChild(
      h(
        "details",
        { class: "rules", "data-game": g.id },
        h("summary", {}, `${gameTitle(g)} · ${g.min_players === g.max_players ? g.min_players : `${g.min_players}–${g.max_players}`} ${t("lobby.players")}`),
        h("pre", { class: "rules-text" }, rules.text),
        rules.original ? h("details", { class: "original" }, h("summary", {}, t("table.rules.original")), h("pre", {}, rules.original)) : null,
      ),
    );
  }
}

function join(e) {
  e.preventDefault();
  const value = document.getElementById("join-link").value;
  const found = parseInvite(value);
  const err = document.getElementById("join-error");
  if (!found) {
    err.textContent = t("lobby.join.bad");
    err.hidden = false;
    return;
  }
  location.href = tableLink(found.id, found.token);
}

function renderAll() {
  translatePage();
  renderForm();
  renderCreated();
  renderGames();
  loadTables();
  renderMine();
}

async function main() {
  header();
  gameList = await games();
  chooseGame(gameList[0].id);
  document.getElementById("create").addEventListener("submit", submit);
  document.getElementById("join").addEventListener("submit", join);
  document.getElementById("refresh").addEventListener("click", loadTables);
  renderAll();
  onLang(renderAll);
  setInterval(() => {
    if (!document.hidden) loadTables();
  }, 5000);
}

main();
