// Why the server refused an action: its reasons come in English, with players and fields
// counted from 0. The common ones are recognised here and said with their catalog keys ("r.*"
// in the site's and the games' words.toml) in the page's language, players and fields counted
// from 1 as the page shows them; any other reason is shown as it came, with its "player N"
// named as the page names seats. (The engine can name a reason's key itself: IllegalAction's
// key and args, core/errors.py; a refusal that carries them would need no pattern here.)

import { has, say, t } from "./i18n.js";

// [pattern, key, how the captured parts become the key's {0}, {1}...]
const PLAYER = "who";
const FIELD = "field";
const PATTERNS = [
  [/^the game is over; no more actions are taken$/, "r.over"],
  [/^it is not (.+?)'s turn to act \((.+) may act\)$/, "r.notturn", [PLAYER, PLAYER]],
  [/^spectators watch; they cannot act$/, "r.spectator"],
  [/^you have left this seat$/, "r.left"],
  [/^the server could not take this action$/, "r.server"],
  [/^an action is a JSON object/, "r.json"],
  [/^(.*) is not a legal action for (.+) now$/, "r.notlegal", [null, PLAYER]],
  [/^(.*) is not possible now \((.*) phase\)$/, "r.notnow"],
  [/^field (\d+) is empty$/, "r.fieldempty", [FIELD]],
  [/^a field of one bean may be harvested only if no other field holds more$/, "r.onebean"],
  [/^plant your front card on an empty field or one of its variety \(or harvest\)$/, "r.front"],
  [/^plant a card you received on an empty field or one of its variety$/, "r.received"],
  [/^that offer is not open to you, or the cards are no longer there$/, "r.offer"],
  [/^a 3rd field costs 3 coins, and a player buys one only once$/, "r.buy"],
  [/^you trade only with the active player$/, "r.tradeactive"],
  [/^first choose whether a Lady or Baby moves up/, "r.mb.pull"],
  [/^first the one-shot's choice/, "r.mb.choice"],
  [/^first (player \d+) takes the turned-up Flitzer or passes$/, "r.mb.flitzer", [PLAYER]],
  [/^what a player received is planted at once on a fitting existing field$/, "r.mb.foist"],
  [/^each attack names another opponent/, "r.mb.attack"],
  [/^keep one drawn Bohnentaler that fits an existing field of yours$/, "r.mb.keep"],
  [/^at the end, put one fitting hand card on each of your existing fields$/, "r.mb.place"],
  [/^in \S+ no 3rd field can be bought$/, "r.mb.buy"],
  [/^with 2 players a field is harvested only in its owner's own turn$/, "r.mb2.harvest"],
  [/^keep the drawn taler first; harvest afterwards$/, "r.mb2.keepfirst"],
  [/^each attack named at the start of phase 3 goes against the opponent$/, "r.mb2.attack"],
  [/^first (player \d+) \(Aktivist on top\) takes a turned-up Soy bean or passes/, "r.mb2.aktivist", [PLAYER]],
  [/^only the cards the opponent left in the offer are discarded, in phase 1$/, "r.mb2.discard"],
  [/^one variety together: the rest of a variety begun by planting is planted$/, "r.mb2.together"],
  [/^in phase 2 one hand card may be discarded, once$/, "r.mb2.handdiscard"],
  [/^plant a leftover on a field that fits it/, "r.mb2.leftover"],
  [/^plant an offer card on a field that fits it/, "r.mb2.offer"],
  [/^the front card and optionally the next: 2 at most$/, "r.mb2.two"],
  [/^plant your front card on a field that fits it \(or harvest first\)$/, "r.mb2.front"],
  [/^nothing is planted now \((.*) phase\)$/, "r.mb2.noplant"],
  [/^a variety is taken all or none: plant the rest of it first$/, "r.mb2.allornone"],
  [/^plant your front card first$/, "r.mb2.frontfirst"],
  [/^no slap is open$/, "r.mm.noslap"],
  [/^you have slapped already$/, "r.mm.slapped"],
  [/^the layer of the 5 or 6 may not slap first$/, "r.mm.layer"],
  [/^a slap is open: only slaps, words and jokers now$/, "r.mm.slapopen"],
  [/^you hold no joker$/, "r.mm.nojoker"],
  [/^you hold no Pilz$/, "r.mm.nopilz"],
  [/^only a jack carries a wish$/, "r.mm.jack"],
  [/^only a queen swaps hands$/, "r.mm.queen"],
  [/^pit (\d+) is empty$/, "r.pit.empty"],
];

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
  const text = String(reason || "");
  for (const [re, key, kinds] of PATTERNS) {
    const m = text.match(re);
    if (!m) continue;
    const args = m.slice(1).map((part, i) => {
      const k = kinds ? kinds[i] : null;
      if (k === PLAYER) return players(part, name);
      if (k === FIELD) return t("field", +part + 1);
      return part;
    });
    return t(key, ...args);
  }
  return players(text, name);
}
