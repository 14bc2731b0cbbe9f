// Bodensee Mau-Mau in real time: the pile with its reference card, 3s, 7-chain and wish, the hand
// as clickable cards, big slap buttons, the words, joker, draw/pass/take/sit out — by mouse,
// touch or keys. Slaps and words go out on pointerdown: every millisecond counts.

import { actionAttrs, canon } from "../actions.js";
import { clear, h } from "../common.js";
import { add, andList, currentLang, t } from "../i18n.js";

add({
  en: {
    "mm.suit.c": "clubs",
    "mm.suit.d": "diamonds",
    "mm.suit.h": "hearts",
    "mm.suit.s": "spades",
    "mm.word.mau": "Mau",
    "mm.word.miau": "Miau",
    "mm.word.mau-mau": "Mau-Mau",
    "mm.word.matt": "Matt",
    "mm.slap.left": "Left",
    "mm.slap.right": "Right",
    "mm.slap.both": "Both",
    "mm.slap": "Slap",
    "mm.joker": "Joker",
    "mm.draw": "Draw",
    "mm.pass": "Pass",
    "mm.take": "Take the chain",
    "mm.sit_out": "Sit out",
    "mm.stock": "stock",
    "mm.pile": "pile",
    "mm.hand": "Your hand",
    "mm.empty": "empty",
    "mm.match": "match {0}",
    "mm.wish": "wish: {0} (or a jack)",
    "mm.chain": "7-chain of {0}: lay a 7 or take {1}",
    "mm.eight": "8: lay an 8 or sit out",
    "mm.free": "nothing to match: any card fits",
    "mm.noref": "no reference card: anyone in play lays a 2",
    "mm.dir.1": "clockwise ↻",
    "mm.dir.-1": "counter-clockwise ↺",
    "mm.onturn": "on turn: {0}",
    "mm.face.play": "lay a fitting card or draw",
    "mm.face.drawn": "lay a fitting card or pass",
    "mm.face.ace": "lay one more fitting card or pass",
    "mm.face.chain": "lay a 7 or take the chain",
    "mm.face.eight": "lay an 8 or sit out",
    "mm.slapnow": "SLAP with {0}!",
    "mm.need.left": "the LEFT hand",
    "mm.need.right": "the RIGHT hand",
    "mm.need.both": "BOTH hands",
    "mm.slapped": "slapped: {0}",
    "mm.nine": "9 window open ({0} by {1}): throw in a card that fits",
    "mm.throwopen": "you may throw in",
    "mm.choose": "How?",
    "mm.p.wish": "Wish a suit:",
    "mm.p.swap": "Swap hands with:",
    "mm.p.pilz": "Spend a Pilz and bring back:",
    "mm.tag.dealer": "dealer",
    "mm.tag.turn": "on turn",
    "mm.tag.jokers": (k) => (k === 1 ? "1 joker in front" : `${k} jokers in front`),
    "mm.tag.privilege": "privilege",
    "mm.tag.resting": "privilege (resting)",
    "mm.tag.owes": "owes {0}",
    "mm.tag.won": "won (place {0})",
    "mm.tag.between": "between Mau-Mau and Matt",
    "mm.tag.silent": "silent winner",
    "mm.tag.pilze": (k) => (k === 1 ? "1 Pilz" : `${k} Pilze`),
    "mm.pilzeleft": "Pilze left: {0}",
    "mm.a.lay": "lay {0}",
    "mm.a.throw": "throw in {0}",
    "mm.a.wishing": "{0}, wishing {1}",
    "mm.a.swapping": "{0}, swapping with {1}",
    "mm.a.say": "say “{0}”",
    "mm.a.slap": "slap: {0}",
    "mm.a.pilz": "spend a Pilz on {0}",
    "mm.a.wish": "wish {0}",
    "mm.a.swap": "swap hands with {0}",
    "mm.ev.deal": "{0} deals {1} cards each",
    "mm.ev.turn_up": "{0} turns up {1}",
    "mm.ev.turn_up.joker": "{0} turned up a joker: it goes back under the stock",
    "mm.ev.free_pile": "No card is left to turn up: any card fits until one is laid",
    "mm.ev.reshuffle": "The pile is shuffled into a new stock ({0})",
    "mm.ev.turn": "— {0} is on turn —",
    "mm.ev.turn.you": "— your turn —",
    "mm.ev.lay": "{0} lays {1}",
    "mm.ev.throw.nine": "{0} throws in {1} onto the 9",
    "mm.ev.throw.privilege": "{0} throws in {1} with the privilege",
    "mm.ev.misfit": "{0} tried to throw in {1}, which does not fit: a penalty card",
    "mm.ev.cancel": "the 3 cancels {0}",
    "mm.ev.restore": "the 3 on the 3 puts the turn back: {0} on turn",
    "mm.ev.counts_again": "{0} counts again",
    "mm.ev.reverse": "the direction is now {0}",
    "mm.ev.ace": "ace: {0} may lay one more fitting card (or pass)",
    "mm.ev.nine": "9: a throw-in window is open (not for {0} or the player on turn)",
    "mm.ev.slap_open": "SLAP! with {0}",
    "mm.ev.slap": "{0} slaps {1}",
    "mm.ev.slap_closed": "the slap is over",
    "mm.ev.slap_last": "last: {0}",
    "mm.ev.slap_pen": "penalty cards: {0}",
    "mm.ev.wish": "{0} wishes {1}",
    "mm.ev.swap": "{0} swaps hands with {1}",
    "mm.ev.hand": "your hand is now {0}",
    "mm.ev.take": "{0} takes the 7-chain of {1} ({2})",
    "mm.ev.drew.cards": "you drew {0}",
    "mm.ev.drew.turn": "{0} draws a card",
    "mm.ev.drew": "{0} draws {1} {2}",
    "mm.why.chain": "for the 7-chain",
    "mm.why.words": "as penalty for words not said",
    "mm.why.slap": "as slap penalty",
    "mm.why.misfit": "as penalty for an unfitting throw-in",
    "mm.ev.no_cards": "no card is left for {0} to draw",
    "mm.ev.joker": "{0} puts a joker down ({1} in front)",
    "mm.ev.joker_to_pile": "{0} puts a joker from the front onto the pile",
    "mm.ev.too_late": "too late: {0} did not say {1}: {2}",
    "mm.penalty.n": (k) => (k === 1 ? "1 penalty card" : `${k} penalty cards`),
    "mm.ev.say": "{0}: {1}!",
    "mm.ev.won": "{0} has won (place {1})",
    "mm.ev.pilz": "Pilz! four {0}s on top: {1} gets a Pilz",
    "mm.ev.pilz_spent": "{0} spends a Pilz: {1} is back as a silent winner",
    "mm.ev.sit_out": "{0} sits out",
    "mm.ev.pass": "{0} passes",
    "mm.ev.game_end": "The game is over: {0}",
    "mm.choice.wish": "the dealer, {0}, wishes a suit",
    "mm.choice.swap": "the dealer, {0}, chooses whom to swap with",
    "mm.keys":
      "Z or ←  slap left      X or ↓  slap both      C or →  slap right\n" +
      "M  Mau      I  Miau      U  Mau-Mau      T  Matt\n" +
      "J  joker    D  draw      P  pass      K  take the chain      S  sit out\n" +
      "1 … 9, 0  the cards of your hand, left to right      Esc  close a choice",
  },
  de: {
    "mm.suit.c": "Kreuz",
    "mm.suit.d": "Karo",
    "mm.suit.h": "Herz",
    "mm.suit.s": "Pik",
    "mm.word.mau": "Mau",
    "mm.word.miau": "Miau",
    "mm.word.mau-mau": "Mau-Mau",
    "mm.word.matt": "Matt",
    "mm.slap.left": "Links",
    "mm.slap.right": "Rechts",
    "mm.slap.both": "Beide",
    "mm.slap": "Schlagen",
    "mm.joker": "Joker",
    "mm.draw": "Ziehen",
    "mm.pass": "Passen",
    "mm.take": "Kette nehmen",
    "mm.sit_out": "Aussetzen",
    "mm.stock": "Stapel",
    "mm.pile": "Ablage",
    "mm.hand": "Deine Hand",
    "mm.empty": "leer",
    "mm.match": "bedienen: {0}",
    "mm.wish": "Wunsch: {0} (oder ein Bube)",
    "mm.chain": "7er-Kette von {0}: lege eine 7 oder nimm {1}",
    "mm.eight": "8: lege eine 8 oder setze aus",
    "mm.free": "nichts zu bedienen: jede Karte passt",
    "mm.noref": "keine Bezugskarte: wer im Spiel ist, legt eine 2",
    "mm.dir.1": "im Uhrzeigersinn ↻",
    "mm.dir.-1": "gegen den Uhrzeigersinn ↺",
    "mm.onturn": "am Zug: {0}",
    "mm.face.play": "passende Karte legen oder ziehen",
    "mm.face.drawn": "passende Karte legen oder passen",
    "mm.face.ace": "noch eine passende Karte legen oder passen",
    "mm.face.chain": "eine 7 legen oder die Kette nehmen",
    "mm.face.eight": "eine 8 legen oder aussetzen",
    "mm.slapnow": "SCHLAGEN mit {0}!",
    "mm.need.left": "der LINKEN Hand",
    "mm.need.right": "der RECHTEN Hand",
    "mm.need.both": "BEIDEN Händen",
    "mm.slapped": "geschlagen: {0}",
    "mm.nine": "9er-Fenster offen ({0} von {1}): wirf eine passende Karte ein",
    "mm.throwopen": "du darfst einwerfen",
    "mm.choose": "Wie?",
    "mm.p.wish": "Wünsche eine Farbe:",
    "mm.p.swap": "Tausche die Hand mit:",
    "mm.p.pilz": "Setze einen Pilz ein und hole zurück:",
    "mm.tag.dealer": "Geber",
    "mm.tag.turn": "am Zug",
    "mm.tag.jokers": (k) => `${k} Joker vor sich`,
    "mm.tag.privilege": "Einwurfrecht",
    "mm.tag.resting": "Einwurfrecht (ruht)",
    "mm.tag.owes": "schuldet {0}",
    "mm.tag.won": "gewonnen (Platz {0})",
    "mm.tag.between": "zwischen Mau-Mau und Matt",
    "mm.tag.silent": "stiller Gewinner",
    "mm.tag.pilze": (k) => (k === 1 ? "1 Pilz" : `${k} Pilze`),
    "mm.pilzeleft": "Pilze übrig: {0}",
    "mm.a.lay": "{0} legen",
    "mm.a.throw": "{0} einwerfen",
    "mm.a.wishing": "{0}, Wunsch {1}",
    "mm.a.swapping": "{0}, Tausch mit {1}",
    "mm.a.say": "„{0}“ sagen",
    "mm.a.slap": "schlagen: {0}",
    "mm.a.pilz": "Pilz für {0} einsetzen",
    "mm.a.wish": "{0} wünschen",
    "mm.a.swap": "Hand mit {0} tauschen",
    "mm.ev.deal": "{0} gibt jedem {1} Karten",
    "mm.ev.turn_up": "{0} deckt {1} auf",
    "mm.ev.turn_up.joker": "{0} hat einen Joker aufgedeckt: er geht unter den Stapel",
    "mm.ev.free_pile": "Keine Karte mehr zum Aufdecken: jede Karte passt, bis eine liegt",
    "mm.ev.reshuffle": "Die Ablage wird zum neuen Stapel gemischt ({0})",
    "mm.ev.turn": "— {0} ist am Zug —",
    "mm.ev.turn.you": "— du bist dran —",
    "mm.ev.lay": "{0} legt {1}",
    "mm.ev.throw.nine": "{0} wirft {1} auf die 9 ein",
    "mm.ev.throw.privilege": "{0} wirft {1} mit dem Einwurfrecht ein",
    "mm.ev.misfit": "{0} wollte {1} einwerfen, das passt nicht: eine Strafkarte",
    "mm.ev.cancel": "die 3 hebt {0} auf",
    "mm.ev.restore": "die 3 auf der 3 stellt den Zug zurück: {0} ist am Zug",
    "mm.ev.counts_again": "{0} gilt wieder",
    "mm.ev.reverse": "die Richtung ist jetzt {0}",
    "mm.ev.ace": "Ass: {0} darf noch eine passende Karte legen (oder passen)",
    "mm.ev.nine": "9: ein Einwurf-Fenster ist offen (nicht für {0} oder wer am Zug ist)",
    "mm.ev.slap_open": "SCHLAGEN! mit {0}",
    "mm.ev.slap": "{0} schlägt {1}",
    "mm.ev.slap_closed": "das Schlagen ist vorbei",
    "mm.ev.slap_last": "Letzter: {0}",
    "mm.ev.slap_pen": "Strafkarten: {0}",
    "mm.ev.wish": "{0} wünscht {1}",
    "mm.ev.swap": "{0} tauscht die Hand mit {1}",
    "mm.ev.hand": "deine Hand ist jetzt {0}",
    "mm.ev.take": "{0} nimmt die 7er-Kette von {1} ({2})",
    "mm.ev.drew.cards": "du hast {0} gezogen",
    "mm.ev.drew.turn": "{0} zieht eine Karte",
    "mm.ev.drew": "{0} zieht {1} {2}",
    "mm.why.chain": "für die 7er-Kette",
    "mm.why.words": "als Strafe für nicht gesagte Worte",
    "mm.why.slap": "als Strafe beim Schlagen",
    "mm.why.misfit": "als Strafe für einen unpassenden Einwurf",
    "mm.ev.no_cards": "keine Karte mehr für {0} zum Ziehen",
    "mm.ev.joker": "{0} legt einen Joker vor sich ({1} vor sich)",
    "mm.ev.joker_to_pile": "{0} legt einen Joker von vor sich auf die Ablage",
    "mm.ev.too_late": "zu spät: {0} hat {1} nicht gesagt: {2}",
    "mm.penalty.n": (k) => (k === 1 ? "1 Strafkarte" : `${k} Strafkarten`),
    "mm.ev.say": "{0}: {1}!",
    "mm.ev.won": "{0} hat gewonnen (Platz {1})",
    "mm.ev.pilz": "Pilz! vier {0} übereinander: {1} bekommt einen Pilz",
    "mm.ev.pilz_spent": "{0} setzt einen Pilz ein: {1} ist als stiller Gewinner zurück",
    "mm.ev.sit_out": "{0} setzt aus",
    "mm.ev.pass": "{0} passt",
    "mm.ev.game_end": "Das Spiel ist vorbei: {0}",
    "mm.choice.wish": "der Geber, {0}, wünscht eine Farbe",
    "mm.choice.swap": "der Geber, {0}, wählt, mit wem er tauscht",
    "mm.keys":
      "Z oder ←  links schlagen      X oder ↓  beide      C oder →  rechts schlagen\n" +
      "M  Mau      I  Miau      U  Mau-Mau      T  Matt\n" +
      "J  Joker    D  ziehen    P  passen    K  Kette nehmen    S  aussetzen\n" +
      "1 … 9, 0  die Karten deiner Hand von links      Esc  Auswahl schließen",
  },
});

const SUITS = ["c", "d", "h", "s"];
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const SIGN = { c: "♣", d: "♦", h: "♥", s: "♠" };
const RANK_DE = { J: "B", Q: "D", K: "K", A: "A" };
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
  return currentLang() === "de" ? RANK_DE[r] || r : r;
}

/** A card as short text: 10♥, B♠ (German), Joker. */
export function cardText(card) {
  if (card === "joker") return t("mm.joker");
  return `${rankLabel(rank(card))}${SIGN[suit(card)]}`;
}

function cardsText(cards) {
  return (Array.isArray(cards) ? cards : [cards]).map(cardText).join(" ");
}

function cardFace(card, cls = "", attrs = {}, tag = "span") {
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

function describeAction(a, ctx) {
  const name = ctx.name;
  for (const verb of ["lay", "throw"]) {
    if (verb in a) {
      let text = t(`mm.a.${verb}`, cardsText(a[verb]));
      if ("wish" in a) text = t("mm.a.wishing", text, `${SIGN[a.wish]} ${t(`mm.suit.${a.wish}`)}`);
      if ("swap" in a) text = t("mm.a.swapping", text, name(a.swap));
      return text;
    }
  }
  if ("say" in a) return t("mm.a.say", t(`mm.word.${a.say}`));
  if ("slap" in a) return t("mm.a.slap", t(`mm.slap.${a.slap}`));
  if ("pilz" in a) return t("mm.a.pilz", name(a.pilz));
  if ("wish" in a) return t("mm.a.wish", `${SIGN[a.wish]} ${t(`mm.suit.${a.wish}`)}`);
  if ("swap" in a) return t("mm.a.swap", name(a.swap));
  for (const [key] of ACTS) if (key in a) return t(`mm.${key}`);
  if ("close" in a) return canon(a);
  return canon(a);
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
      box.appendChild(slaps);
      box.appendChild(words);
      box.appendChild(acts);
      controlsBuilt = { box, lang: currentLang(), holder };
    }
    controlsBuilt.holder.ctx = ctx;
    const v = ctx.view;
    for (const hand of HANDS) {
      const b = box.querySelector(`#slap-${hand}`);
      b.classList.toggle("hot", ctx.legal.has({ slap: hand }));
      b.classList.toggle("need", !!(v.slap && v.slap.need === hand));
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
      const backs = h("div", { class: "cards" });
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
    const pile = h("div", { class: "mm-pile", id: "pile" });
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
      h("div", { class: "mm-stock" }, h("span", { class: "card back" }), h("div", { "data-k": "stock", "data-v": v.stock }, `${t("mm.stock")} ${v.stock}`)),
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
      const hand = h("div", { class: "mm-hand", id: "hand" });
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

  describeEvent(ev, ctx) {
    const name = ctx.name;
    const p = ev.player;
    switch (ev.type) {
      case "deal":
        return t("mm.ev.deal", name(ev.dealer), ev.cards);
      case "turn_up":
        return ev.card === "joker" ? t("mm.ev.turn_up.joker", name(ev.dealer)) : t("mm.ev.turn_up", name(ev.dealer), cardText(ev.card));
      case "free_pile":
        return t("mm.ev.free_pile");
      case "reshuffle":
        return t("mm.ev.reshuffle", t("cards.n", ev.cards));
      case "turn":
        return p === ctx.seat ? t("mm.ev.turn.you") : t("mm.ev.turn", name(p));
      case "lay":
        return t("mm.ev.lay", name(p), cardText(ev.card));
      case "throw":
        return t(ev.kind === "nine" ? "mm.ev.throw.nine" : "mm.ev.throw.privilege", name(p), cardText(ev.card));
      case "misfit":
        return t("mm.ev.misfit", name(p), cardText(ev.card));
      case "cancel":
        return t("mm.ev.cancel", cardText(ev.card));
      case "restore":
        return t("mm.ev.restore", name(ev.turn));
      case "counts_again":
        return t("mm.ev.counts_again", cardText(ev.card));
      case "reverse":
        return t("mm.ev.reverse", t(`mm.dir.${ev.direction}`));
      case "ace":
        return t("mm.ev.ace", name(p));
      case "nine":
        return t("mm.ev.nine", name(p));
      case "slap_open":
        return t("mm.ev.slap_open", t(`mm.need.${ev.need}`));
      case "slap":
        return t("mm.ev.slap", name(p), t(`mm.slap.${ev.hand}`));
      case "slap_closed": {
        const parts = [t("mm.ev.slap_closed")];
        if (ev.last && ev.last.length) parts.push(t("mm.ev.slap_last", andList(ev.last.map(name))));
        const pens = Object.entries(ev.penalties || {});
        if (pens.length) parts.push(t("mm.ev.slap_pen", pens.map(([q, k]) => `${name(+q)} ${k}`).join(", ")));
        return parts.join("; ");
      }
      case "wish":
        return t("mm.ev.wish", name(p), `${SIGN[ev.suit]} ${t(`mm.suit.${ev.suit}`)}`);
      case "swap":
        return t("mm.ev.swap", name(p), name(ev.partner));
      case "hand":
        return t("mm.ev.hand", ev.cards.length ? cardsText(ev.cards) : t("mm.empty"));
      case "take":
        return t("mm.ev.take", name(p), ev.sevens, t("cards.n", 2 * ev.sevens));
      case "drew":
        if (ev.cards) return t("mm.ev.drew.cards", cardsText(ev.cards));
        if ((ev.why || "turn") === "turn") return t("mm.ev.drew.turn", name(p));
        return t("mm.ev.drew", name(p), t("cards.n", ev.count), t(`mm.why.${ev.why}`));
      case "no_cards":
        return t("mm.ev.no_cards", name(p));
      case "joker":
        return t("mm.ev.joker", name(p), ev.front);
      case "joker_to_pile":
        return t("mm.ev.joker_to_pile", name(p));
      case "too_late":
        return t("mm.ev.too_late", name(p), andList(ev.words.map((w) => `“${t(`mm.word.${w}`)}”`)), t("mm.penalty.n", ev.words.length));
      case "say":
        return t("mm.ev.say", name(p), t(`mm.word.${ev.word}`));
      case "won":
        return t("mm.ev.won", name(p), ev.place);
      case "pilz":
        return t("mm.ev.pilz", rankLabel(ev.rank), name(p));
      case "pilz_spent":
        return t("mm.ev.pilz_spent", name(p), name(ev.winner));
      case "sit_out":
        return t("mm.ev.sit_out", name(p));
      case "pass":
        return t("mm.ev.pass", name(p));
      case "game_end":
        return t("mm.ev.game_end", ev.summary || "");
      default:
        return null;
    }
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
