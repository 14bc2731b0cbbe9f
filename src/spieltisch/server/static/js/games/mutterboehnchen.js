// Mutterböhnchen (games/mutterboehnchen): fields as open stacks (the top card pays), males, Ladys,
// Babys with rattles and the 24 special beans with name and class; face-down Bohnentaler; the
// hand in order; the turned-up cards and the trading panel (beans.js); the Rasselbande (attacks,
// the defender's harvest first, the talers drawn and the one kept); pulls; the one-shots' choices;
// what was received and must be planted at once; the Flitzer; the end placement.
//
// The 2-player game (duo.py, view.mode "two players") has its own turn: the "3. Bohnenfeld" card
// beside its holder, closed field slots (the 3rd one a field to begin for the holder in his
// turn), the opponent's leftovers with plant/discard per card and variety (phase 1), a discard
// under each hand card (phase 2), the talers set aside during the attacks (phase 3), the offer
// of phase 4 by variety with the discard chain's cards marked, the Aktivist's claim.
//
// Every legal action the board draws a control for is noted while drawing (ui.mbShown): the page
// lists all others as labelled buttons, so a moment the board does not know yet still plays.

import { actionAttrs, canon } from "../actions.js";
import { cardAttrs, clear, h } from "../common.js";
import { andList, has, say, sayAction, t } from "../i18n.js";
import beans, { BEAN_COLORS, beanName, setLegend, softBreak, tradePanel } from "./beans.js";


// what a field-widening special lets its field take besides its variety
const WIDENS = { field_accepts_green_and_blue: ["green", "blue"], field_accepts_chili_and_blue: ["chili", "blue"] };


// -- cards ----------------------------------------------------------------------------------------

function kind(v, name) {
  const k = v && v.cards ? v.cards[name] : null;
  if (k) return k;
  const [vid, sex] = String(name).split("-");
  return { variety: vid, sex: sex === "lady" ? "lady" : sex && sex.startsWith("baby") ? "baby" : "male", beanometer: [], rattles: sex === "baby2" ? 2 : sex === "baby" ? 1 : 0 };
}

/** A card's name in words: "Blaue Bohne", "Blaue Bohne (Lady)", "Blaue Bohne Baby ●●", "Kotzbrocken". */
export function cardLabel(v, name) {
  if (!name) return "?";
  const k = kind(v, name);
  if (k.special) return k.name || specialName(k.special);
  const vn = beanName(v, k.variety);
  if (k.sex === "lady") return `${vn} (${t("mb.lady")})`;
  if (k.sex === "baby") return `${t("mb.babyname", vn)}${k.rattles === 2 ? " ●●" : ""}`;
  return vn;
}

function meterText(k) {
  const m = k.beanometer || [];
  return m.map((x, i) => (x ? `${x}→${i + 1}` : "")).filter(Boolean).join(" ");
}

function cardTitle(v, name) {
  const k = kind(v, name);
  const lines = [cardLabel(v, name)];
  if (k.special) {
    lines[0] += ` · ${beanName(v, k.variety)}`;
    const doc = specialDoc(k.special);
    if (doc) lines.push(doc);
    if (k.klass) lines.push(t(`mb.class.${k.klass}`));
  }
  if (k.sex === "baby") lines.push(`${t("mb.rattles", k.rattles || 1)} · ${t("mb.paysnothing")}`);
  else if (meterText(k)) lines.push(`${t("mb.meter")}: ${meterText(k)}`);
  if (k.pays === "discard_bottom") lines.push(t("mb.gardenlady"));
  return lines.join("\n");
}


// the special beans' names, texts and where a long name may break on a small card: the game's
// words ("mb.sp.<id>", "mb.sp.<id>.doc", "mb.sp.<id>.break")
function specialName(id) {
  return has(`mb.sp.${id}`) ? t(`mb.sp.${id}`) : id;
}

function specialDoc(id) {
  return has(`mb.sp.${id}.doc`) ? t(`mb.sp.${id}.doc`) : null;
}

function hyphenate(id) {
  return has(`mb.sp.${id}.break`) ? t(`mb.sp.${id}.break`).replace("|", "\u00ad") : specialName(id);
}

/** A card drawn: colour of its variety, ♀ for a Lady, a Baby's rattles, a special's name and class. */
function card(v, name, cls = "", attrs = {}) {
  const k = kind(v, name);
  const [bg, ink] = BEAN_COLORS[k.variety] || ["#ccc", "#111"];
  const vn = softBreak(beanName(v, k.variety));
  let mark = null;
  if (k.sex === "lady") mark = h("span", { class: "mb-sex" }, "♀");
  else if (k.sex === "baby") mark = h("span", { class: "mb-sex baby" }, "●".repeat(k.rattles || 1));
  const special = k.special ? hyphenate(k.special) : null;
  return h(
    "span",
    {
      class: `bean mb-card ${k.sex || "male"}${k.special ? " special" : ""} ${cls}`,
      style: { "--bean-bg": bg, "--bean-ink": ink },
      title: cardTitle(v, name),
      "data-card": name,
      ...cardAttrs("span", cardTitle(v, name), name),
      ...attrs,
    },
    k.klass ? h("span", { class: "mb-class" }, k.klass) : null,
    mark,
    special ? h("span", { class: "mb-special" }, special) : null,
    h("span", { class: "bname" }, vn),
    k.sex === "baby" ? h("span", { class: "mb-role" }, t("mb.baby")) : k.sex === "lady" ? h("span", { class: "mb-role" }, t("mb.lady")) : h("span", { class: "bn" }),
    h("span", { class: "meter" }, k.sex === "baby" ? t("mb.rattles", k.rattles || 1) : meterText(k)),
  );
}

/** A card in few words beside cards of ``variety``: its variety said only where it differs. */
function shortLabel(v, name, variety) {
  const k = kind(v, name);
  if (k.special || k.variety !== variety) return cardLabel(v, name);
  if (k.sex === "baby") return `${t("mb.baby")}${k.rattles === 2 ? " ●●" : ""}`;
  if (k.sex === "lady") return t("mb.lady");
  return cardLabel(v, name);
}

/** A lower card of a stack: one line. */
function slice(v, name, i, variety, attrs = {}) {
  const k = kind(v, name);
  const [bg, ink] = BEAN_COLORS[k.variety] || ["#ccc", "#111"];
  return h(
    "div",
    { class: `mb-slice ${k.sex || "male"}${k.special ? " special" : ""}`, style: { "--bean-bg": bg, "--bean-ink": ink }, title: cardTitle(v, name), "data-pos": i, ...attrs },
    h("span", { class: "pos" }, String(i + 1)),
    h("span", { class: "lbl" }, shortLabel(v, name, variety)),
    k.klass ? h("span", { class: "mb-class" }, k.klass) : null,
  );
}

// -- card ids in actions ----------------------------------------------------------------------------

/** The name of card ``id`` (actions name cards by id; most of the view by name). */
export function nameOf(v, id) {
  if (typeof id !== "number") return null;
  if (Array.isArray(v.deck) && v.deck[id]) return v.deck[id]; // the table's own card file
  const seen = (row) => (row || []).find((c) => c && c.id === id);
  const found = seen(v.offer_area) || seen(v.flitzer && v.flitzer.cards) || (v.to_plant || []).map(seen).find(Boolean);
  return found ? found.card : null;
}

function idLabel(v, id) {
  const n = nameOf(v, id);
  return n ? cardLabel(v, n) : `#${id}`;
}

// -- the table ----------------------------------------------------------------------------------

function fieldName(f) {
  return t("field", f + 1);
}

function accepted(v, p, f) {
  const base = v.field_varieties && v.field_varieties[p] ? v.field_varieties[p][f] : null;
  const out = base ? [base] : [];
  for (const c of v.fields[p][f]) {
    const k = kind(v, c);
    for (const w of WIDENS[k.effect] || []) if (!out.includes(w)) out.push(w);
  }
  return out;
}

function button(ctx, a, label, cls = "small") {
  ctx.ui.mbShown.add(canon(a));
  return h("button", { type: "button", class: cls, ...actionAttrs(a), title: canon(a), onclick: () => ctx.send(a) }, label);
}

// -- the 2-player game ---------------------------------------------------------------------------

function isDuo(v) {
  return !!v && v.mode === "two players";
}

/** Whether slot ``f`` is a field of ``p`` (2 players: a closed slot is none). */
function isOpen(v, p, f) {
  return !isDuo(v) || !v.fields_open || v.fields_open[p].includes(f);
}

function other(v, p) {
  return (v.players || 2) === 2 ? 1 - p : p;
}

/** The "3. Bohnenfeld" card, beside the name of its holder. */
function thirdCard(v, p) {
  return h("span", { class: "mb-thirdcard", title: t("mb.duo.card.title"), "data-k": `thirdcard${p}`, "data-v": v.third_field_card, "data-third-card": p }, t("mb.duo.card"));
}

/** A slot that is no field of ``p``: closed, or (its holder, in his turn) a 3rd field to begin. */
function closedBox(ctx, p, f) {
  const v = ctx.view;
  const me = p === ctx.seat;
  const plants = me ? ctx.legal.list.filter((a) => "plant" in a && a.field === f) : [];
  if (plants.length) {
    const box = h("div", { class: "b-field mb-field mb-third target", "data-field": `${p}-${f}`, "data-k": `field${p}-${f}`, "data-v": "third", title: t("mb.third.open", ctx.name(other(v, p))) });
    box.appendChild(h("span", { class: "fname" }, `${fieldName(f)} · ${t("mb.third.here")}`));
    box.appendChild(thirdCard(v, p));
    box.appendChild(h("small", { class: "mb-third-note" }, t("mb.third.open", ctx.name(other(v, p)))));
    const hand = v.hand || [];
    for (const a of ctx.legal.with("plant", { plant: "front", field: f })) box.appendChild(button(ctx, a, t("mb.plantfront", cardLabel(v, hand[0])), "primary small"));
    return box;
  }
  const holder = v.third_field_card === p;
  return h(
    "div",
    { class: "b-field mb-field mb-closed", "data-field": `${p}-${f}`, "data-k": `field${p}-${f}`, "data-v": "closed", title: t("mb.closed.title", ctx.name(p)) },
    h("span", { class: "fname" }, fieldName(f)),
    h("span", { class: "mb-closed-mark" }, t("mb.closed")),
    holder ? h("small", { class: "mb-closed-mark" }, t("mb.closed.later")) : null,
  );
}

/** The cards in the offer, grouped by variety (2 players: leftovers in phase 1, the offer in
 *  phase 4 with the discard chain's cards marked). */
function duoOfferZone(ctx) {
  const v = ctx.view;
  const area = v.offer_area || [];
  const leftover = v.phase === "leftover";
  const title = leftover ? t("mb.leftovers", ctx.name(other(v, v.active))) : t(area.length || v.phase === "take" || v.phase === "reveal" ? "mb.offer4" : "mb.turnedup");
  const zone = h("div", { class: "b-zone mb-offer2", id: "offer-area", "data-phase": v.phase }, h("h4", {}, title));
  const chain = chainIds(ctx);
  const groups = new Map();
  for (const c of area) {
    const vid = kind(v, c.card).variety;
    if (!groups.has(vid)) groups.set(vid, []);
    groups.get(vid).push(c);
  }
  const row = h("div", { class: "mb-groups" });
  for (const [vid, cards] of groups) {
    const how = (v.started || {})[vid];
    const takes = v.phase === "take" && cards.some((c) => ctx.legal.with("plant", { plant: c.id }).length);
    const head = h("div", { class: "mb-group-head" }, h("strong", {}, takes ? t("mb.takevariety", beanName(v, vid)) : beanName(v, vid)));
    if (how) head.appendChild(h("small", { class: `mb-started ${how}` }, t(`mb.started.${how}`)));
    else if (v.phase === "take" || leftover) head.appendChild(h("small", { class: "muted" }, t("mb.allornone")));
    if (takes && cards.length > 1) {
      // the whole variety onto one field: its cards planted one by one (takeNext)
      const ids = new Set(cards.map((c) => c.id));
      const fields = [...new Set(ctx.legal.list.filter((a) => ids.has(a.plant) && !a.under).map((a) => a.field))];
      for (const f of fields) {
        const go = () => {
          ctx.ui.mbTake = { variety: vid, field: f, seq: null };
          takeNext(ctx);
        };
        head.appendChild(h("button", { type: "button", class: "small primary", "data-take": `${vid}|${f}`, title: t("mb.takeall.title", beanName(v, vid), fieldName(f)), onclick: go }, t("mb.takeall", fieldName(f))));
      }
    }
    const list = h("div", { class: "b-cards" });
    for (const c of cards) {
      const acts = [...ctx.legal.with("plant", { plant: c.id }), ...ctx.legal.with("discard", { discard: c.id })];
      const from = chain.has(c.id) ? "discard" : "turned";
      const el = withButtons(ctx, card(v, c.card, "", { "data-offer-card": c.id, "data-k": `oa${c.id}`, "data-v": c.card, "data-from": leftover ? "leftover" : from }), acts, (a) => ("discard" in a ? t("b.discardbtn") : fieldTo(a)));
      if (!leftover && from === "discard") el.insertBefore(h("small", { class: "mb-from discard" }, t("mb.from.discard")), el.children[1] || null);
      list.appendChild(el);
    }
    row.appendChild(h("div", { class: `mb-group${how ? ` ${how}` : ""}`, "data-variety": vid }, head, list));
  }
  if (!area.length) row.appendChild(h("span", { class: "muted" }, "—"));
  zone.appendChild(row);
  return zone;
}

/** "Take this variety": the next of its cards planted on the chosen field, once per update,
 *  until none is left there (a pull or a one-shot's choice is answered first). */
function takeNext(ctx) {
  const tk = ctx.ui.mbTake;
  const v = ctx.view;
  if (!tk) return;
  if (!isDuo(v) || v.phase !== "take" || v.active !== ctx.seat) {
    ctx.ui.mbTake = null;
    return;
  }
  if (v.pull || v.choice) return;
  const seq = ctx.update ? ctx.update.seq : null;
  if (tk.seq !== null && tk.seq === seq) return; // sent for this update already
  const ids = new Set((v.offer_area || []).filter((c) => kind(v, c.card).variety === tk.variety).map((c) => c.id));
  const next = ctx.legal.list.find((a) => ids.has(a.plant) && a.field === tk.field && !a.under);
  if (!next) {
    ctx.ui.mbTake = null;
    return;
  }
  tk.seq = seq;
  ctx.send(next);
}

/** The ids of the offer's cards that came from the discard pile (the log's last discard chain:
 *  the event names kinds, the offer lists them last). */
function chainIds(ctx) {
  const v = ctx.view;
  const names = [...(ctx.ui.mbChain || [])];
  const out = new Set();
  const area = v.offer_area || [];
  for (let i = area.length - 1; i >= 0 && names.length; i--) {
    const k = names.lastIndexOf(area[i].card);
    if (k < 0) continue;
    names.splice(k, 1);
    out.add(area[i].id);
  }
  return out;
}

function asideZone(ctx) {
  const v = ctx.view;
  const zone = h("div", { class: "b-zone mb-aside", id: "aside" }, h("h4", {}, t("mb.aside", ctx.name(other(v, v.active)))));
  const row = h("div", { class: "b-cards", "data-k": "aside", "data-v": v.aside.join(",") });
  for (const c of v.aside) row.appendChild(card(v, c, "small"));
  zone.appendChild(row);
  return zone;
}

function fieldBox(ctx, p, f) {
  const v = ctx.view;
  if (!isOpen(v, p, f)) return closedBox(ctx, p, f);
  const cards = v.fields[p][f];
  const me = p === ctx.seat;
  const box = h("div", { class: "b-field mb-field", "data-field": `${p}-${f}`, "data-k": `field${p}-${f}`, "data-v": cards.join(",") });
  const acc = accepted(v, p, f);
  box.appendChild(h("span", { class: "fname" }, fieldName(f), acc.length ? ` · ${t("mb.accepts", acc.map((x) => beanName(v, x)).join(" + "))}` : ""));
  const pull = v.pull && v.pull.player === p && v.pull.field === f ? v.pull : null;
  const planned = p === v.active ? (v.attacks || []).find((a) => a.field === f) : null;
  if (planned) box.appendChild(h("span", { class: "mb-attack" }, t("mb.attackmark", t("mb.rattles", planned.rattles))));
  if (cards.length) {
    box.appendChild(card(v, cards[cards.length - 1], "small top", { "data-pos": cards.length - 1 }));
    box.appendChild(h("span", { class: "count" }, `×${cards.length}`));
    const lower = h("div", { class: "mb-stack" });
    for (let i = cards.length - 2; i >= 0; i--) {
      const s = slice(v, cards[i], i, acc[0]);
      if (pull && pull.options.includes(i)) s.classList.add("pullable");
      lower.appendChild(s);
    }
    if (cards.length > 1) box.appendChild(lower);
  } else {
    box.appendChild(h("span", { class: "muted" }, t("mb.empty")));
  }
  if (me) {
    const hand = v.hand || [];
    for (const a of ctx.legal.with("plant", { plant: "front", field: f })) {
      box.classList.add("target");
      const label = a.under ? `${t("mb.plantfront", cardLabel(v, hand[0]))} (${t("mb.under")})` : t("mb.plantfront", cardLabel(v, hand[0]));
      box.appendChild(button(ctx, a, label, "primary small"));
    }
    if (!v.choice) {
      for (const a of ctx.legal.with("harvest", { harvest: f })) box.appendChild(button(ctx, a, t("mb.harvest"), "harvest small"));
    }
  }
  return box;
}

function taler(v, p) {
  const n = v.coins[p];
  const pile = h("span", { class: "mb-talers", title: t("mb.talers.title"), "data-k": `coins${p}`, "data-v": n });
  for (let i = 0; i < Math.min(n, 6); i++) pile.appendChild(h("span", { class: "back" }));
  pile.appendChild(h("span", { class: "n" }, t("mb.talers", n)));
  return pile;
}

function playerBox(ctx, p) {
  const v = ctx.view;
  const box = h(
    "div",
    { class: `b-player${p === v.active ? " active" : ""}${p === ctx.seat ? " me" : ""}`, "data-player": p },
    h("div", { class: "head" }, h("span", {}, ctx.name(p), isDuo(v) && v.third_field_card === p ? [" ", thirdCard(v, p)] : null), h("span", {}, h("span", { class: "tag", "data-k": `hand${p}`, "data-v": v.hands[p] }, t("mb.handcount", t("cards.n", v.hands[p]))), " ", taler(v, p))),
  );
  const fields = h("div", { class: "b-fields" });
  for (let f = 0; f < v.fields[p].length; f++) fields.appendChild(fieldBox(ctx, p, f));
  box.appendChild(fields);
  const row = (v.to_plant || [])[p] || [];
  if (row.length) {
    const tp = h("div", { class: "b-zone" }, h("h4", {}, t("mb.tp")));
    const cards = h("div", { class: "b-cards" });
    for (const c of row) cards.appendChild(withButtons(ctx, card(v, c.card, "small", { "data-tp": c.id }), p === ctx.seat ? ctx.legal.with("plant", { plant: c.id }) : [], (a) => fieldTo(a)));
    tp.appendChild(cards);
    box.appendChild(tp);
  }
  return box;
}

function fieldTo(a) {
  const to = t("mb.to", fieldName(a.field));
  return a.under ? `${to} (${t("mb.under")})` : to;
}

function withButtons(ctx, el, actions, label) {
  const wrap = h("div", { class: "mb-pick" }, el);
  for (const a of actions) wrap.appendChild(button(ctx, a, label(a)));
  return wrap;
}

/** The cards named by id in ``actions`` (key ``key``), one box each with its buttons. */
function pickCards(ctx, actions, key, label, names = null) {
  const v = ctx.view;
  const ids = [];
  for (const a of actions) if (!ids.includes(a[key])) ids.push(a[key]);
  const row = h("div", { class: "b-cards" });
  ids.forEach((id, i) => {
    const name = nameOf(v, id) || (names && names[i]) || null;
    const el = name ? card(v, name, "small") : h("span", { class: "bean small" }, `#${id}`);
    row.appendChild(withButtons(ctx, el, actions.filter((a) => a[key] === id), label));
  });
  return row;
}

/** What the seat is asked now, with the controls for it. */
function prompt(ctx) {
  const v = ctx.view;
  const me = ctx.seat;
  if (me === null || v.phase === "over") return null;
  const L = ctx.legal;
  const box = h("div", { class: "mb-prompt", id: "mb-prompt" });
  const say = (text) => box.appendChild(h("p", { class: "ask" }, text));
  const row = () => box.appendChild(h("div", { class: "partner" }));
  const hand = v.hand || [];
  if (v.pull && v.pull.player === me) {
    const cards = v.fields[me][v.pull.field];
    say(t("mb.p.pull", fieldName(v.pull.field)));
    const r = row();
    for (const a of L.with("pull")) {
      r.appendChild(button(ctx, a, a.pull === "none" ? t("mb.p.pull.none") : t("mb.p.pull.opt", cardLabel(v, cards[a.pull]), a.pull + 1), a.pull === "none" ? "small" : "primary small"));
    }
  } else if (v.choice && v.choice.player === me) {
    const c = v.choice;
    const r = () => row();
    switch (c.effect) {
      case "forced_harvest": {
        say(t("mb.p.loser"));
        const x = r();
        for (const a of L.with("harvest")) x.appendChild(button(ctx, a, t("mb.a.harvest", fieldName(a.harvest)), "primary small"));
        break;
      }
      case "lady_to_top": {
        say(t("mb.p.frauenversteher"));
        const x = r();
        for (const a of L.with("lady")) x.appendChild(button(ctx, a, t("mb.a.lady", cardLabel(v, v.fields[me][a.field][a.lady]), fieldName(a.field)), "primary small"));
        break;
      }
      case "lady_from_discard": {
        say(t("mb.p.schuerzenjaeger"));
        box.appendChild(pickCards(ctx, L.with("take"), "take", () => t("mb.takebtn")));
        break;
      }
      case "play_rearmost_too": {
        say(t("mb.p.arbeitstier", cardLabel(v, hand[hand.length - 1])));
        const x = r();
        for (const a of L.with("plant", { plant: "rear" })) x.appendChild(button(ctx, a, fieldTo(a), "primary small"));
        break;
      }
      case "draw_opponent_taler": {
        say(t("mb.p.kameradenschwein"));
        const x = r();
        for (const a of L.with("taler_from")) x.appendChild(button(ctx, a, `${ctx.name(a.taler_from)} (${t("mb.talers", v.coins[a.taler_from])})`, "primary small"));
        break;
      }
      case "plant_drawn_taler": {
        const name = nameOf(v, c.card);
        say(t("mb.p.kameradenplant", name ? cardLabel(v, name) : "?"));
        if (name) box.appendChild(h("div", { class: "b-cards" }, card(v, name, "small")));
        const x = r();
        for (const a of L.with("plant", { plant: "taler" })) x.appendChild(button(ctx, a, fieldTo(a), "primary small"));
        break;
      }
      default:
        say(c.effect);
    }
  } else if ((v.foist || []).length && v.foist[0].player === me) {
    say(t("mb.p.foist"));
    const names = [...new Set(v.foist[0].cards)];
    box.appendChild(pickCards(ctx, L.list.filter((a) => "plant" in a && typeof a.plant === "number"), "plant", fieldTo, names));
  } else if (v.flitzer && v.flitzer.order[0] === me) {
    say(t("mb.p.flitzer"));
    const f = v.flitzer.cards[0];
    box.appendChild(h("div", { class: "b-cards" }, withButtons(ctx, card(v, f.card, "small"), L.with("flitzer").filter((a) => a.flitzer !== "pass"), fieldTo)));
    const x = row();
    for (const a of L.with("flitzer", { flitzer: "pass" })) x.appendChild(button(ctx, a, t("mb.p.flitzer.pass")));
  } else if (v.phase === "attack" && v.active === me) {
    say(isDuo(v) ? t("mb.p.duoattack", ctx.name(other(v, me))) : t("mb.p.attack"));
    for (const plan of v.attacks || []) {
      const x = row();
      x.appendChild(h("span", {}, `${t("mb.p.attack.one", fieldName(plan.field), t("mb.rattles", plan.rattles))}: `));
      for (const a of L.with("attack", { field: plan.field })) x.appendChild(button(ctx, a, ctx.name(a.attack), "primary small"));
    }
    const x = row();
    for (const a of L.with("end", { end: "attacks" })) x.appendChild(button(ctx, a, t("mb.p.attack.done")));
  } else if (v.phase === "defend" && v.attack && v.attack.target === me) {
    say(t("mb.p.defend", ctx.name(v.active), t("mb.rattles", v.attack.rattles)));
    const x = row();
    for (const a of L.with("end", { end: "defending" })) x.appendChild(button(ctx, a, t("mb.p.defend.go"), "primary small"));
  } else if (v.phase === "keep" && v.active === me && v.attack) {
    say(t(isDuo(v) ? "mb.p.keep.duo" : "mb.p.keep", andList(v.attack.drawn.map((c) => cardLabel(v, c))), ctx.name(v.attack.target)));
    const names = [...new Set(v.attack.drawn)];
    box.appendChild(pickCards(ctx, L.with("keep"), "keep", fieldTo, names));
  } else if (v.phase === "place" && v.placing && v.placing[0] === me) {
    say(t("mb.p.place"));
    const names = [...new Set(hand)];
    box.appendChild(pickCards(ctx, L.with("place"), "place", fieldTo, names));
    const x = row();
    for (const a of L.with("end", { end: "placing" })) x.appendChild(button(ctx, a, t("mb.p.place.done"), "primary small"));
  } else if (isDuo(v) && v.phase === "leftover" && v.active === me) {
    say(t("mb.p.leftover", ctx.name(other(v, me))));
  } else if (isDuo(v) && v.phase === "plant" && v.active === me) {
    say(t("mb.p.duoplant", hand.length ? cardLabel(v, hand[0]) : "—"));
    if (L.with("discard_hand").length) say(t("mb.p.duoplant.discard"));
    const any = L.list.filter((a) => a.from === "hand");
    if (any.length) {
      say(t("mb.p.hampelmann"));
      box.appendChild(pickCards(ctx, any, "plant", fieldTo, [...new Set(hand)]));
    }
    const x = row();
    for (const a of L.with("end", { end: "planting" })) x.appendChild(button(ctx, a, t("mb.a.end.planting.duo")));
  } else if (isDuo(v) && v.phase === "reveal" && v.aktivist_claim && other(v, v.active) === me) {
    say(t("mb.p.aktivist.claim"));
    box.appendChild(pickCards(ctx, L.list.filter((a) => "aktivist" in a && a.aktivist !== "pass"), "aktivist", fieldTo));
    const x = row();
    for (const a of L.with("aktivist", { aktivist: "pass" })) x.appendChild(button(ctx, a, t("mb.a.aktivist.pass")));
  } else if (isDuo(v) && v.phase === "take" && v.active === me) {
    say(t("mb.p.take", ctx.name(other(v, me))));
    const open = Object.entries(v.started || {}).filter(([vid, how]) => how === "plant" && (v.offer_area || []).some((c) => kind(v, c.card).variety === vid));
    for (const [vid] of open) say(t("mb.p.take.open", beanName(v, vid)));
    const x = row();
    for (const a of L.with("end", { end: "taking" })) x.appendChild(button(ctx, a, t("mb.a.end.taking"), "primary small"));
  } else if (v.phase === "plant" && v.active === me) {
    say(t("mb.p.plant", hand.length ? cardLabel(v, hand[0]) : "—"));
    const any = L.list.filter((a) => a.from === "hand");
    if (any.length) {
      say(t("mb.p.hampelmann"));
      box.appendChild(pickCards(ctx, any, "plant", fieldTo, [...new Set(hand)]));
    }
    const x = row();
    for (const a of L.with("end", { end: "planting" })) x.appendChild(button(ctx, a, t("mb.a.end.planting")));
  } else if (v.phase === "trade" || v.phase === "plant-trades") {
    say(t(v.phase === "trade" ? "mb.p.trade" : "mb.p.plant-trades"));
    const ak = L.with("aktivist");
    if (ak.length) {
      say(t("mb.p.aktivist"));
      box.appendChild(pickCards(ctx, ak, "aktivist", fieldTo));
    }
    const x = row();
    for (const a of L.with("end", { end: "trading" })) x.appendChild(button(ctx, a, t("mb.a.end.trading"), "primary small"));
  } else {
    return null;
  }
  return box;
}

function phaseText(ctx) {
  const v = ctx.view;
  const name = ctx.name;
  if (v.phase === "over") return t("mb.phase.over");
  if (v.pull) return t("mb.wait.pull", name(v.pull.player));
  if (v.choice) return t("mb.wait.choice", name(v.choice.player), choiceName(v.choice.effect));
  if ((v.foist || []).length) return t("mb.wait.foist", name(v.foist[0].player));
  if (v.flitzer) return t("mb.wait.flitzer", name(v.flitzer.order[0]));
  if (v.phase === "defend" && v.attack) return t("mb.phase.defend", name(v.attack.target));
  if (v.phase === "place") return t("mb.phase.place", name((v.placing || [])[0]));
  if (isDuo(v)) {
    if (v.phase === "reveal" && v.aktivist_claim) return t("mb.wait.aktivist", name(other(v, v.active)));
    if (v.phase === "plant") return t("mb.phase.duoplant", name(v.active));
    if (v.phase === "attack") return t("mb.phase.duoattack", name(v.active));
  }
  const key = `mb.phase.${v.phase}`;
  const text = t(key, name(v.active));
  return text === key ? v.phase : text;
}

function choiceName(effect) {
  const who = { forced_harvest: "loser", lady_to_top: "frauenversteher", lady_from_discard: "schuerzenjaeger", play_rearmost_too: "arbeitstier", draw_opponent_taler: "kameradenschwein", plant_drawn_taler: "kameradenschwein" }[effect];
  return who ? specialName(who) : effect;
}

function offerZone(ctx) {
  const v = ctx.view;
  const zone = h("div", { class: "b-zone", id: "offer-area" }, h("h4", {}, t("mb.turnedup")));
  const row = h("div", { class: "b-cards" });
  const marks = v.give_first || [];
  for (const c of v.offer_area || []) {
    const acts = [...ctx.legal.with("plant", { plant: c.id }), ...ctx.legal.with("discard", { discard: c.id })];
    const el = withButtons(ctx, card(v, c.card, "", { "data-offer-card": c.id, "data-k": `oa${c.id}`, "data-v": c.card }), acts, (a) => ("discard" in a ? t("b.discardbtn") : fieldTo(a)));
    for (const a of ctx.legal.with("give_first", { give_first: c.id })) el.appendChild(button(ctx, a, t("mb.givefirst")));
    if (marks[0] === c.id) el.appendChild(h("small", { class: "muted" }, t("mb.givenfirst")));
    row.appendChild(el);
  }
  if (!(v.offer_area || []).length) row.appendChild(h("span", { class: "muted" }, "—"));
  zone.appendChild(row);
  return zone;
}

function handZone(ctx) {
  const v = ctx.view;
  const hand = h("div", { class: "b-hand", id: "hand", "data-k": "hand", "data-v": v.hand.join(",") });
  // give_first: name the id of a hand card by the legal actions (one per kind)
  const gf = ctx.legal.with("give_first");
  const gfVarieties = new Set(gf.map((a) => kind(v, nameOf(v, a.give_first)).variety));
  const seenKinds = new Set();
  v.hand.forEach((c, i) => {
    const el = h("div", { class: "mb-pick" }, card(v, c, i === 0 ? "front" : "", { "data-hand": i }));
    for (const a of ctx.legal.with("discard_hand", { discard_hand: i })) {
      const b = button(ctx, a, t("mb.handdiscard"), "small discard");
      b.title = t("mb.handdiscard.title");
      el.appendChild(b);
    }
    if (!seenKinds.has(c)) {
      seenKinds.add(c);
      const mine = gf.filter((a) => nameOf(v, a.give_first) === c);
      for (const a of mine) el.appendChild(button(ctx, a, t("mb.givefirst")));
      // the kind that goes first now: a disabled button where the clicked one was, so a
      // click has a visible effect and cannot be repeated
      if (!mine.length && gfVarieties.has(kind(v, c).variety)) {
        el.appendChild(h("button", { type: "button", class: "small given-first", disabled: true, "data-given-first": c }, t("mb.givenfirst")));
      }
    }
    hand.appendChild(el);
  });
  if (!v.hand.length) hand.appendChild(h("span", { class: "muted" }, "—"));
  return h("div", { class: "b-zone" }, h("h4", {}, t("mb.hand")), hand);
}

function runOuts(v) {
  return Math.max(1, v.players - 2);
}

export default {
  render(ctx) {
    const v = ctx.view;
    setLegend(v.cards);
    ctx.ui.mbShown = new Set();
    const board = clear(ctx.board);
    const head = [phaseText(ctx), t("mb.turn", v.turn)];
    if (v.ending) head.push(t("mb.lastturn"));
    board.appendChild(h("div", { class: "board-head" }, head.join(" · ")));

    const center = h("div", { class: "b-center" });
    center.appendChild(h("div", { class: "b-zone" }, h("h4", {}, t("mb.stock")), h("div", { "data-k": "stock", "data-v": v.stock }, t("cards.n", v.stock)), h("small", {}, t("mb.runout", v.exhausted, runOuts(v)))));
    const discard = v.discard || [];
    center.appendChild(h("div", { class: "b-zone" }, h("h4", {}, `${t("mb.discard")} (${discard.length})`), discard.length ? card(v, discard[discard.length - 1], "small") : h("span", { class: "muted" }, "—")));
    center.appendChild(isDuo(v) ? duoOfferZone(ctx) : offerZone(ctx));
    if (isDuo(v) && (v.aside || []).length) center.appendChild(asideZone(ctx));
    if (v.attack) {
      const z = h("div", { class: "b-zone mb-attackzone" }, h("h4", {}, t("mb.ev.attack", ctx.name(v.active), ctx.name(v.attack.target), fieldName(v.attack.field), t("mb.rattles", v.attack.rattles))));
      const row = h("div", { class: "b-cards" });
      for (const c of v.attack.drawn) row.appendChild(card(v, c, "small"));
      z.appendChild(row);
      center.appendChild(z);
    }
    board.appendChild(center);

    const ask = prompt(ctx);
    if (ask) board.appendChild(ask);
    if (v.phase === "trade") board.appendChild(tradePanel(ctx));

    board.appendChild(h("div", { class: "b-players" }, Array.from({ length: v.players }, (_, p) => playerBox(ctx, p))));
    if (v.hand) board.appendChild(handZone(ctx));
    if (isDuo(v)) takeNext(ctx);
  },

  handles(a, ctx) {
    if ("draft" in a || "propose" in a || "offer" in a) return true;
    if ("accept" in a || "decline" in a || "counter" in a || "withdraw" in a) return true;
    return !!(ctx.ui.mbShown && ctx.ui.mbShown.has(canon(a)));
  },

  // the server says each legal action in the game's words (games/<id>/words.py); no label
  // is built here
  describeAction(a, ctx) {
    return sayAction(a, ctx);
  },

  // each event comes with its line in the game's words (games/mutterboehnchen/words.py, sent
  // by the server as ev.said); the board remembers whose turn it is and the discard chain
  describeEvent(ev, ctx) {
    if (ev.type === "turn") ctx.ui.mbTurnOf = ev.player;
    if (ev.type === "from_discard") ctx.ui.mbChain = [...(ev.cards || [])];
    if (ev.type === "turn_up") ctx.ui.mbChain = [];
    return ev.said ? say(ev.said, ctx.name) : null;
  },

  status(ctx) {
    return phaseText(ctx);
  },

  seatNote(seat, ctx) {
    const v = ctx.view;
    return v ? `${t("mb.talers", v.coins[seat])}, ${t("cards.n", v.hands[seat])}` : "";
  },
};
