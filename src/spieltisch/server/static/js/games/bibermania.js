// Biber-Mania: the hand (pick cards, lay the group), the display and the supply (clickable when
// a beat, steal, deal or draw may take from them), everyone's piles with their top group.

import { actionAttrs, canon } from "../actions.js";
import { cardAttrs, clear, h } from "../common.js";
import { has, say, sayAction, t } from "../i18n.js";

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
  return has(`bm.card.${c}`) ? t(`bm.card.${c}`) : c;
}

function named(cards) {
  return sortCards(cards).map(name).join(" ");
}

function face(c, cls = "", attrs = {}, tag = "span") {
  const kind = isDigit(c) ? "" : c === "joker" ? "joker" : "action";
  const body = isDigit(c) ? [c] : [h("span", { class: "icon", "aria-hidden": "true" }, ICONS[c] || "?"), h("span", { class: "name" }, name(c))];
  const words = isDigit(c) ? t("a11y.bm.number", c) : name(c);
  const said = attrs.title && attrs.title !== name(c) ? `${words} (${attrs.title})` : words;
  return h(tag, { class: `bm-card ${kind} ${cls}`, title: name(c), ...cardAttrs(tag, said, c), ...attrs }, ...body);
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

// the server says each legal action in the game's words (games/<id>/words.py); no label is
// built here
function describeAction(a, ctx) {
  return sayAction(a, ctx);
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
    return v ? `${t("cards.n", v.hands[seat].count)}, ${t("bm.score", v.scores[seat])}` : "";
  },
};

