// Why the server refused an action: its reasons come in English, with players and fields
// counted from 0. The common ones are said here in the page's language, players and fields
// counted from 1 as the page shows them; any other reason is shown as it came, with its
// "player N" named as the page names seats.

import { add, t } from "./i18n.js";

add({
  en: {
    "r.over": "the game is over; no more actions are taken",
    "r.notturn": "it is not {0}'s turn to act ({1} may act)",
    "r.spectator": "spectators watch; they cannot act",
    "r.left": "you have left this seat",
    "r.server": "the server could not take this action",
    "r.json": "an action is a JSON object",
    "r.notlegal": "that is not a legal action for {1} now",
    "r.notnow": "that is not possible now",
    "r.fieldempty": "{0} is empty",
    "r.onebean": "a field of one bean may be harvested only if no other field holds more",
    "r.front": "plant your front card on an empty field or one of its variety (or harvest)",
    "r.received": "plant a card you received on an empty field or one of its variety",
    "r.offer": "that offer is not open to you, or the cards are no longer there",
    "r.buy": "a 3rd field costs 3 coins, and a player buys one only once",
    "r.tradeactive": "you trade only with the active player",
    "r.mb.pull": "first choose whether a Lady or Baby moves up",
    "r.mb.choice": "first the special bean's choice",
    "r.mb.flitzer": "first {0} takes the turned-up Flitzer or passes",
    "r.mb.foist": "what a player received is planted at once on a fitting existing field",
    "r.mb.attack": "each attack names another opponent (3 players with 3 Babys: one twice)",
    "r.mb.keep": "keep one drawn Bohnentaler that fits an existing field of yours",
    "r.mb.place": "at the end, put one fitting hand card on each of your existing fields",
    "r.mb.buy": "in Mutterböhnchen no 3rd field can be bought",
    "r.mb2.harvest": "with 2 players a field is harvested only in its owner's own turn",
    "r.mb2.keepfirst": "keep the drawn Bohnentaler first; harvest afterwards",
    "r.mb2.attack": "each attack named at the start of phase 3 goes against the opponent",
    "r.mb2.aktivist": "first {0} (Aktivist on top) takes a turned-up Soy bean or passes",
    "r.mb2.discard": "only the cards the opponent left in the offer are discarded, in phase 1",
    "r.mb2.together": "one variety together: the rest of a variety begun by planting is planted",
    "r.mb2.handdiscard": "in phase 2 one hand card may be discarded, once",
    "r.mb2.leftover": "plant a leftover on a field that fits it (one variety together: the rest of a variety begun by discarding is discarded)",
    "r.mb2.offer": "plant an offer card on a field that fits it (harvest first if none)",
    "r.mb2.two": "the front card and optionally the next: 2 at most",
    "r.mb2.front": "plant your front card on a field that fits it (or harvest first)",
    "r.mb2.noplant": "nothing is planted now",
    "r.mb2.allornone": "a variety is taken all or none: plant the rest of it first",
    "r.mb2.frontfirst": "plant your front card first",
    "r.mm.noslap": "no slap is open",
    "r.mm.slapped": "you have slapped already",
    "r.mm.layer": "the layer of the 5 or 6 may not slap first",
    "r.mm.slapopen": "a slap is open: only slaps, words and jokers now",
    "r.mm.nojoker": "you hold no joker",
    "r.mm.nopilz": "you hold no Pilz",
    "r.mm.jack": "only a jack carries a wish",
    "r.mm.queen": "only a queen swaps hands",
    "r.pit.empty": "pit {0} is empty",
    "r.nobody": "nobody",
  },
  de: {
    "r.over": "das Spiel ist vorbei; es wird nichts mehr angenommen",
    "r.notturn": "{0} ist nicht dran ({1} darf handeln)",
    "r.spectator": "Zuschauer schauen zu; sie können nicht handeln",
    "r.left": "du hast diesen Platz verlassen",
    "r.server": "der Server konnte diese Aktion nicht annehmen",
    "r.json": "eine Aktion ist ein JSON-Objekt",
    "r.notlegal": "das darf {1} jetzt nicht",
    "r.notnow": "das geht jetzt nicht",
    "r.fieldempty": "{0} ist leer",
    "r.onebean": "ein Feld mit einer Bohne darf nur geerntet werden, wenn kein anderes Feld mehr trägt",
    "r.front": "pflanze deine vorderste Karte auf ein leeres Feld oder eines ihrer Sorte (oder ernte)",
    "r.received": "pflanze eine bekommene Karte auf ein leeres Feld oder eines ihrer Sorte",
    "r.offer": "dieses Angebot gilt nicht dir, oder die Karten sind nicht mehr da",
    "r.buy": "ein 3. Feld kostet 3 Taler, und jeder kauft nur eines",
    "r.tradeactive": "du handelst nur mit dem aktiven Spieler",
    "r.mb.pull": "erst entscheiden, ob eine Lady oder ein Baby aufrückt",
    "r.mb.choice": "erst die Wahl der Sonderbohne treffen",
    "r.mb.flitzer": "erst nimmt {0} den aufgedeckten Flitzer oder passt",
    "r.mb.foist": "was man bekommt, wird sofort auf ein passendes bestehendes Feld gepflanzt",
    "r.mb.attack": "jeder Angriff nennt einen anderen Gegner (3 Spieler mit 3 Babys: einen zweimal)",
    "r.mb.keep": "behalte einen gezogenen Bohnentaler, der auf ein bestehendes Feld von dir passt",
    "r.mb.place": "am Ende legst du je eine passende Handkarte auf jedes bestehende Feld",
    "r.mb.buy": "bei Mutterböhnchen kann man kein 3. Feld kaufen",
    "r.mb2.harvest": "zu zweit erntet man ein Feld nur im eigenen Zug",
    "r.mb2.keepfirst": "erst den gezogenen Bohnentaler behalten, dann ernten",
    "r.mb2.attack": "jeder zu Beginn von Phase 3 genannte Angriff geht gegen den Gegner",
    "r.mb2.aktivist": "erst nimmt {0} (Aktivist oben) eine aufgedeckte Sojabohne oder passt",
    "r.mb2.discard": "abgeworfen werden nur die Karten, die der Gegner in der Auslage ließ, in Phase 1",
    "r.mb2.together": "eine Sorte zusammen: der Rest einer mit Pflanzen begonnenen Sorte wird gepflanzt",
    "r.mb2.handdiscard": "in Phase 2 darf man einmal eine Handkarte abwerfen",
    "r.mb2.leftover": "pflanze einen Rest auf ein passendes Feld (eine Sorte zusammen: der Rest einer mit Abwerfen begonnenen Sorte wird abgeworfen)",
    "r.mb2.offer": "pflanze eine Karte der Auslage auf ein passendes Feld (sonst erst ernten)",
    "r.mb2.two": "die vorderste Karte und wahlweise die nächste: höchstens 2",
    "r.mb2.front": "pflanze deine vorderste Karte auf ein passendes Feld (oder ernte erst)",
    "r.mb2.noplant": "jetzt wird nichts gepflanzt",
    "r.mb2.allornone": "eine Sorte nimmt man ganz oder gar nicht: pflanze erst ihren Rest",
    "r.mb2.frontfirst": "pflanze erst deine vorderste Karte",
    "r.mm.noslap": "es ist kein Schlagen offen",
    "r.mm.slapped": "du hast schon geschlagen",
    "r.mm.layer": "wer die 5 oder 6 gelegt hat, darf nicht zuerst schlagen",
    "r.mm.slapopen": "ein Schlagen ist offen: jetzt nur Schlagen, Worte und Joker",
    "r.mm.nojoker": "du hast keinen Joker",
    "r.mm.nopilz": "du hast keinen Pilz",
    "r.mm.jack": "nur ein Bube trägt einen Wunsch",
    "r.mm.queen": "nur eine Dame tauscht die Hände",
    "r.pit.empty": "Mulde {0} ist leer",
    "r.nobody": "niemand",
  },
});

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
  [/^in Mutterböhnchen no 3rd field can be bought$/, "r.mb.buy"],
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

/** A refusal's reason in the page's language; ``name(seat)`` names a seat as the page does. */
export function reasonText(reason, name) {
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
