// Mancala (sheet 003) and Kalah: the board with clickable pits, the arranging step, the rounds.
//
// The ring: player 0 owns pits 0..n-1, player 1 owns n..2n-1; ccw is +1. The viewer's row is
// drawn at the bottom, left to right, so ccw runs counter-clockwise on the screen too.

import { actionAttrs } from "../actions.js";
import { clear, h } from "../common.js";
import { say, sayAction, t } from "../i18n.js";
import { sow } from "../motion.js";

/** A pit's number as its owner counts it (1..n from the owner's left). */
function pitNo(i, n) {
  return (i % n) + 1;
}

function beansDots(k) {
  const dots = h("span", { class: "beans", "aria-hidden": "true" });
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
  const title = owner === ctx.seat ? t("m.yourpit", pitNo(i, n)) : t("m.pit", pitNo(i, n));
  // what the eye sees in the pit's colour and outline, in words: its seeds, the last move
  const said = [title, t("a11y.seeds", beans)];
  if (mark[i]) said.push(t(`a11y.mark.${mark[i].trim()}`));
  const attrs = {
    class: `pit owner${owner}${moves.length ? " playable" : ""}${mark[i] || ""}`,
    id: `pit-${i}`,
    "data-pit": i,
    "data-k": `pit${i}`,
    "data-v": beans,
    title,
    "aria-label": said.join(", "),
  };
  let cell;
  if (moves.length === 1) {
    cell = h("button", { type: "button", ...attrs, ...actionAttrs(moves[0]), onclick: () => ctx.send(moves[0]) });
  } else {
    cell = h("div", { ...attrs, role: "group" });
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
            "aria-label": `${t(`m.${d}`)} (${title})`,
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

  /** The last move's seeds, sown pit by pit (motion.js), after the board was drawn anew: each
   * lap in the order of the sheet's sowing cycle (games/mancala/sowing.py), by the table's own
   * options (the server's ``options``): the mover's store in it where stores are sown (Kalah,
   * ``stores_sown``), the pit a lap started from left out where ``skip_start``. */
  animate(ctx) {
    const v = ctx.view;
    const move = lastMove(ctx);
    if (!v || !move) return;
    const n = v.pits.length / 2;
    const o = ctx.options || {};
    // a table without its options (an old page's data): a lap that ended in the store says so
    const sown = typeof o.stores_sown === "boolean" ? o.stores_sown : move.laps.some((lap) => lap.to < 0);
    const skip = o.skip_start === true;
    const el = (pos) => ctx.board.querySelector(pos < 0 ? `#store-${move.player}` : `#pit-${pos}`);
    let delay = 0;
    for (const lap of move.laps) {
      const cycle = [];
      for (let i = 0; i < 2 * n; i++) {
        cycle.push(i);
        if (sown && i === move.player * n + n - 1) cycle.push(-1);
      }
      if (lap.direction === "cw") cycle.reverse();
      // one whole lap in sowing order from after the origin: back to it, unless skipped
      const k = cycle.indexOf(lap.from);
      const order = cycle.slice(k + 1).concat(cycle.slice(0, skip ? k : k + 1));
      const path = [el(lap.from)];
      for (let j = 0; j < Math.min(lap.beans, 2 * order.length); j++) path.push(el(order[j % order.length]));
      delay = sow(ctx.board, path.filter(Boolean), delay);
    }
  },

  handles(a) {
    return "pit" in a || "place" in a;
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
    const v = ctx.view;
    return `${t("m.round", v.round, v.rounds)}.`;
  },

  seatNote(seat, ctx) {
    const v = ctx.view;
    return v ? `${t("m.store")} ${v.stores[seat]}` : "";
  },
};
