// Biber-Mania: the hand (pick cards, lay the group), the display and the supply (clickable when
// a beat, steal, deal or draw may take from them), everyone's piles with their top group.

import { actionAttrs, canon } from "../actions.js";
import { clear, h } from "../common.js";
import { add, t } from "../i18n.js";

add({
  en: {
    "bm.display": "Display",
    "bm.supply": "Supply",
    "bm.stock": "Stock",
    "bm.rejected": "Out of the game",
    "bm.hand": "Your hand",
    "bm.pile": "Pile",
    "bm.inhand": "{0} in hand",
    "bm.known": "known: {0}",
    "bm.score": "score {0}",
    "bm.total": "total {0}",
    "bm.round": "Round {0}",
    "bm.target": "play to {0} points",
    "bm.lay": "Lay the picked cards",
    "bm.clear": "Clear",
    "bm.pick": "Pick cards of your hand for a group; the lays that hold your pick are listed.",
    "bm.nomatch": "No legal lay holds exactly these cards.",
    "bm.matching": "Lays with your pick",
    "bm.phase.lay": "{0} lays a group",
    "bm.phase.beat-display": "{0} picks the display cards to beat",
    "bm.phase.beat-whom": "{0} picks whom to beat",
    "bm.phase.keep": "{0} keeps or rejects the beaten cards",
    "bm.phase.steal": "{0} steals",
    "bm.phase.fee": "{0} wishes a card (Fee)",
    "bm.phase.victim": "{0} picks the Gemeinling's victim",
    "bm.phase.deal": "{0} deals cards to {1}",
    "bm.phase.draw": "{0} draws",
    "bm.phase.over": "the game is over",
    "bm.pending": "laid {0}",
    "bm.a.lay": "lay {0}",
    "bm.d.beat": "Whose top group do you beat?",
    "bm.d.keep": "Keep the beaten cards, or put them out of the game?",
    "bm.d.keepbtn": "keep {0}",
    "bm.d.rejectbtn": "put {0} out of the game",
    "bm.d.fee": "The Fee: wish for a card from an opponent's hand",
    "bm.d.from": "from {0}:",
    "bm.d.victim": "The Gemeinling: who gets 2 cards?",
    "bm.d.steal": "Steal a card",
    "bm.d.draw": "Draw a card",
    "bm.d.deal": "Deal a card",
    "bm.d.stock": "the stock",
    "bm.a.beat.display": "beat {0} in the display",
    "bm.a.beat": "beat {0}",
    "bm.a.keep": "keep {0}",
    "bm.a.reject": "reject {0} (out of the game)",
    "bm.a.steal.display": "steal {0} from the display",
    "bm.a.steal.supply": "steal {0} from the supply",
    "bm.a.steal": "steal {0} from {1}",
    "bm.a.fee": "wish {0} from {1}",
    "bm.a.fee.none": "wish for nothing",
    "bm.a.victim": "the Gemeinling deals to {0}",
    "bm.a.deal.stock": "deal from the stock",
    "bm.a.deal.supply": "deal {0} from the supply",
    "bm.a.draw.stock": "draw from the stock",
    "bm.a.draw.supply": "draw {0} from the supply",
    "bm.ev.lay": "{0} lays {1}",
    "bm.ev.beat.display": "{0} beats {1} in the display and takes it into the hand",
    "bm.ev.beat": "{0} beats the top group {1} of {2}",
    "bm.ev.keep": "{0} keeps {1} from the pile of {2}",
    "bm.ev.reject": "{0} rejects {1} from the pile of {2}: out of the game",
    "bm.ev.steal": "{0} steals {1} from {2}",
    "bm.ev.fee.none": "{0} wishes for no card (Fee)",
    "bm.ev.fee.given": "Fee: {0} hands {1} to {2}",
    "bm.ev.fee.not": "Fee: {0} has no {1} for {2}",
    "bm.ev.gemeinling": "Gemeinling: {0} deals {1} 2 cards",
    "bm.ev.setup": "Round {0} is dealt; {1} begins.",
    "bm.ev.deal": "{0} deals {1} {2}",
    "bm.ev.draw": "{0} draws {1}",
    "bm.ev.fromsupply": "{0} from the supply",
    "bm.ev.fromstock": "a card from the stock",
    "bm.ev.got": "({0} gets {1})",
    "bm.ev.tribute": "König: {0} adds {1} to the group of {2}",
    "bm.ev.refill": "refilled: {0}",
    "bm.ev.turn": "— {0} is on turn —",
    "bm.ev.turn.you": "— your turn —",
    "bm.ev.round_end": "Round {0} is over. Scores: {1}.",
    "bm.ev.game_end": "The game is over: {0}.",
    "bm.where.display": "the display",
    "bm.where.supply": "the supply",
    "bm.where.pile": "the pile of {0}",
  },
  de: {
    "bm.display": "Auslage",
    "bm.supply": "Vorrat",
    "bm.stock": "Stapel",
    "bm.rejected": "Aus dem Spiel",
    "bm.hand": "Deine Hand",
    "bm.pile": "Stapel",
    "bm.inhand": "{0} auf der Hand",
    "bm.known": "bekannt: {0}",
    "bm.score": "Punkte {0}",
    "bm.total": "gesamt {0}",
    "bm.round": "Runde {0}",
    "bm.target": "gespielt bis {0} Punkte",
    "bm.lay": "Gewählte Karten legen",
    "bm.clear": "Leeren",
    "bm.pick": "Wähle Karten deiner Hand für eine Gruppe; die Würfe mit deiner Wahl stehen darunter.",
    "bm.nomatch": "Kein erlaubter Wurf besteht genau aus diesen Karten.",
    "bm.matching": "Würfe mit deiner Wahl",
    "bm.phase.lay": "{0} legt eine Gruppe",
    "bm.phase.beat-display": "{0} wählt die Auslagekarten zum Stechen",
    "bm.phase.beat-whom": "{0} wählt, wen er sticht",
    "bm.phase.keep": "{0} behält die gestochenen Karten oder sortiert sie aus",
    "bm.phase.steal": "{0} stiehlt",
    "bm.phase.fee": "{0} wünscht sich eine Karte (Fee)",
    "bm.phase.victim": "{0} wählt das Opfer des Gemeinlings",
    "bm.phase.deal": "{0} gibt {1} Karten",
    "bm.phase.draw": "{0} zieht",
    "bm.phase.over": "das Spiel ist vorbei",
    "bm.pending": "gelegt: {0}",
    "bm.a.lay": "{0} legen",
    "bm.d.beat": "Wessen oberste Gruppe stichst du?",
    "bm.d.keep": "Die gestochenen Karten behalten oder aus dem Spiel sortieren?",
    "bm.d.keepbtn": "{0} behalten",
    "bm.d.rejectbtn": "{0} aussortieren",
    "bm.d.fee": "Die Fee: wünsche dir eine Karte aus der Hand eines Gegners",
    "bm.d.from": "von {0}:",
    "bm.d.victim": "Der Gemeinling: wer bekommt 2 Karten?",
    "bm.d.steal": "Stiehl eine Karte",
    "bm.d.draw": "Ziehe eine Karte",
    "bm.d.deal": "Gib eine Karte",
    "bm.d.stock": "der Stapel",
    "bm.a.beat.display": "{0} in der Auslage stechen",
    "bm.a.beat": "{0} stechen",
    "bm.a.keep": "{0} behalten",
    "bm.a.reject": "{0} aussortieren (aus dem Spiel)",
    "bm.a.steal.display": "{0} aus der Auslage stehlen",
    "bm.a.steal.supply": "{0} aus dem Vorrat stehlen",
    "bm.a.steal": "{0} von {1} stehlen",
    "bm.a.fee": "{0} von {1} wünschen",
    "bm.a.fee.none": "nichts wünschen",
    "bm.a.victim": "der Gemeinling gibt {0} Karten",
    "bm.a.deal.stock": "vom Stapel geben",
    "bm.a.deal.supply": "{0} aus dem Vorrat geben",
    "bm.a.draw.stock": "vom Stapel ziehen",
    "bm.a.draw.supply": "{0} aus dem Vorrat ziehen",
    "bm.ev.lay": "{0} legt {1}",
    "bm.ev.beat.display": "{0} sticht {1} in der Auslage und nimmt es auf die Hand",
    "bm.ev.beat": "{0} sticht die oberste Gruppe {1} von {2}",
    "bm.ev.keep": "{0} behält {1} vom Stapel von {2}",
    "bm.ev.reject": "{0} sortiert {1} vom Stapel von {2} aus: aus dem Spiel",
    "bm.ev.steal": "{0} stiehlt {1} aus {2}",
    "bm.ev.fee.none": "{0} wünscht sich keine Karte (Fee)",
    "bm.ev.fee.given": "Fee: {0} gibt {1} an {2}",
    "bm.ev.fee.not": "Fee: {0} hat keine {1} für {2}",
    "bm.ev.gemeinling": "Gemeinling: {0} gibt {1} 2 Karten",
    "bm.ev.setup": "Runde {0} ist ausgeteilt; {1} beginnt.",
    "bm.ev.deal": "{0} gibt {1} {2}",
    "bm.ev.draw": "{0} zieht {1}",
    "bm.ev.fromsupply": "{0} aus dem Vorrat",
    "bm.ev.fromstock": "eine Karte vom Stapel",
    "bm.ev.got": "({0} bekommt {1})",
    "bm.ev.tribute": "König: {0} legt {1} zur Gruppe von {2}",
    "bm.ev.refill": "aufgefüllt: {0}",
    "bm.ev.turn": "— {0} ist am Zug —",
    "bm.ev.turn.you": "— du bist dran —",
    "bm.ev.round_end": "Runde {0} ist vorbei. Punkte: {1}.",
    "bm.ev.game_end": "Das Spiel ist vorbei: {0}.",
    "bm.where.display": "der Auslage",
    "bm.where.supply": "dem Vorrat",
    "bm.where.pile": "dem Stapel von {0}",
  },
});

const NAMES = {
  superbiber: "Superbiber",
  dieb: "Dieb",
  fee: "Fee",
  partybiber: "Partybiber",
  hippie: "Hippie",
  gemeinling: "Gemeinling",
  bodyguard: "Bodyguard",
  koenig: "König",
  joker: "Joker",
};
const ICONS = {
  superbiber: "S",
  dieb: "D",
  fee: "F",
  partybiber: "P",
  hippie: "H",
  gemeinling: "G",
  bodyguard: "B",
  koenig: "K",
  joker: "★",
};

function isDigit(c) {
  return /^\d+$/.test(c);
}

function sortKey(c) {
  if (isDigit(c)) return [0, +c, ""];
  if (c === "joker") return [2, 0, c];
  return [1, 0, c];
}

function sortCards(cards) {
  return [...cards].sort((a, b) => {
    const x = sortKey(a);
    const y = sortKey(b);
    return x[0] - y[0] || x[1] - y[1] || x[2].localeCompare(y[2]);
  });
}

function name(c) {
  return NAMES[c] || c;
}

function named(cards) {
  return sortCards(cards).map(name).join(" ");
}

function face(c, cls = "", attrs = {}, tag = "span") {
  const kind = isDigit(c) ? "" : c === "joker" ? "joker" : "action";
  const body = isDigit(c) ? [c] : [h("span", { class: "icon" }, ICONS[c] || "?"), h("span", { class: "name" }, name(c))];
  return h(tag, { class: `bm-card ${kind} ${cls}`, title: name(c), ...attrs }, ...body);
}

function sameCards(a, b) {
  return canon(sortCards(a)) === canon(sortCards(b));
}

function contains(big, small) {
  const left = [...big];
  for (const c of small) {
    const i = left.indexOf(c);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

function describeAction(a, ctx) {
  const who = ctx.name;
  if ("lay" in a) return t("bm.a.lay", named(a.lay));
  if ("beat" in a) return a.beat === "display" ? t("bm.a.beat.display", name(a.card)) : t("bm.a.beat", who(a.beat));
  if ("keep" in a) {
    const keep = ctx.view && ctx.view.pending && ctx.view.pending.keep;
    const cards = keep && keep.cards ? named(keep.cards) : "";
    return t(a.keep ? "bm.a.keep" : "bm.a.reject", cards);
  }
  if ("steal" in a) {
    if (a.steal === "display") return t("bm.a.steal.display", name(a.card));
    if (a.steal === "supply") return t("bm.a.steal.supply", name(a.card));
    return t("bm.a.steal", name(a.card), who(a.steal));
  }
  if ("fee" in a) return a.fee === null ? t("bm.a.fee.none") : t("bm.a.fee", name(a.fee), who(a.from));
  if ("victim" in a) return t("bm.a.victim", who(a.victim));
  for (const verb of ["deal", "draw"]) {
    if (verb in a) return a[verb] === "stock" ? t(`bm.a.${verb}.stock`) : t(`bm.a.${verb}.supply`, name(a.card));
  }
  return canon(a);
}

/** Clickable cards of the display or supply: the actions that take this card from there. */
function zoneCards(ctx, zone, cards, keyPrefix) {
  const row = h("div", { class: "b-cards" });
  cards.forEach((c, i) => {
    const acts = ctx.legal.list.filter(
      (a) => a.card === c && ((zone === "display" && (a.beat === "display" || a.steal === "display")) || (zone === "supply" && (a.steal === "supply" || a.deal === "supply" || a.draw === "supply"))),
    );
    const attrs = { "data-k": `${keyPrefix}${i}`, "data-v": c, [`data-${zone}`]: c };
    if (acts.length === 1) {
      if (ctx.ui.bmShown) ctx.ui.bmShown.add(canon(acts[0]));
      row.appendChild(face(c, "pickable", { ...attrs, ...actionAttrs(acts[0]), type: "button", title: describeAction(acts[0], ctx), onclick: () => ctx.send(acts[0]) }, "button"));
    } else {
      row.appendChild(face(c, "", attrs));
    }
  });
  if (!cards.length) row.appendChild(h("span", { class: "muted" }, "—"));
  return row;
}

/** The decisions after a lay (whom to beat, keep or reject, the Fee's wish, the Gemeinling's
 * victim, steals from a pile, draws and deals from the stock) as their own controls. */
function decide(ctx) {
  const v = ctx.view;
  const L = ctx.legal;
  const who = ctx.name;
  const shown = ctx.ui.bmShown;
  const box = h("div", { class: "mb-prompt bm-decide", id: "bm-decide" });
  const ask = (text) => box.appendChild(h("p", { class: "ask" }, text));
  const btn = (a, label, cls = "small") => {
    shown.add(canon(a));
    return h("button", { type: "button", class: cls, ...actionAttrs(a), title: describeAction(a, ctx), onclick: () => ctx.send(a) }, label);
  };
  const cardBtn = (a, c) => {
    shown.add(canon(a));
    return face(c, "small pickable", { type: "button", ...actionAttrs(a), title: describeAction(a, ctx), onclick: () => ctx.send(a) }, "button");
  };
  const row = (...children) => box.appendChild(h("div", { class: "partner" }, ...children));
  const byPlayer = (actions, key) => {
    const out = new Map();
    for (const a of actions) {
      if (!out.has(a[key])) out.set(a[key], []);
      out.get(a[key]).push(a);
    }
    return out;
  };

  const beats = L.list.filter((a) => "beat" in a && a.beat !== "display");
  if (beats.length) {
    ask(t("bm.d.beat"));
    row(beats.map((a) => btn(a, who(a.beat), "primary small")));
  }
  const keeps = L.with("keep");
  if (keeps.length) {
    const cards = v.pending && v.pending.keep && v.pending.keep.cards ? named(v.pending.keep.cards) : "";
    ask(t("bm.d.keep"));
    row(keeps.map((a) => btn(a, t(a.keep ? "bm.d.keepbtn" : "bm.d.rejectbtn", cards), a.keep ? "primary small" : "small")));
  }
  const fees = L.with("fee");
  if (fees.length) {
    ask(t("bm.d.fee"));
    for (const [q, acts] of byPlayer(fees.filter((a) => a.fee !== null), "from")) {
      row(h("span", {}, t("bm.d.from", who(q))), acts.map((a) => cardBtn(a, a.fee)));
    }
    const none = fees.filter((a) => a.fee === null);
    if (none.length) row(none.map((a) => btn(a, t("bm.a.fee.none"))));
  }
  const victims = L.with("victim");
  if (victims.length) {
    ask(t("bm.d.victim"));
    row(victims.map((a) => btn(a, who(a.victim), "primary small")));
  }
  const steals = L.list.filter((a) => "steal" in a && typeof a.steal === "number" && !shown.has(canon(a)));
  const zoneSteals = L.list.filter((a) => (a.steal === "display" || a.steal === "supply") && !shown.has(canon(a)));
  if (steals.length || zoneSteals.length) {
    ask(t("bm.d.steal"));
    for (const [q, acts] of byPlayer(steals, "steal")) row(h("span", {}, t("bm.d.from", who(q))), acts.map((a) => cardBtn(a, a.card)));
    for (const [zone, acts] of byPlayer(zoneSteals, "steal")) row(h("span", {}, t("bm.d.from", t(`bm.${zone}`))), acts.map((a) => cardBtn(a, a.card)));
  }
  for (const verb of ["draw", "deal"]) {
    const acts = L.with(verb).filter((a) => !shown.has(canon(a)));
    if (!acts.length) continue;
    ask(t(`bm.d.${verb}`));
    const stock = acts.filter((a) => a[verb] === "stock");
    const supply = acts.filter((a) => a[verb] === "supply");
    row(stock.map((a) => btn(a, t("bm.d.stock"), "primary small")), supply.length ? h("span", {}, t("bm.d.from", t("bm.supply"))) : null, supply.map((a) => cardBtn(a, a.card)));
  }
  return box.children.length ? box : null;
}

function phaseText(ctx) {
  const v = ctx.view;
  const p = v.phase === "draw" ? v.pending.drawer : v.turn;
  let text = t(`bm.phase.${v.phase}`, ctx.name(p), ctx.name(v.pending.victim));
  if (text === `bm.phase.${v.phase}`) text = v.phase;
  if (v.pending.lay && v.pending.lay.length && v.phase !== "lay" && v.phase !== "over") text += ` (${t("bm.pending", named(v.pending.lay))})`;
  return text;
}

export default {
  render(ctx) {
    const v = ctx.view;
    const board = clear(ctx.board);
    ctx.ui.bmShown = new Set();
    const head = [t("bm.round", v.round), phaseText(ctx)];
    if (v.target) head.push(t("bm.target", v.target));
    board.appendChild(h("div", { class: "board-head" }, head.join(" · ")));

    const center = h("div", { class: "b-center" });
    center.appendChild(h("div", { class: "b-zone", id: "display" }, h("h4", {}, `${t("bm.display")} (${v.display.length})`), zoneCards(ctx, "display", v.display, "d")));
    center.appendChild(h("div", { class: "b-zone", id: "supply" }, h("h4", {}, `${t("bm.supply")} (${v.supply.length})`), zoneCards(ctx, "supply", v.supply, "s")));
    center.appendChild(h("div", { class: "b-zone" }, h("h4", {}, t("bm.stock")), h("div", { "data-k": "stock", "data-v": v.stock }, t("cards.n", v.stock))));
    if (v.rejected.length) center.appendChild(h("div", { class: "b-zone" }, h("h4", {}, t("bm.rejected")), h("div", { class: "b-cards" }, v.rejected.map((c) => face(c, "small")))));
    board.appendChild(center);
    if (ctx.seat !== null) {
      const d = decide(ctx);
      if (d) board.appendChild(d);
    }

    const players = h("div", { class: "b-players" });
    for (let p = 0; p < v.players; p++) {
      const pile = v.piles[p];
      const groups = h("div", { class: "bm-pile" });
      const shown = pile.slice(-4);
      if (pile.length > shown.length) groups.appendChild(h("small", {}, `… ${pile.length - shown.length}`));
      shown.forEach((g, i) => {
        const top = i === shown.length - 1;
        groups.appendChild(h("div", { class: `bm-group${top ? " top" : ""}`, ...(top ? { "data-k": `top${p}`, "data-v": g.join(",") } : {}) }, g.map((c) => face(c, "small"))));
      });
      const hand = v.hands[p];
      players.appendChild(
        h(
          "div",
          { class: `b-player${p === v.turn ? " active" : ""}${p === ctx.seat ? " me" : ""}`, "data-player": p },
          h(
            "div",
            { class: "head" },
            h("span", {}, ctx.name(p)),
            h(
              "span",
              {},
              h("span", { class: "tag", "data-k": `hand${p}`, "data-v": hand.count }, t("bm.inhand", t("cards.n", hand.count))),
              h("span", { class: "tag coins", "data-k": `score${p}`, "data-v": v.scores[p] }, t("bm.score", v.scores[p])),
              v.target ? h("span", { class: "tag" }, t("bm.total", v.totals[p])) : null,
            ),
          ),
          hand.known.length ? h("small", {}, t("bm.known", named(hand.known))) : null,
          h("div", {}, h("small", {}, `${t("bm.pile")} (${pile.reduce((s, g) => s + g.length, 0)})`)),
          groups,
        ),
      );
    }
    board.appendChild(players);

    if (v.hand) {
      const cards = sortCards(v.hand);
      const sel = (ctx.ui.bmSel || []).filter((i) => i < cards.length);
      ctx.ui.bmSel = sel;
      const lays = ctx.legal.with("lay");
      const picked = sel.map((i) => cards[i]);
      const hand = h("div", { class: "b-hand", id: "hand" });
      cards.forEach((c, i) => {
        const usable = lays.some((a) => a.lay.includes(c));
        hand.appendChild(
          face(
            c,
            `${sel.includes(i) ? "picked" : ""}${usable ? " pickable" : ""}`,
            {
              type: "button",
              "data-hand": i,
              "data-card": c,
              onclick: () => {
                const now = ctx.ui.bmSel || [];
                ctx.ui.bmSel = now.includes(i) ? now.filter((x) => x !== i) : [...now, i];
                ctx.rerender();
              },
            },
            "button",
          ),
        );
      });
      const zone = h("div", { class: "b-zone" }, h("h4", {}, `${t("bm.hand")} (${cards.length})`), hand);
      if (lays.length) {
        const exact = picked.length ? lays.find((a) => sameCards(a.lay, picked)) : null;
        const bar = h(
          "div",
          { class: "bm-laybar" },
          h("button", { type: "button", class: "primary", id: "lay", disabled: !exact, ...(exact ? actionAttrs(exact) : {}), onclick: () => { if (exact) { ctx.ui.bmSel = []; ctx.send(exact); } } }, t("bm.lay")),
          h("button", { type: "button", onclick: () => { ctx.ui.bmSel = []; ctx.rerender(); } }, t("bm.clear")),
          h("small", {}, picked.length && !exact ? t("bm.nomatch") : t("bm.pick")),
        );
        zone.appendChild(bar);
        if (picked.length) {
          const matching = lays.filter((a) => contains(a.lay, picked)).slice(0, 16);
          if (matching.length) {
            zone.appendChild(h("small", {}, `${t("bm.matching")}: `));
            zone.appendChild(
              h("div", { class: "legal-buttons" }, matching.map((a) => h("button", { type: "button", class: "small", ...actionAttrs(a), onclick: () => { ctx.ui.bmSel = []; ctx.send(a); } }, named(a.lay)))),
            );
          }
        }
      }
      board.appendChild(zone);
    }
  },

  handles(a, ctx) {
    // the lays from the hand; every other action the board drew a control for
    return "lay" in a || !!(ctx.ui.bmShown && ctx.ui.bmShown.has(canon(a)));
  },

  describeAction,

  describeEvent(ev, ctx) {
    const who = ctx.name;
    const p = ev.player;
    const where = (src) => (src === "display" || src === "supply" ? t(`bm.where.${src}`) : t("bm.where.pile", who(src)));
    switch (ev.type) {
      case "lay":
        return t("bm.ev.lay", who(p), named(ev.cards));
      case "beat":
        return ev.from === "display" ? t("bm.ev.beat.display", who(p), named(ev.cards)) : t("bm.ev.beat", who(p), named(ev.cards), who(ev.from));
      case "keep":
      case "reject":
        return t(`bm.ev.${ev.type}`, who(p), named(ev.cards), who(ev.from));
      case "steal":
        return t("bm.ev.steal", who(p), name(ev.card), where(ev.from));
      case "fee":
        if (ev.card === null || ev.card === undefined) return t("bm.ev.fee.none", who(p));
        return t(ev.given ? "bm.ev.fee.given" : "bm.ev.fee.not", who(ev.from), name(ev.card), who(p));
      case "gemeinling":
        return t("bm.ev.gemeinling", who(p), who(ev.victim));
      case "setup":
        return t("bm.ev.setup", ev.round, who(ev.first));
      case "deal":
      case "draw": {
        const what = ev.from === "supply" ? t("bm.ev.fromsupply", name(ev.card)) : t("bm.ev.fromstock");
        return ev.type === "deal" ? t("bm.ev.deal", who(ev.by), who(p), what) : t("bm.ev.draw", who(p), what);
      }
      case "deal-card":
      case "draw-card":
        return t("bm.ev.got", who(p), name(ev.card));
      case "tribute":
        return t("bm.ev.tribute", who(p), name(ev.card), who(ev.to));
      case "refill": {
        const parts = [];
        if (ev.display && ev.display.length) parts.push(`${t("bm.display")} + ${named(ev.display)}`);
        if (ev.supply && ev.supply.length) parts.push(`${t("bm.supply")} + ${named(ev.supply)}`);
        return parts.length ? t("bm.ev.refill", parts.join("; ")) : null;
      }
      case "turn":
        return p === ctx.seat ? t("bm.ev.turn.you") : t("bm.ev.turn", who(p));
      case "round_end":
        return t("bm.ev.round_end", ev.round, ev.scores.map((s, q) => `${who(q)} ${s}`).join(", "));
      case "game_end":
        return t("bm.ev.game_end", ev.why || "");
      default:
        return null;
    }
  },

  status(ctx) {
    return phaseText(ctx);
  },

  seatNote(seat, ctx) {
    const v = ctx.view;
    return v ? `${t("cards.n", v.hands[seat].count)}, ${t("bm.score", v.scores[seat])}` : "";
  },
};

