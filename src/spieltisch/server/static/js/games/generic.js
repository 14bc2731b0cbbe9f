// Any game without a drawing of its own: the view as JSON, every legal action as a button.

import { canon } from "../actions.js";
import { clear, h } from "../common.js";

export default {
  render(ctx) {
    const board = clear(ctx.board);
    board.appendChild(h("pre", { class: "json-view" }, JSON.stringify(ctx.view, null, 1)));
  },
  handles() {
    return false;
  },
  describeAction(a) {
    return canon(a);
  },
  describeEvent(ev) {
    return canon(ev);
  },
};
