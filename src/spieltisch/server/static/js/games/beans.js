// The bean games (Bohnanza, Ladybohn, incl. Ladybohn's 1- and 2-player rules): fields, hands,
// the offer area, the fans, and the trading panel — build an offer from the offer area and the
// hand, see and answer offers, give gifts (games/beans/trading.py: one {"offer": {...}} action).

import { actionAttrs, canon } from "../actions.js";
import { cardAttrs, clear, h } from "../common.js";
import { andList, currentLang, has, say, sayAction, t } from "../i18n.js";

const COLORS = {
  coffee: ["#6f4e37", "#fff"],
  wax: ["#f4c542", "#3b2f00"],
  blue: ["#3b6fd1", "#fff"],
  chili: ["#d62828", "#fff"],
  stink: ["#8a9a3b", "#1f2600"],
  green: ["#2e7d3a", "#fff"],
  soy: ["#e3c58b", "#3b2f00"],
  blackeyed: ["#f2f2f2", "#222"],
  red: ["#8e1b2c", "#fff"],
  garden: ["#a8d08d", "#1f3b0f"],
  cocoa: ["#4a2c1d", "#fff"],
  makeup: ["#ef8fc1", "#4a0d2e"],
};

// Mutterböhnchen's cards name more than variety and Lady ("blue-baby2", "kotzbrocken"): its
// view's legend (view.cards) says each card's variety
let legend = null;

export function setLegend(cards) {
  legend = cards || null;
}

export function variety(card) {
  if (legend && legend[card]) return legend[card].variety;
  return card.endsWith("-lady") ? card.slice(0, -5) : card;
}

function isLady(card) {
  return card.endsWith("-lady");
}

export const BEAN_COLORS = COLORS;

export function beanName(view, v) {
  const info = view && view.varieties ? view.varieties[v] : null;
  if (!info) return v;
  return currentLang() === "de" ? info.de : info.en;
}

/** A bean's name with a soft hyphen where the language's words say a long name may break
 * ("b.name.break": the German names' "…bohne"). */
export function softBreak(name) {
  const tail = has("b.name.break") ? t("b.name.break") : "";
  if (!tail || !name.endsWith(tail) || name.length === tail.length) return name;
  return `${name.slice(0, -tail.length)}\u00ad${tail}`;
}

function cardName(view, card) {
  const v = beanName(view, variety(card));
  return isLady(card) ? `${v} (${t("b.lady")})` : v;
}

function meter(view, card) {
  const info = view.varieties ? view.varieties[variety(card)] : null;
  if (!info) return "";
  const m = info.beanometer[isLady(card) ? "lady" : "male"] || info.beanometer.male || [];
  return m.map((x, i) => (x ? `${x}→${i + 1}` : "")).filter(Boolean).join(" ");
}

function bean(view, card, cls = "", attrs = {}, tag = "span", id = null) {
  const [bg, ink] = COLORS[variety(card)] || ["#ccc", "#111"];
  const said = t("a11y.bean", cardName(view, card), meter(view, card) || "—");
  return h(
    tag,
    {
      class: `bean ${isLady(card) ? "lady" : ""} ${cls}`,
      style: { "--bean-bg": bg, "--bean-ink": ink },
      title: `${cardName(view, card)} · ${meter(view, card)}`,
      ...cardAttrs(tag, said, variety(card), id),
      ...attrs,
    },
    isLady(card) ? h("span", { class: "lady-mark", "aria-hidden": "true" }, "♀") : null,
    h("span", { class: "bname" }, softBreak(beanName(view, variety(card)))),
    h("span", { class: "bn" }),
    h("span", { class: "meter" }, meter(view, card)),
  );
}

export function itemsText(view, items) {
  if (!items || !items.length) return t("tr.nothing");
  return items.map((i) => `${i.count}× ${beanName(view, i.variety)}${i.from === "offer" ? ` (${t("src.offer")})` : ""}`).join(", ");
}

function fieldName(f) {
  return t("field", f + 1);
}

function offerArea(view) {
  return view.offer_area || view.offer || [];
}

function isDuo(view) {
  return view.mode !== undefined;
}

function cardById(view, id) {
  for (const c of offerArea(view)) if (c.id === id) return c.card;
  const mine = view.hand_ids || [];
  for (let i = 0; i < mine.length; i++) if (mine[i] === id) return view.hand[i];
  for (const row of view.to_plant || []) for (const c of row) if (c.id === id) return c.card;
  return null;
}

// -- the trading panel ------------------------------------------------------------------------------

function tradeState(ctx) {
  const v = ctx.view;
  const key = `${v.turn}:${v.phase}`;
  let tr = ctx.ui.trade;
  if (!tr || tr.key !== key) {
    tr = { key, to: v.active === ctx.seat ? null : v.active, give: {}, want: {}, promises: {}, draft: null };
    ctx.ui.trade = tr;
  }
  const draft = v.draft ? canon(v.draft) : null;
  if (draft !== tr.draft) {
    tr.draft = draft;
    if (v.draft) {
      // the server's draft (e.g. a counter-offer turned round) fills the builder
      tr.to = v.draft.to;
      tr.give = {};
      tr.want = {};
      for (const i of v.draft.give) tr.give[`${i.variety}|${i.from}`] = i.count;
      for (const i of v.draft.want) tr.want[`${i.variety}|${i.from}`] = i.count;
      tr.promises = { ...(v.draft.promises || {}) };
    }
  }
  return tr;
}

function items(counts) {
  return Object.entries(counts)
    .filter(([, k]) => k > 0)
    .map(([key, k]) => {
      const [varietyId, from] = key.split("|");
      return { variety: varietyId, count: k, from };
    });
}

function holdings(ctx) {
  const v = ctx.view;
  const have = {};
  for (const c of v.hand || []) {
    const key = `${variety(c)}|hand`;
    have[key] = (have[key] || 0) + 1;
  }
  if (ctx.seat === v.active) {
    for (const c of offerArea(v)) {
      const key = `${variety(c.card)}|offer`;
      have[key] = (have[key] || 0) + 1;
    }
  }
  return have;
}

// Ladybohn's promises: either side of a trade may promise not to steal, each for the next steal
// or the rest of the game (games/beans/trading.py); the offer says whose and how long
const HOLDS = ["none", "next", "game"];

function promiseText(ctx, promises, from, to) {
  return Object.entries(promises || {})
    .map(([side, holds]) => {
      const [thief, victim] = side === "sender" ? [from, to] : [to, from];
      return t("tr.promised.by", ctx.name(thief), ctx.name(victim), t(`tr.holds.${holds}`));
    })
    .join("; ");
}

function promiseChoice(ctx, tr, side) {
  const now = tr.promises[side] || "none";
  const label = side === "receiver" ? t("tr.promise.receiver", ctx.name(tr.to)) : t("tr.promise.sender", ctx.name(tr.to));
  const select = h(
    "select",
    { id: `trade-promise-${side}`, onchange: (e) => { if (e.target.value === "none") delete tr.promises[side]; else tr.promises[side] = e.target.value; } },
    ...HOLDS.map((holds) => h("option", { value: holds, selected: holds === now }, t(`tr.holds.${holds}`))),
  );
  return h("label", { class: "promise" }, `${label}: `, select);
}

// Ladybohn: which of her cards of a variety held as a Lady and a male a trade takes first
// ({"give_first": card}; the marks are the viewer's own, others see only variety and count)
function giveFirstBox(ctx) {
  const v = ctx.view;
  const marks = ctx.legal.with("give_first");
  const chosen = (v.give_first || []).map((id) => cardById(v, id)).filter(Boolean);
  if (!marks.length && !chosen.length) return null;
  const box = h("div", { class: "chips", id: "give-first" }, h("strong", {}, `${t("tr.givefirst")}: `));
  if (chosen.length) box.appendChild(h("span", { class: "muted" }, chosen.map((c) => cardName(v, c)).join(", ")));
  for (const a of marks) {
    const card = cardById(v, a.give_first);
    box.appendChild(chip(t("tr.givefirst.mark", card ? cardName(v, card) : `#${a.give_first}`), "", () => ctx.send(a), { ...actionAttrs(a), "data-give-first": card || "" }));
  }
  return box;
}

function chip(label, cls, onclick, attrs = {}) {
  return h("button", { type: "button", class: `chip ${cls}`, onclick, ...attrs }, label);
}

export function tradePanel(ctx) {
  const v = ctx.view;
  setLegend(v.cards);
  const me = ctx.seat;
  const tr = tradeState(ctx);
  const redraw = () => ctx.rerender();
  const panel = h("div", { class: "trade-panel", id: "trade-panel" });
  panel.appendChild(h("h4", {}, t("tr.title")));

  if (me !== null && ctx.legal.list.some((a) => "draft" in a || "accept" in a || "withdraw" in a || "decline" in a)) {
    // partner
    const partner = h("div", { class: "partner" }, h("strong", {}, `${t("tr.with")}: `));
    if (me === v.active) {
      for (let p = 0; p < v.players; p++) {
        if (p === me) continue;
        partner.appendChild(chip(ctx.name(p), tr.to === p ? "sel" : "", () => { tr.to = p; for (const k of Object.keys(tr.want)) if (k.endsWith("|offer")) delete tr.want[k]; redraw(); }, { "data-partner": p }));
      }
    } else {
      partner.appendChild(h("span", {}, ctx.name(v.active)));
    }
    panel.appendChild(partner);

    const have = holdings(ctx);
    const giveBox = h("div", {}, h("h4", {}, t("tr.give")));
    const giveChips = h("div", { class: "chips" });
    for (const [key, k] of Object.entries(have).sort()) {
      const [vid, from] = key.split("|");
      const used = tr.give[key] || 0;
      giveChips.appendChild(
        chip(
          h("span", {}, `+ ${beanName(v, vid)} `, h("span", { class: "src" }, `${from === "offer" ? t("src.offer") : t("src.hand")} ${used}/${k}`)),
          used ? "sel" : "",
          () => { if (used < k) { tr.give[key] = used + 1; redraw(); } },
          { "data-give": key, disabled: used >= k },
        ),
      );
    }
    giveBox.appendChild(giveChips);

    const wantBox = h("div", {}, h("h4", {}, t("tr.want")));
    const wantChips = h("div", { class: "chips" });
    if (tr.to !== null && tr.to !== undefined) {
      if (tr.to === v.active) {
        const offered = {};
        for (const c of offerArea(v)) offered[variety(c.card)] = (offered[variety(c.card)] || 0) + 1;
        for (const [vid, k] of Object.entries(offered)) {
          const key = `${vid}|offer`;
          const used = tr.want[key] || 0;
          wantChips.appendChild(chip(h("span", {}, `+ ${beanName(v, vid)} `, h("span", { class: "src" }, `${t("src.offer")} ${used}/${k}`)), used ? "sel" : "", () => { if (used < k) { tr.want[key] = used + 1; redraw(); } }, { "data-want": key, disabled: used >= k }));
        }
      }
      wantChips.appendChild(h("small", { class: "muted", style: { flexBasis: "100%" } }, t("tr.theirhand", ctx.name(tr.to))));
      for (const vid of Object.keys(v.varieties || {})) {
        const key = `${vid}|hand`;
        const used = tr.want[key] || 0;
        wantChips.appendChild(chip(`+ ${beanName(v, vid)}${used ? ` ${used}` : ""}`, used ? "sel" : "", () => { tr.want[key] = used + 1; redraw(); }, { "data-want": key }));
      }
    }
    wantBox.appendChild(wantChips);
    panel.appendChild(h("div", { class: "trade-grid" }, giveBox, wantBox));

    const give = items(tr.give);
    const want = items(tr.want);
    panel.appendChild(h("p", { id: "trade-draft" }, t("tr.draft", itemsText(v, give), itemsText(v, want))));
    const picked = h("div", { class: "chips" });
    for (const [side, counts] of [["give", tr.give], ["want", tr.want]]) {
      for (const [key, k] of Object.entries(counts)) {
        if (!k) continue;
        const [vid, from] = key.split("|");
        picked.appendChild(
          chip(`− ${t(`tr.${side}`)}: ${beanName(v, vid)} (${t(`src.${from}`)})`, "sel", () => {
            counts[key] = k - 1;
            redraw();
          }, { [`data-un${side}`]: key }),
        );
      }
    }
    if (picked.children.length) panel.appendChild(picked);
    const buttons = h("div", { class: "partner" });
    if (v.promises !== undefined && tr.to !== null && tr.to !== undefined) {
      const promises = h("div", { class: "promises", id: "trade-promises" });
      promises.appendChild(promiseChoice(ctx, tr, "receiver"));
      promises.appendChild(promiseChoice(ctx, tr, "sender"));
      panel.appendChild(promises);
    }
    const ready = tr.to !== null && tr.to !== undefined && (give.length || want.length);
    buttons.appendChild(
      h(
        "button",
        {
          type: "button",
          class: "primary",
          id: "trade-send",
          disabled: !ready,
          onclick: () => {
            const offer = { to: tr.to, give, want };
            if (Object.keys(tr.promises).length) offer.promises = { ...tr.promises };
            ctx.send({ offer });
            tr.give = {};
            tr.want = {};
            tr.promises = {};
            redraw();
          },
        },
        want.length || !give.length ? t("tr.send") : t("tr.gift"),
      ),
    );
    buttons.appendChild(h("button", { type: "button", id: "trade-clear", onclick: () => { tr.give = {}; tr.want = {}; tr.promises = {}; redraw(); } }, t("tr.clear")));
    panel.appendChild(buttons);
    const first = giveFirstBox(ctx);
    if (first) panel.appendChild(first);
    panel.appendChild(h("small", { class: "muted" }, t("tr.pick")));
  }

  panel.appendChild(h("h4", {}, t("tr.offers")));
  const list = h("div", { class: "offer-list", id: "offers" });
  for (const o of v.offers || []) {
    const mine = o.from === me;
    const toMe = o.to === me;
    const text = o.want.length
      ? t("tr.line", o.id, ctx.name(o.from), ctx.name(o.to), itemsText(v, o.give), itemsText(v, o.want))
      : t("tr.giftline", o.id, ctx.name(o.from), ctx.name(o.to), itemsText(v, o.give));
    const row = h("div", { class: `offer${mine ? " mine" : ""}${toMe ? " tome" : ""}`, "data-offer": o.id, "data-k": `offer${o.id}`, "data-v": canon(o) }, h("span", { class: "what" }, text, o.promises ? ` (${promiseText(ctx, o.promises, o.from, o.to)})` : ""));
    for (const verb of ["accept", "decline", "counter", "withdraw"]) {
      const a = { [verb]: o.id };
      if (ctx.legal.has(a)) {
        row.appendChild(h("button", { type: "button", class: `small ${verb === "accept" ? "primary" : ""}`, ...actionAttrs(a), onclick: () => ctx.send(a) }, t(`tr.${verb}`)));
      }
    }
    list.appendChild(row);
  }
  if (!(v.offers || []).length) list.appendChild(h("span", { class: "muted" }, t("tr.none")));
  panel.appendChild(list);
  return panel;
}

// -- the table ----------------------------------------------------------------------------------

/** A button for ``action`` on the board (the page then leaves it out of its plain list). */
function boardButton(ctx, action, label, cls = "small", title = "") {
  if (ctx.ui.bShown) ctx.ui.bShown.add(canon(action));
  return h("button", { type: "button", class: cls, ...actionAttrs(action), title: title || canon(action), onclick: () => ctx.send(action) }, label);
}

function fieldBox(ctx, p, f) {
  const v = ctx.view;
  const cards = v.fields[p][f];
  const third = v.third && f === 2 ? v.third[p] : null;
  const top = cards.length ? cards[cards.length - 1] : null;
  const cls = `b-field${third === "ratio" ? " ratio" : ""}${top && variety(top) === "makeup" ? " makeup" : ""}`;
  const box = h("div", { class: cls, "data-field": `${p}-${f}`, "data-k": `field${p}-${f}`, "data-v": cards.join(",") });
  box.appendChild(h("span", { class: "fname" }, third ? t(`b.field.${third}`) : fieldName(f)));
  if (top) {
    box.appendChild(bean(v, top, "small", {}, "span", `field${p}-${f}:${cards.length}`));
    const ladies = cards.filter(isLady).length;
    box.appendChild(h("span", { class: "count" }, `×${cards.length}${ladies && ladies !== cards.length ? ` (${ladies}♀)` : ""}`));
  } else {
    box.appendChild(h("span", { class: "muted" }, t("b.field.empty")));
  }
  if (p === ctx.seat) {
    const front = ctx.legal.with("plant", { plant: "front", field: f });
    if (front.length && v.hand && v.hand.length) {
      box.classList.add("target");
      box.appendChild(h("button", { type: "button", ...actionAttrs(front[0]), onclick: () => ctx.send(front[0]) }, t("b.plantfront", beanName(v, variety(v.hand[0])))));
    }
    for (const a of ctx.legal.with("harvest", { harvest: f })) {
      box.appendChild(h("button", { type: "button", class: "harvest", ...actionAttrs(a), onclick: () => ctx.send(a) }, t("b.harvest")));
    }
    for (const a of ctx.legal.with("rotate", { rotate: f })) box.appendChild(boardButton(ctx, a, t("b.rotate"), "small", t("b.rotate.title")));
  }
  return box;
}

function playerBox(ctx, p) {
  const v = ctx.view;
  const tags = [];
  tags.push(h("span", { class: "tag", "data-k": `hand${p}`, "data-v": v.hands[p] }, t("b.handcount", t("cards.n", v.hands[p]))));
  tags.push(h("span", { class: "tag coins", "data-k": `coins${p}`, "data-v": v.coins[p] }, `● ${t("coins.n", v.coins[p])}`));
  const box = h(
    "div",
    { class: `b-player${p === v.active ? " active" : ""}${p === ctx.seat ? " me" : ""}`, "data-player": p },
    h("div", { class: "head" }, h("span", {}, ctx.name(p)), h("span", {}, tags)),
  );
  const fields = h("div", { class: "b-fields" });
  for (let f = 0; f < v.fields[p].length; f++) fields.appendChild(fieldBox(ctx, p, f));
  if (p === ctx.seat) for (const a of ctx.legal.list.filter((x) => x.buy === "field")) fields.appendChild(boardButton(ctx, a, t("b.a.buy")));
  box.appendChild(fields);
  const extra = [];
  if (v.steals && v.steals[p]) extra.push(t("b.steals", v.steals[p]));
  if (v.protected && v.protected.includes(p)) extra.push(t("b.protected"));
  if (v.shown && v.shown[p] && v.shown[p].length) extra.push(v.shown[p].map((c) => cardName(v, c)).join(", "));
  if (extra.length) box.appendChild(h("small", {}, extra.join(" · ")));
  const row = (v.to_plant || [])[p] || [];
  if (row.length) {
    const tp = h("div", { class: "b-zone" }, h("h4", {}, t("b.tp")));
    const cards = h("div", { class: "b-cards" });
    for (const c of row) {
      const wrap = h("div", { style: { display: "flex", flexDirection: "column", gap: "2px", alignItems: "center" } }, bean(v, c.card, "small", { "data-tp": c.id }, "span", c.id));
      if (p === ctx.seat) {
        for (const a of ctx.legal.with("plant", { plant: c.id })) {
          wrap.appendChild(h("button", { type: "button", class: "small", ...actionAttrs(a), onclick: () => ctx.send(a) }, t("b.plantto", fieldName(a.field))));
        }
      }
      cards.appendChild(wrap);
    }
    tp.appendChild(cards);
    box.appendChild(tp);
  }
  return box;
}

function phaseText(ctx) {
  const v = ctx.view;
  const name = ctx.name;
  if (v.phase === "over") return t("b.phase.over");
  if (v.phase === "fan") return t("b.phase.fan", name(v.active), v.fan_card ? cardName(v, v.fan_card) : "");
  if (v.phase === "final-steal") return t("b.phase.final-steal", name(v.stealer));
  const key = `b.phase.${v.phase}`;
  const text = t(key, name(v.active));
  return text === key ? v.phase : text;
}

export default {
  render(ctx) {
    const v = ctx.view;
    setLegend(v.cards);
    ctx.ui.bShown = new Set();
    const board = clear(ctx.board);
    const head = [phaseText(ctx), t("b.turn", v.turn ?? (v.turns ? v.turns.join("/") : ""))];
    if (v.ending) head.push(t("b.lastturn"));
    if (v.promises && v.promises.length) head.push(t("b.promise", v.promises.map(([a, b, holds]) => `${ctx.name(a)} → ${ctx.name(b)}${holds === "game" ? ` (${t("tr.holds.game")})` : ""}`).join(", ")));
    board.appendChild(h("div", { class: "board-head" }, head.join(" · ")));

    const center = h("div", { class: "b-center" });
    center.appendChild(
      h(
        "div",
        { class: "b-zone" },
        h("h4", {}, t("b.stock")),
        h("div", { "data-k": "stock", "data-v": v.stock }, t("cards.n", v.stock)),
        h("small", {}, t("b.exhausted", v.exhausted)),
      ),
    );
    const discardTop = v.discard && v.discard.length ? v.discard[v.discard.length - 1] : null;
    center.appendChild(
      h("div", { class: "b-zone" }, h("h4", {}, `${t("b.discard")} (${(v.discard || []).length})`), discardTop ? bean(v, discardTop, "small", {}, "span", `discard:${v.discard.length}`) : h("span", { class: "muted" }, "—")),
    );
    const area = offerArea(v);
    const offerZone = h("div", { class: "b-zone", id: "offer-area" }, h("h4", {}, t("b.offer")));
    const offerCards = h("div", { class: "b-cards" });
    for (const c of area) {
      const wrap = h("div", { style: { display: "flex", flexDirection: "column", gap: "2px", alignItems: "center" } }, bean(v, c.card, "", { "data-offer-card": c.id, "data-k": `oa${c.id}`, "data-v": c.card }, "span", c.id));
      for (const a of ctx.legal.with("take", { take: variety(c.card) })) {
        wrap.appendChild(h("button", { type: "button", class: "small", ...actionAttrs(a), onclick: () => ctx.send(a) }, t("b.a.take", cardName(v, c.card))));
      }
      // 2 players: the cards the opponent left in the offer are planted or discarded from here
      for (const a of ctx.legal.with("plant", { plant: c.id })) {
        wrap.appendChild(h("button", { type: "button", class: "small", ...actionAttrs(a), onclick: () => ctx.send(a) }, t("b.plantto", fieldName(a.field))));
      }
      for (const a of ctx.legal.with("discard", { discard: c.id })) {
        wrap.appendChild(h("button", { type: "button", class: "small", ...actionAttrs(a), onclick: () => ctx.send(a) }, t("b.discardbtn")));
      }
      offerCards.appendChild(wrap);
    }
    if (!area.length) offerCards.appendChild(h("span", { class: "muted" }, "—"));
    offerZone.appendChild(offerCards);
    // the phase's end where its cards lie: the trading (the turned-up cards), the taking
    const offerEnds = ctx.legal.list.filter((a) => a.end === "trading" || a.end === "taking");
    if (offerEnds.length) offerZone.appendChild(h("div", { class: "b-ends" }, offerEnds.map((a) => boardButton(ctx, a, t(`b.a.end.${a.end}`), "primary small"))));
    center.appendChild(offerZone);

    if (v.fans) {
      const fans = h("div", { class: "b-zone b-fans" });
      v.fans.forEach((fan, i) => {
        const box = h("div", { class: "b-fan", "data-fan": i }, h("h4", {}, `${t("b.fan", i + 1)} (${fan.length}/${v.fan_sizes[i]})`));
        const cards = h("div", { class: "b-cards", "data-k": `fan${i}`, "data-v": fan.join(",") });
        [...fan].reverse().forEach((c) => cards.appendChild(bean(v, c, "small")));
        box.appendChild(cards);
        for (const key of ["swap", "fan"]) {
          const a = { [key]: i };
          if (ctx.legal.has(a)) box.appendChild(h("button", { type: "button", class: "small", ...actionAttrs(a), onclick: () => ctx.send(a) }, t(`b.a.${key}`, i + 1)));
        }
        fans.appendChild(box);
      });
      if (v.fan_card) fans.appendChild(h("div", {}, h("h4", {}, "→"), bean(v, v.fan_card)));
      center.appendChild(fans);
    }
    board.appendChild(center);

    if (v.phase === "trade" && !isDuo(v)) board.appendChild(tradePanel(ctx));
    const makeup = ctx.legal.with("makeup");
    if (v.makeup_choice && ctx.seat !== null && v.makeup_choice[ctx.seat]) {
      const text = t(makeup.length ? "b.makeupask" : "b.makeupchoice", t("beans.n", v.makeup_choice[ctx.seat].beans));
      board.appendChild(h("div", { class: "mb-prompt", id: "makeup" }, h("p", { class: "ask" }, text), h("div", { class: "partner" }, makeup.map((a) => boardButton(ctx, a, t(`b.a.makeup.${a.makeup}`), a.makeup === "none" ? "small" : "primary small")))));
    }
    const steals = ctx.legal.with("steal");
    if (steals.length) {
      const row = h("div", { class: "partner" }, steals.map((a) => boardButton(ctx, a, a.steal.length ? andList(a.steal.map(ctx.name)) : t("b.nobody"), a.steal.length ? "primary small" : "small")));
      board.appendChild(h("div", { class: "mb-prompt", id: "steal" }, h("p", { class: "ask" }, t("b.stealask")), row));
    }

    // any other end of a phase (keep the hand, end the game): a row of its own
    const otherEnds = ctx.legal.list.filter((a) => "end" in a && !["planting", "trading", "taking"].includes(a.end));
    if (otherEnds.length) board.appendChild(h("div", { class: "b-ends", id: "b-ends" }, otherEnds.map((a) => boardButton(ctx, a, this.describeAction(a, ctx), "primary small"))));

    const order = [];
    for (let k = 0; k < v.players; k++) order.push(k);
    const players = h("div", { class: "b-players" }, order.map((p) => playerBox(ctx, p)));
    board.appendChild(players);

    if (v.hand) {
      const hand = h("div", { class: "b-hand", id: "hand", "data-k": "hand", "data-v": v.hand.join(",") });
      v.hand.forEach((c, i) => {
        const el = bean(v, c, i === 0 ? "front" : "", { "data-hand": i }, "span", (v.hand_ids || [])[i]);
        const discard = ctx.legal.with("discard_hand", { discard_hand: i });
        if (!discard.length) {
          hand.appendChild(el);
          return;
        }
        hand.appendChild(h("div", { class: "b-pick" }, el, discard.map((a) => boardButton(ctx, a, t("b.discardbtn"), "small discard"))));
      });
      if (!v.hand.length) hand.appendChild(h("span", { class: "muted" }, "—"));
      // the end of planting beside the hand it is planted from
      const ends = ctx.legal.list.filter((a) => a.end === "planting");
      const head = h("h4", {}, t("b.hand"), ends.map((a) => [" ", boardButton(ctx, a, t("b.a.end.planting"), "primary small")]));
      board.appendChild(h("div", { class: "b-zone" }, head, hand));
    }
  },

  handles(a, ctx) {
    const v = ctx.view;
    if ("draft" in a || "propose" in a || "offer" in a) return true;
    if ("accept" in a || "decline" in a || "counter" in a || "withdraw" in a) return true;
    if ("harvest" in a) return true;
    if ("plant" in a) {
      if (a.plant === "front") return true;
      const rows = [...offerArea(v), ...(((v && v.to_plant) || [])[ctx.seat] || [])];
      return rows.some((c) => c.id === a.plant);
    }
    if ("discard" in a) return offerArea(v).some((c) => c.id === a.discard);
    if (("swap" in a || "fan" in a) && v && v.fans) return true;
    if ("take" in a && v && isDuo(v)) return true;
    return !!(ctx.ui.bShown && ctx.ui.bShown.has(canon(a)));
  },

  // the server says each legal action in the game's words (games/<id>/words.py); no label
  // is built here
  describeAction(a, ctx) {
    return sayAction(a, ctx);
  },

  // each event comes with its line in the game's words (games/<id>/words.py, sent by the
  // server as ev.said): the log says it in the page's language, no label is built here
  describeEvent(ev, ctx) {
    return ev.said ? say(ev.said, ctx.name) : null;
  },

  status(ctx) {
    return phaseText(ctx);
  },

  seatNote(seat, ctx) {
    const v = ctx.view;
    return v ? `${t("coins.n", v.coins[seat])}, ${t("cards.n", v.hands[seat])}` : "";
  },
};
