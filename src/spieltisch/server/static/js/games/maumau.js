// Bodensee Mau-Mau in real time: the pile with its reference card, 3s, 7-chain and wish, the hand
// as clickable cards, big slap buttons, the words, joker, draw/pass/take/sit out — by mouse,
// touch or keys. Slaps and words go out on pointerdown: every millisecond counts.

import { actionAttrs, canon } from "../actions.js";
import { cardAttrs, clear, h } from "../common.js";
import { andList, currentLang, has, say, sayAction, t } from "../i18n.js";

const SUITS = ["c", "d", "h", "s"];
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const SIGN = { c: "♣", d: "♦", h: "♥", s: "♠" };
const WORDS = ["mau", "miau", "mau-mau", "matt"];
const HANDS = ["left", "both", "right"];
const SLAP_KEYS = { z: "left", arrowleft: "left", x: "both", arrowdown: "both", c: "right", arrowright: "right" };
const WORD_KEYS = { m: "mau", i: "miau", u: "mau-mau", t: "matt" };
const ACT_KEYS = { j: { joker: true }, d: { draw: true }, p: { pass: true }, k: { take: true }, s: { sit_out: true } };
const ACTS = [
  ["joker", { joker: true }, "J"],
  ["draw", { draw: true }, "D"],
  ["pass", { pass: true }, "P"],
  ["take", { take: true }, "K"],
  ["sit_out", { sit_out: true }, "S"],
];

function rank(card) {
  return card === "joker" ? "joker" : card.slice(0, -1);
}

function suit(card) {
  return card === "joker" ? null : card.slice(-1);
}

function order(card) {
  if (card === "joker") return 999;
  return SUITS.indexOf(suit(card)) * 20 + RANKS.indexOf(rank(card));
}

function rankLabel(r) {
  return has(`mm.rank.${r}`) ? t(`mm.rank.${r}`) : r;
}

/** A card as short text: 10♥, B♠ (German), Joker. */
export function cardText(card) {
  if (card === "joker") return t("mm.joker");
  return `${rankLabel(rank(card))}${SIGN[suit(card)]}`;
}

function cardsText(cards) {
  return (Array.isArray(cards) ? cards : [cards]).map(cardText).join(" ");
}

/** A card in words for a screen reader: "Queen of hearts", "Herz Dame", "Joker". */
function cardWords(card) {
  if (card === "joker") return t("mm.joker");
  const r = rank(card);
  return t("a11y.mm.card", has(`a11y.rank.${r}`) ? t(`a11y.rank.${r}`) : r, t(`mm.suit.${suit(card)}`));
}

function cardFace(card, cls = "", attrs = {}, tag = "span") {
  const said = attrs.title && attrs.title !== cardText(card) ? `${cardWords(card)} (${attrs.title})` : cardWords(card);
  attrs = { ...cardAttrs(tag, said, card), ...attrs };
  if (card === "joker") {
    return h(tag, { class: `card joker ${cls}`, ...attrs }, h("span", { class: "corner" }, "★"), h("span", { class: "pip" }, "★"), h("span", { class: "corner bottom" }, "★"));
  }
  const s = suit(card);
  const red = s === "h" || s === "d";
  const r = rankLabel(rank(card));
  return h(
    tag,
    { class: `card ${red ? "red" : ""} ${cls}`, ...attrs },
    h("span", { class: "corner" }, `${r}${SIGN[s]}`),
    h("span", { class: "pip" }, SIGN[s]),
    h("span", { class: "corner bottom" }, `${r}${SIGN[s]}`),
  );
}

/** For every pile card: whether a 3 on it (jokers between ignored) cancels it (games/maumau/pile.py). */
function cancelled(pile) {
  const out = pile.map(() => false);
  let above = null;
  for (let i = pile.length - 1; i >= 0; i--) {
    if (pile[i].card === "joker") continue;
    if (above !== null) out[i] = rank(pile[above].card) === "3" && !out[above];
    above = i;
  }
  return out;
}

function uses(a, card) {
  if (a.lay !== undefined) return Array.isArray(a.lay) ? a.lay.includes(card) : a.lay === card;
  return a.throw === card;
}

function handCards(view) {
  return [...(view.hand || [])].sort((a, b) => order(a) - order(b));
}

function candidates(ctx, card) {
  return ctx.legal.list.filter((a) => ("lay" in a || "throw" in a) && uses(a, card));
}

function playCard(ctx, card) {
  if (card === "joker") {
    ctx.ui.mmChoose = null;
    ctx.send({ joker: true }); // a joker is put down in front, never laid
    return;
  }
  const options = candidates(ctx, card);
  if (options.length === 1) {
    ctx.ui.mmChoose = null;
    ctx.send(options[0]);
  } else if (options.length > 1) {
    ctx.ui.mmChoose = card;
    ctx.rerender();
  } else {
    ctx.ui.mmChoose = null;
    ctx.send({ lay: card }); // the server says why not
  }
}

// the server says each legal action in the game's words (games/<id>/words.py); no label is
// built here
function describeAction(a, ctx) {
  return sayAction(a, ctx);
}

function referenceNote(v) {
  if (v.free) return h("span", {}, t("mm.free"));
  if (v.reference === null || v.reference === undefined) return h("span", {}, t("mm.noref"));
  const e = v.pile[v.reference];
  const parts = [];
  if (rank(e.card) === "J" && e.wish) {
    parts.push(h("span", { class: "wish", "data-k": "wish", "data-v": e.wish }, t("mm.wish", `${SIGN[e.wish]} ${t(`mm.suit.${e.wish}`)}`)));
  } else {
    parts.push(h("span", { class: "big", "data-k": "ref", "data-v": `${v.reference}${e.card}` }, t("mm.match", cardText(e.card))));
  }
  if (v.chain) parts.push(" · ", h("span", { class: "chain", "data-k": "chain", "data-v": v.chain }, t("mm.chain", v.chain, 2 * v.chain)));
  else if (v.facing === "eight") parts.push(" · ", h("span", { class: "chain" }, t("mm.eight")));
  return h("span", {}, parts);
}

function tags(v, p) {
  const out = [];
  if (p === v.dealer) out.push(h("span", { class: "tag" }, t("mm.tag.dealer")));
  const st = v.status[p];
  if (st === "won") out.push(h("span", { class: "tag hot" }, t("mm.tag.won", v.winners.indexOf(p) + 1)));
  else if (st === "between") out.push(h("span", { class: "tag" }, t("mm.tag.between")));
  else if (st === "silent") out.push(h("span", { class: "tag" }, t("mm.tag.silent")));
  if (v.front[p]) out.push(h("span", { class: "tag", "data-k": `front${p}`, "data-v": v.front[p] }, t("mm.tag.jokers", v.front[p])));
  if (v.privilege === p) out.push(h("span", { class: "tag hot" }, v.rest[p] ? t("mm.tag.resting") : t("mm.tag.privilege")));
  if (v.pilze[p]) out.push(h("span", { class: "tag" }, t("mm.tag.pilze", v.pilze[p])));
  if (v.owed[p] && v.owed[p].length) out.push(h("span", { class: "tag bad" }, t("mm.tag.owes", v.owed[p].map((w) => `“${t(`mm.word.${w}`)}”`).join(", "))));
  return out;
}

function onTurnText(v, name) {
  if (v.over) return "";
  if (v.slap) return "";
  if (v.choice) return t(`mm.choice.${v.choice.what}`, name(v.choice.player));
  if ((v.reference === null || v.reference === undefined) && !v.free) return t("mm.noref");
  if (v.turn === null || v.turn === undefined) return "";
  const face = v.facing ? ` (${t(`mm.face.${v.facing}`)})` : "";
  return t("mm.onturn", name(v.turn)) + face;
}

function sendFast(ctx, action, button) {
  ctx.send(action);
  if (button) {
    button.classList.add("pressed");
    setTimeout(() => button.classList.remove("pressed"), 250);
  }
}

/** A button that acts on pointerdown (fast), and on click only when no pointerdown came. */
function fastButton(attrs, action, ctx, ...children) {
  let downAt = 0;
  const b = h("button", { type: "button", ...attrs, ...actionAttrs(action) }, ...children);
  b.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    downAt = performance.now();
    sendFast(ctx.get(), action, b);
  });
  b.addEventListener("click", () => {
    if (performance.now() - downAt < 1000) return;
    sendFast(ctx.get(), action, b);
  });
  return b;
}

let controlsBuilt = null;

export default {
  init(ctx) {
    controlsBuilt = null;
    ctx.ui.mmChoose = null;
  },

  controls(ctx) {
    const box = ctx.controls;
    if (ctx.seat === null) {
      clear(box);
      return;
    }
    const holder = { get: () => holder.ctx, ctx };
    if (!controlsBuilt || controlsBuilt.box !== box || controlsBuilt.lang !== currentLang()) {
      clear(box);
      const slaps = h("div", { class: "slapbar" });
      for (const hand of HANDS) {
        const key = { left: "Z / ←", both: "X / ↓", right: "C / →" }[hand];
        slaps.appendChild(
          fastButton({ class: `slap slap-${hand}`, id: `slap-${hand}` }, { slap: hand }, holder, `${t("mm.slap")}: ${t(`mm.slap.${hand}`)}`, h("span", { class: "k" }, key)),
        );
      }
      const words = h("div", { class: "wordbar" });
      for (const w of WORDS) {
        const key = Object.keys(WORD_KEYS).find((k) => WORD_KEYS[k] === w).toUpperCase();
        words.appendChild(fastButton({ class: `word word-${w}`, id: `say-${w}` }, { say: w }, holder, t(`mm.word.${w}`), h("span", { class: "k" }, key)));
      }
      const acts = h("div", { class: "actbar" });
      for (const [key, action, k] of ACTS) {
        acts.appendChild(
          h("button", { type: "button", class: `act act-${key}`, id: `act-${key}`, ...actionAttrs(action), onclick: () => holder.get().send(action) }, t(`mm.${key}`), h("span", { class: "k" }, k)),
        );
      }
      // one block, so that a phone keeps it fixed at the bottom of the screen (thumb reach)
      box.appendChild(h("div", { class: "mm-thumb", id: "mm-thumb" }, slaps, words));
      box.appendChild(acts);
      controlsBuilt = { box, lang: currentLang(), holder };
    }
    controlsBuilt.holder.ctx = ctx;
    const v = ctx.view;
    for (const hand of HANDS) {
      const b = box.querySelector(`#slap-${hand}`);
      // every hand may slap (a wrong one costs a penalty), but only the wanted one glows
      const wanted = !!(v.slap && v.slap.need === hand);
      b.classList.toggle("hot", wanted && ctx.legal.has({ slap: hand }));
      b.classList.toggle("need", wanted);
    }
    for (const w of WORDS) box.querySelector(`#say-${w}`).classList.toggle("hot", ctx.legal.has({ say: w }));
    for (const [key, action] of ACTS) {
      const b = box.querySelector(`#act-${key}`);
      const legal = ctx.legal.has(action);
      b.classList.toggle("hot", legal);
      b.disabled = !legal;
    }
  },

  render(ctx) {
    const v = ctx.view;
    const board = clear(ctx.board);
    const name = ctx.name;
    const n = v.players;

    const head = [t(`mm.dir.${v.direction}`), `${t("mm.stock")} ${v.stock}`, t("mm.pilzeleft", v.pilze_left)];
    board.appendChild(h("div", { class: "board-head" }, head.join(" · ")));

    const players = h("div", { class: "mm-players" });
    for (let p = 0; p < n; p++) {
      const backs = h("div", { class: "cards", "aria-hidden": "true" });
      for (let k = 0; k < Math.min(v.hands[p], 14); k++) backs.appendChild(h("span", { class: "card back" }));
      players.appendChild(
        h(
          "div",
          { class: `mm-player${p === v.turn && !v.over ? " turn" : ""}${p === ctx.seat ? " me" : ""}`, "data-player": p },
          h("div", { class: "name" }, name(p)),
          h("div", { "data-k": `hand${p}`, "data-v": v.hands[p] }, t("cards.n", v.hands[p])),
          backs,
          h("div", { class: "tags" }, tags(v, p)),
        ),
      );
    }

    const gone = cancelled(v.pile);
    const pile = h("div", { class: "mm-pile", id: "pile", "data-zone": "pile" });
    const start = Math.max(0, v.pile.length - 8);
    for (let i = start; i < v.pile.length; i++) {
      const e = v.pile[i];
      let cls = i === v.pile.length - 1 ? "top" : "";
      if (gone[i]) cls += " cancelled";
      if (i === v.reference) cls += " reference";
      const el = cardFace(e.card, cls, { title: `${cardText(e.card)} · ${name(e.by)}`, "data-pile": i });
      if (i === v.pile.length - 1) {
        el.dataset.k = "pile-top";
        el.dataset.v = `${v.pile.length}:${e.card}`;
      }
      pile.appendChild(el);
    }
    if (!v.pile.length) pile.appendChild(h("span", { class: "muted" }, t("mm.empty")));

    const center = h(
      "div",
      { class: "mm-center" },
      h("div", { class: "mm-stock" }, h("span", { class: "card back", "aria-hidden": "true" }), h("div", { "data-k": "stock", "data-v": v.stock }, `${t("mm.stock")} ${v.stock}`)),
      pile,
      h("div", { class: "mm-ref", id: "reference" }, referenceNote(v), h("br"), h("span", {}, onTurnText(v, name))),
    );

    board.appendChild(h("div", { class: "mm-table" }, players, center));

    if (v.slap) {
      const slapped = v.slap.slapped.map(([q, hand]) => `${name(q)} ${t(`mm.slap.${hand}`)}`);
      board.appendChild(
        h(
          "div",
          { class: "slap-banner", id: "slap-banner" },
          t("mm.slapnow", t(`mm.need.${v.slap.need}`)),
          slapped.length ? h("div", { style: { fontSize: "0.9rem" } }, t("mm.slapped", slapped.join(", "))) : null,
        ),
      );
    }
    if (v.window) {
      const nine = v.pile[v.window.at] ? cardText(v.pile[v.window.at].card) : "9";
      board.appendChild(h("div", { class: "mm-window" }, t("mm.nine", nine, name(v.window.layer))));
    }

    if (v.hand) {
      const hand = h("div", { class: "mm-hand", id: "hand", "data-zone": "hand" });
      const cards = handCards(v);
      cards.forEach((card, idx) => {
        const options = card === "joker" ? ctx.legal.with("joker") : candidates(ctx, card);
        const throwing = options.some((a) => "throw" in a);
        const cls = `${options.length ? "playable" : ""}${throwing ? " throwable" : ""}`;
        const key = idx < 10 ? String((idx + 1) % 10) : "";
        const el = cardFace(card, cls, { "data-card": card, "data-index": idx, title: cardText(card) }, "button");
        el.type = "button";
        el.addEventListener("click", () => playCard(ctx, card));
        if (key) el.appendChild(h("span", { class: "key" }, key));
        hand.appendChild(el);
      });
      if (!cards.length) hand.appendChild(h("span", { class: "muted" }, t("mm.empty")));
      board.appendChild(h("h4", { style: { margin: "0.6rem 0 0" } }, `${t("mm.hand")} (${cards.length})`, ctx.legal.with("throw").length ? h("span", { class: "tag hot", style: { marginLeft: "0.5rem" } }, t("mm.throwopen")) : null));
      board.appendChild(hand);
    }

    // the dealer's wish or swap for a turned-up jack or queen, and a Pilz: their own controls
    const alone = (a) => !("lay" in a) && !("throw" in a);
    const wishes = ctx.legal.list.filter((a) => "wish" in a && alone(a));
    const swaps = ctx.legal.list.filter((a) => "swap" in a && alone(a));
    const pilze = ctx.legal.with("pilz");
    if (wishes.length || swaps.length || pilze.length) {
      const box = h("div", { class: "mm-choose", id: "mm-decide" });
      const row = (label, actions, text, cls = "") => {
        if (!actions.length) return;
        box.appendChild(h("strong", {}, label));
        for (const a of actions) box.appendChild(h("button", { type: "button", class: cls, ...actionAttrs(a), onclick: () => ctx.send(a) }, text(a)));
      };
      row(t("mm.p.wish"), wishes, (a) => `${SIGN[a.wish]} ${t(`mm.suit.${a.wish}`)}`, "suit");
      row(t("mm.p.swap"), swaps, (a) => name(a.swap));
      row(t("mm.p.pilz"), pilze, (a) => name(a.pilz));
      board.appendChild(box);
    }

    const choosing = ctx.ui.mmChoose;
    if (choosing) {
      const options = candidates(ctx, choosing);
      if (options.length > 1) {
        board.appendChild(
          h(
            "div",
            { class: "mm-choose", id: "choose" },
            h("strong", {}, `${cardText(choosing)} — ${t("mm.choose")}`),
            options.map((a) => h("button", { type: "button", ...actionAttrs(a), onclick: () => { ctx.ui.mmChoose = null; ctx.send(a); } }, describeAction(a, ctx))),
            h("button", { type: "button", class: "small", onclick: () => { ctx.ui.mmChoose = null; ctx.rerender(); } }, t("common.cancel")),
          ),
        );
      } else {
        ctx.ui.mmChoose = null;
      }
    }
  },

  handles(a, ctx) {
    if ("slap" in a || "say" in a || "pilz" in a) return true;
    if (("wish" in a || "swap" in a) && !("lay" in a) && !("throw" in a)) return true;
    if (ACTS.some(([key]) => key in a)) return true;
    if (("lay" in a || "throw" in a) && ctx.view && ctx.view.hand) return true;
    return false;
  },

  describeAction,

  // each event comes with its line in the game's words (games/<id>/words.py, sent by the
  // server as ev.said): the log says it in the page's language, no label is built here
  describeEvent(ev, ctx) {
    return ev.said ? say(ev.said, ctx.name) : null;
  },

  status(ctx) {
    const v = ctx.view;
    if (v.slap) return t("mm.slapnow", t(`mm.need.${v.slap.need}`));
    const text = onTurnText(v, ctx.name);
    return text ? `${text}.` : "";
  },

  keydown(e, ctx) {
    const key = e.key.toLowerCase();
    if (key === "escape") {
      ctx.ui.mmChoose = null;
      ctx.rerender();
      return true;
    }
    if (SLAP_KEYS[key]) {
      sendFast(ctx, { slap: SLAP_KEYS[key] }, document.getElementById(`slap-${SLAP_KEYS[key]}`));
      return true;
    }
    if (WORD_KEYS[key]) {
      sendFast(ctx, { say: WORD_KEYS[key] }, document.getElementById(`say-${WORD_KEYS[key]}`));
      return true;
    }
    if (ACT_KEYS[key]) {
      ctx.send(ACT_KEYS[key]);
      return true;
    }
    if (/^[0-9]$/.test(key) && ctx.view && ctx.view.hand) {
      const idx = key === "0" ? 9 : +key - 1;
      const cards = handCards(ctx.view);
      if (idx < cards.length) {
        playCard(ctx, cards[idx]);
        return true;
      }
    }
    return false;
  },

  keys() {
    return t("mm.keys");
  },

  seatNote(seat, ctx) {
    const v = ctx.view;
    return v ? t("cards.n", v.hands[seat]) : "";
  },
};
