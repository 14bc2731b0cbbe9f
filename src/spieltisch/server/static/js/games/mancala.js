// Mancala (sheet 003) and Kalah: the board with clickable pits, the arranging step, the rounds.
//
// The ring: player 0 owns pits 0..n-1, player 1 owns n..2n-1; ccw is +1. The viewer's row is
// drawn at the bottom, left to right, so ccw runs counter-clockwise on the screen too.

import { actionAttrs } from "../actions.js";
import { clear, h } from "../common.js";
import { add, t } from "../i18n.js";

add({
  en: {
    "m.round": "Round {0} of {1}",
    "m.board": "board 2×{0}",
    "m.tomove": "{0} to move",
    "m.arranges": "{0} arranges",
    "m.store": "store",
    "m.ccw": "counter-clockwise",
    "m.cw": "clockwise",
    "m.sow": "sow pit {0} {1}",
    "m.place": "put {0} into the next pit",
    "m.arrange.help": "Put beans into your next pit (pit {0}); {1} left to place, each later pit needs one.",
    "m.history": "Rounds so far",
    "m.yourpit": "your pit {0}",
    "m.pit": "pit {0}",
    "m.ev.move": "{0} sows pit {1} {2}: {3}",
    "m.end.opponent-empty": "ends in an empty pit of the opponent",
    "m.end.capture": "captures {0}",
    "m.end.own-empty": "ends in an own empty pit",
    "m.end.store": "ends in the store",
    "m.end.filled": "ends in a filled pit",
    "m.end.loop-guard": "stopped by the loop guard",
    "m.relays": (k) => (k === 1 ? "1 relay" : `${k} relays`),
    "m.again": "moves again",
    "m.ev.round_end": "Round {0} is over: {1} : {2} beans; {3}",
    "m.ev.tied": "tied",
    "m.ev.lost": "{0} lost it",
    "m.ev.arrange_start": "{0} arranges the beans on a 2×{1} board.",
    "m.ev.place": "{0} puts {1} into pit {2}",
    "m.ev.copy": "{0} copies the arrangement.",
    "m.ev.round_start": "Round {0} begins on a 2×{1} board; {2} moves first.",
    "m.ev.pass": "{0} has no move and passes.",
    "m.ev.match_end.draw": "The match is drawn.",
    "m.ev.match_end": "{0} wins the match ({1}).",
    "m.why.fewer": "fewer beans after round {0}",
    "m.why.out": "player {0} cannot give any of {1} pits two beans",
  },
  de: {
    "m.round": "Runde {0} von {1}",
    "m.board": "Brett 2×{0}",
    "m.tomove": "{0} ist am Zug",
    "m.arranges": "{0} verteilt",
    "m.store": "Speicher",
    "m.ccw": "gegen den Uhrzeigersinn",
    "m.cw": "im Uhrzeigersinn",
    "m.sow": "Mulde {0} {1} säen",
    "m.place": "{0} in die nächste Mulde legen",
    "m.arrange.help": "Lege Bohnen in deine nächste Mulde (Mulde {0}); noch {1} zu verteilen, jede spätere Mulde braucht eine.",
    "m.history": "Bisherige Runden",
    "m.yourpit": "deine Mulde {0}",
    "m.pit": "Mulde {0}",
    "m.ev.move": "{0} sät Mulde {1} {2}: {3}",
    "m.end.opponent-empty": "endet in einer leeren Mulde des Gegners",
    "m.end.capture": "schlägt {0}",
    "m.end.own-empty": "endet in einer leeren eigenen Mulde",
    "m.end.store": "endet im Speicher",
    "m.end.filled": "endet in einer gefüllten Mulde",
    "m.end.loop-guard": "von der Schleifensperre beendet",
    "m.relays": (k) => (k === 1 ? "1-mal weitergesät" : `${k}-mal weitergesät`),
    "m.again": "zieht noch einmal",
    "m.ev.round_end": "Runde {0} ist vorbei: {1} : {2} Bohnen; {3}",
    "m.ev.tied": "unentschieden",
    "m.ev.lost": "{0} hat verloren",
    "m.ev.arrange_start": "{0} verteilt die Bohnen auf einem Brett 2×{1}.",
    "m.ev.place": "{0} legt {1} in Mulde {2}",
    "m.ev.copy": "{0} kopiert die Aufstellung.",
    "m.ev.round_start": "Runde {0} beginnt auf einem Brett 2×{1}; {2} zieht zuerst.",
    "m.ev.pass": "{0} kann nicht ziehen und passt.",
    "m.ev.match_end.draw": "Das Match endet unentschieden.",
    "m.ev.match_end": "{0} gewinnt das Match ({1}).",
    "m.why.fewer": "weniger Bohnen nach Runde {0}",
    "m.why.out": "Spieler {0} kann keiner von {1} Mulden zwei Bohnen geben",
  },
});

/** A pit's number as its owner counts it (1..n from the owner's left). */
function pitNo(i, n) {
  return (i % n) + 1;
}

function why(text) {
  let m = /^fewer beans after round (\d+)$/.exec(text || "");
  if (m) return t("m.why.fewer", m[1]);
  m = /^player (\d+) cannot give any of (\d+) pits two beans$/.exec(text || "");
  if (m) return t("m.why.out", +m[1] + 1, m[2]);
  return text;
}

function beansDots(k) {
  const dots = h("span", { class: "beans" });
  const shown = Math.min(k, 24);
  for (let i = 0; i < shown; i++) dots.appendChild(h("i", {}));
  return dots;
}

function lastMove(ctx) {
  const moves = (ctx.lastEvents || []).filter((e) => e.type === "move");
  return moves.length ? moves[moves.length - 1] : null;
}

function pitCell(ctx, i, owner, n, mark) {
  const v = ctx.view;
  const beans = v.pits[i];
  const moves = ctx.legal.with("pit", { pit: i });
  const dirs = moves.map((a) => a.direction);
  const attrs = {
    class: `pit owner${owner}${moves.length ? " playable" : ""}${mark[i] || ""}`,
    id: `pit-${i}`,
    "data-pit": i,
    "data-k": `pit${i}`,
    "data-v": beans,
    title: owner === ctx.seat ? t("m.yourpit", pitNo(i, n)) : t("m.pit", pitNo(i, n)),
  };
  let cell;
  if (moves.length === 1) {
    cell = h("button", { type: "button", ...attrs, ...actionAttrs(moves[0]), onclick: () => ctx.send(moves[0]) });
  } else {
    cell = h("div", attrs);
  }
  cell.appendChild(h("span", { class: "pitno" }, String(pitNo(i, n))));
  cell.appendChild(h("span", { class: "count" }, String(beans)));
  cell.appendChild(beansDots(beans));
  if (moves.length > 1) {
    const row = h("span", { class: "dirs" });
    for (const d of ["ccw", "cw"]) {
      if (!dirs.includes(d)) continue;
      const a = { pit: i, direction: d };
      row.appendChild(
        h(
          "button",
          {
            type: "button",
            class: `dir dir-${d}`,
            id: `pit-${i}-${d}`,
            title: t(`m.${d}`),
            ...actionAttrs(a),
            onclick: () => ctx.send(a),
          },
          d === "ccw" ? "↺" : "↻",
        ),
      );
    }
    cell.appendChild(row);
  }
  return cell;
}

export default {
  render(ctx) {
    const v = ctx.view;
    const board = clear(ctx.board);
    const n = v.pits.length / 2;
    const me = ctx.seat === 1 ? 1 : 0;
    const other = 1 - me;
    const bottom = [];
    const top = [];
    for (let j = 0; j < n; j++) bottom.push(me * n + j);
    for (let j = n - 1; j >= 0; j--) top.push(other * n + j);
    const mark = {};
    const move = lastMove(ctx);
    if (move) {
      mark[move.pit] = " last-from";
      for (const lap of move.laps) if (lap.to >= 0 && lap.to !== move.pit) mark[lap.to] = " last-to";
      for (const c of move.captures) mark[c.pit] = " captured";
    }
    if (v.phase === "arrange" && v.arranger !== null) {
      const lo = v.arranger * n;
      let next = lo;
      while (next < lo + n && v.pits[next] > 0) next++;
      if (next < lo + n) mark[next] = " next-place";
    }

    const head = [t("m.round", v.round, v.rounds), t("m.board", n)];
    if (v.phase === "play") head.push(t("m.tomove", ctx.name(v.to_move)));
    if (v.phase === "arrange") head.push(t("m.arranges", ctx.name(v.arranger)));
    board.appendChild(h("div", { class: "board-head" }, head.join(" · ")));

    const store = (p) =>
      h(
        "div",
        { class: `store owner${p}${v.to_move === p && v.phase === "play" ? " on-move" : ""}`, id: `store-${p}`, "data-k": `store${p}`, "data-v": v.stores[p] },
        h("span", { class: "label" }, `${ctx.name(p)}`),
        h("span", { class: "count" }, String(v.stores[p])),
        h("span", { class: "label" }, t("m.store")),
      );
    board.appendChild(
      h(
        "div",
        { class: `mancala n${n}` },
        store(other),
        h(
          "div",
          { class: "rows" },
          h("div", { class: "row top" }, top.map((i) => pitCell(ctx, i, other, n, mark))),
          h("div", { class: "row bottom" }, bottom.map((i) => pitCell(ctx, i, me, n, mark))),
        ),
        store(me),
      ),
    );

    const places = ctx.legal.with("place");
    if (places.length) {
      const lo = v.arranger * n;
      let next = lo;
      while (next < lo + n && v.pits[next] > 0) next++;
      board.appendChild(
        h(
          "div",
          { class: "arrange" },
          h("p", {}, t("m.arrange.help", pitNo(next, n), v.stores[v.arranger])),
          h(
            "div",
            { class: "place-buttons" },
            places.map((a) =>
              h("button", { type: "button", class: "place", "data-place": a.place, ...actionAttrs(a), onclick: () => ctx.send(a) }, String(a.place)),
            ),
          ),
        ),
      );
    }
    if (v.history && v.history.length) {
      board.appendChild(
        h(
          "div",
          { class: "history" },
          h("strong", {}, `${t("m.history")}: `),
          v.history.map((r, k) => h("span", { class: "round-score" }, `${k + 1}: ${r[0]} : ${r[1]}`)),
        ),
      );
    }
  },

  handles(a) {
    return "pit" in a || "place" in a;
  },

  describeAction(a, ctx) {
    if ("place" in a) return t("m.place", t("beans.n", a.place));
    if ("pit" in a) {
      const n = ctx.view ? ctx.view.pits.length / 2 : 6;
      return t("m.sow", pitNo(a.pit, n), t(`m.${a.direction}`));
    }
    return JSON.stringify(a);
  },

  describeEvent(ev, ctx) {
    const n = ctx.view ? ctx.view.pits.length / 2 : 6;
    const name = ctx.name;
    switch (ev.type) {
      case "move": {
        const parts = [];
        if (ev.laps.length > 1) parts.push(t("m.relays", ev.laps.length - 1));
        const caught = ev.captures.reduce((s, c) => s + c.beans, 0);
        parts.push(ev.end === "capture" ? t("m.end.capture", t("beans.n", caught)) : t(`m.end.${ev.end}`));
        if (ev.again) parts.push(t("m.again"));
        return t("m.ev.move", name(ev.player), pitNo(ev.pit, n), t(`m.${ev.direction}`), parts.join(", "));
      }
      case "round_end":
        return t("m.ev.round_end", ev.round, ev.beans[0], ev.beans[1], ev.loser === null ? t("m.ev.tied") : t("m.ev.lost", name(ev.loser)));
      case "arrange_start":
        return t("m.ev.arrange_start", name(ev.arranger), ev.pits);
      case "place":
        return t("m.ev.place", name(ev.player), t("beans.n", ev.beans), pitNo(ev.pit, n));
      case "copy":
        return t("m.ev.copy", name(ev.player));
      case "round_start":
        return t("m.ev.round_start", ev.round, ev.pits, name(ev.first));
      case "pass":
        return t("m.ev.pass", name(ev.player));
      case "match_end":
        return ev.result === "draw" ? t("m.ev.match_end.draw") : t("m.ev.match_end", name(ev.result), why(ev.why));
      default:
        return null;
    }
  },

  status(ctx) {
    const v = ctx.view;
    return `${t("m.round", v.round, v.rounds)}.`;
  },

  seatNote(seat, ctx) {
    const v = ctx.view;
    return v ? `${t("m.store")} ${v.stores[seat]}` : "";
  },
};
