// Why the server refused an action, in the page's language. A rule names its reason's key in
// its game's words catalog and the reason's arguments (IllegalAction's key and args,
// core/errors.py); the server sends them as ``said`` and the page says them from the catalog,
// players and fields named and counted as the page shows them. Every game's refusals and the
// server's own carry their keys; a reason without one (a message from an older server) is
// shown as it came, its "player N" named as the page names seats.

import { has, say, t } from "./i18n.js";

/** "player 2, player 0" (the server's seats) as the page names them. */
function players(text, name) {
  return text
    .replace(/\bplayer (\d+)\b/g, (m, n) => name(+n))
    .replace(/\breferee\b/g, () => name("referee"))
    .replace(/^nobody$/, t("r.nobody"));
}

/** A refusal's reason in the page's language; ``name(seat)`` names a seat as the page does.
 * ``said`` ({key, args}) is the rule's own sentence where it named one: said from the catalog. */
export function reasonText(reason, name, said) {
  if (said && said.key && has(said.key)) return say(said, name);
  return players(String(reason || ""), name);
}
