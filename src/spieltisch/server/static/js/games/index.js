// The renderer of each game id. A renderer draws a view and describes actions and events:
//
//   render(ctx)              draw ctx.view into ctx.board (ctx.legal: what the seat may do)
//   controls(ctx)            optional: persistent controls under the board (ctx.controls)
//   init(ctx)                optional: once per page and language
//   handles(action, ctx)     whether the board offers this action itself (else: the generic list)
//   describeAction(a, ctx)   an action in words, for buttons
//   describeEvent(ev, ctx)   an event in words for the log (null: not worth a line)
//   status(ctx)              optional: the phase in words
//   keydown(e, ctx)          optional: keyboard play; true when the key was used
//   keys()                   optional: the keys, for the help box
//   seatNote(seat, ctx)      optional: a few words beside a seat (cards, coins...)

import beans from "./beans.js";
import bibermania from "./bibermania.js";
import generic from "./generic.js";
import mancala from "./mancala.js";
import mutterboehnchen from "./mutterboehnchen.js";
import maumau from "./maumau.js";

const RENDERERS = {
  mancala,
  kalah: mancala,
  bibermania,
  bohnanza: beans,
  ladybohn: beans,
  mutterboehnchen,
  maumau,
};

export function renderer(id) {
  return RENDERERS[id] || generic;
}
