// German and English: one small dictionary per language; the choice is kept in localStorage.
//
// t("key", a, b) looks the key up in the current language (then English), fills {0}, {1}... or
// calls the entry when it is a function. Game modules add their own words with add().

const KEY = "spieltisch.lang";

const WORDS = {
  en: {
    "lang.name": "English",
    "lang.other": "Deutsch",
    "lang.switch": "Auf Deutsch",
    "app.title": "spieltisch",
    "app.tagline": "German table games by their real rules — play with friends and bots",
    "nav.lobby": "Lobby",
    "nav.api": "API",
    "lobby.games": "Games",
    "lobby.create": "New table",
    "lobby.game": "Game",
    "lobby.players": "Players",
    "lobby.seats": "Seats",
    "lobby.seat": "Seat {0}",
    "lobby.human": "a person",
    "lobby.bot": "bot: {0}",
    "lobby.options": "Options",
    "lobby.options.none": "This game has no options.",
    "lobby.default": "default: {0}",
    "lobby.range": "{0} to {1}",
    "lobby.atleast": "at least {0}",
    "lobby.atmost": "at most {0}",
    "lobby.takeover": "When a person leaves",
    "lobby.takeover.none": "the seat stays empty",
    "lobby.takeover.bot": "bot {0} takes over",
    "lobby.submit": "Create table",
    "lobby.turn": "Turn timer (s)",
    "lobby.turn.none": "none",
    "lobby.turn.doc": "a person the game waits for longer than this has a bot act for them once (5 to 3600 s; empty: no timer)",
    "lobby.created": "Table {0} is ready",
    "lobby.created.note":
      "Each invite link holds the secret of its seat and is shown only now: send each link to " +
      "the person who takes that seat, and keep yours.",
    "lobby.invite": "Invite link",
    "lobby.open": "Open",
    "lobby.copy": "Copy",
    "lobby.copied": "Copied",
    "lobby.spectate": "Spectator link",
    "lobby.botseat": "bot ({0})",
    "lobby.tables": "Tables",
    "lobby.tables.none": "No tables yet.",
    "lobby.refresh": "Refresh",
    "lobby.join": "Join with an invite link",
    "lobby.join.placeholder": "paste an invite link",
    "lobby.join.go": "Join",
    "lobby.join.bad": "That is not an invite link of this server.",
    "lobby.watch": "Watch",
    "lobby.replay": "Replay",
    "lobby.download": "Record",
    "lobby.rules": "Rules",
    "lobby.actions": "{0} actions",
    "lobby.connected": "online",
    "lobby.empty": "empty",
    "lobby.error": "The server says: {0}",
    "status.playing": "playing",
    "status.finished": "finished",
    "status.broken": "broken",
    "table.connecting": "Connecting…",
    "table.connected": "Connected",
    "table.disconnected": "Connection lost — reconnecting…",
    "table.closed": "Disconnected",
    "table.spectator": "You are watching (spectator).",
    "table.seat": "You play seat {0}.",
    "table.player": "Player {0}",
    "table.you": "you",
    "table.bot": "bot",
    "table.empty": "empty seat",
    "table.online": "online",
    "table.offline": "offline",
    "table.yourturn": "It is up to you.",
    "table.waiting": "Waiting for {0}.",
    "table.maybe": "You may act.",
    "table.over": "The game is over.",
    "table.result": "Result",
    "table.rank": "place {0}",
    "table.score": "score {0}",
    "table.youmay": "What you may do",
    "table.nothing": "Nothing just now.",
    "table.onboard": "Play on the board above.",
    "table.joined": "You sit down at seat {0}.",
    "table.joined.watch": "You watch the table.",
    "table.timeout": "Your time ran out; a bot acted for you: {0}",
    "table.turntimer": "{0} s to act",
    "table.alllegal": "All legal actions ({0})",
    "table.log": "Game log",
    "table.rules": "Rules",
    "table.rules.original": "Original text (English)",
    "table.leave": "Leave seat",
    "table.leave.confirm": "Leave this seat for good? Your link will stop working.",
    "table.left": "You have left the seat.",
    "table.refused": "Refused: {0}",
    "table.error": "Error: {0}",
    "table.window": "{0} s left",
    "table.replay": "Replay this game",
    "table.download": "Download the record",
    "table.notfound": "There is no such table.",
    "table.notable": "No table given: open a table from the lobby.",
    "table.seats": "Seats",
    "table.spectate": "Spectator link",
    "table.events.hidden": "(something you may not see)",
    "table.keys": "Keys",
    "replay.title": "Replay",
    "replay.actions": "Actions",
    "replay.step": "Step {0} of {1}",
    "replay.first": "|◀ Start",
    "replay.prev": "◀ Back",
    "replay.next": "Next ▶",
    "replay.last": "End ▶|",
    "replay.play": "▶ Play",
    "replay.pause": "‖ Pause",
    "replay.final": "Final position",
    "replay.nosteps":
      "This server gives no per-step positions: the list shows the recorded actions, the board " +
      "shows the final position.",
    "replay.notover": "The game is not over yet; a record is given out when it has ended.",
    "replay.referee": "referee",
    "replay.seed": "seed {0}",
    "replay.download": "Download the record (JSON)",
    "common.yes": "yes",
    "common.no": "no",
    "common.cancel": "Cancel",
    "common.loading": "Loading…",
    "field": "field {0}",
    "cards.n": (n) => (n === 1 ? "1 card" : `${n} cards`),
    "coins.n": (n) => (n === 1 ? "1 coin" : `${n} coins`),
    "beans.n": (n) => (n === 1 ? "1 bean" : `${n} beans`),
    and: "and",
    or: "or",
  },
  de: {
    "lang.name": "Deutsch",
    "lang.other": "English",
    "lang.switch": "In English",
    "app.title": "spieltisch",
    "app.tagline": "Deutsche Tischspiele nach ihren echten Regeln — mit Freunden und Bots",
    "nav.lobby": "Lobby",
    "nav.api": "API",
    "lobby.games": "Spiele",
    "lobby.create": "Neuer Tisch",
    "lobby.game": "Spiel",
    "lobby.players": "Spieler",
    "lobby.seats": "Plätze",
    "lobby.seat": "Platz {0}",
    "lobby.human": "ein Mensch",
    "lobby.bot": "Bot: {0}",
    "lobby.options": "Optionen",
    "lobby.options.none": "Dieses Spiel hat keine Optionen.",
    "lobby.default": "Standard: {0}",
    "lobby.range": "{0} bis {1}",
    "lobby.atleast": "mindestens {0}",
    "lobby.atmost": "höchstens {0}",
    "lobby.takeover": "Wenn jemand geht",
    "lobby.takeover.none": "bleibt der Platz leer",
    "lobby.takeover.bot": "übernimmt Bot {0}",
    "lobby.submit": "Tisch anlegen",
    "lobby.turn": "Zugzeit (s)",
    "lobby.turn.none": "keine",
    "lobby.turn.doc": "wer länger braucht, für den handelt einmal ein Bot (5 bis 3600 s; leer: keine Zugzeit)",
    "lobby.created": "Tisch {0} ist bereit",
    "lobby.created.note":
      "Jeder Einladungslink enthält das Geheimnis seines Platzes und wird nur jetzt gezeigt: " +
      "Schick jeden Link der Person, die dort sitzt, und behalte deinen.",
    "lobby.invite": "Einladungslink",
    "lobby.open": "Öffnen",
    "lobby.copy": "Kopieren",
    "lobby.copied": "Kopiert",
    "lobby.spectate": "Link für Zuschauer",
    "lobby.botseat": "Bot ({0})",
    "lobby.tables": "Tische",
    "lobby.tables.none": "Noch keine Tische.",
    "lobby.refresh": "Aktualisieren",
    "lobby.join": "Mit einem Einladungslink beitreten",
    "lobby.join.placeholder": "Einladungslink einfügen",
    "lobby.join.go": "Beitreten",
    "lobby.join.bad": "Das ist kein Einladungslink dieses Servers.",
    "lobby.watch": "Zuschauen",
    "lobby.replay": "Wiederholung",
    "lobby.download": "Protokoll",
    "lobby.rules": "Regeln",
    "lobby.actions": "{0} Aktionen",
    "lobby.connected": "online",
    "lobby.empty": "leer",
    "lobby.error": "Der Server sagt: {0}",
    "status.playing": "läuft",
    "status.finished": "beendet",
    "status.broken": "defekt",
    "table.connecting": "Verbinde…",
    "table.connected": "Verbunden",
    "table.disconnected": "Verbindung verloren — verbinde neu…",
    "table.closed": "Getrennt",
    "table.spectator": "Du schaust zu.",
    "table.seat": "Du spielst Platz {0}.",
    "table.player": "Spieler {0}",
    "table.you": "du",
    "table.bot": "Bot",
    "table.empty": "leerer Platz",
    "table.online": "online",
    "table.offline": "offline",
    "table.yourturn": "Du bist dran.",
    "table.waiting": "Warte auf {0}.",
    "table.maybe": "Du darfst handeln.",
    "table.over": "Das Spiel ist vorbei.",
    "table.result": "Ergebnis",
    "table.rank": "Platz {0}",
    "table.score": "Punkte {0}",
    "table.youmay": "Was du tun darfst",
    "table.nothing": "Gerade nichts.",
    "table.onboard": "Spiel oben auf dem Brett.",
    "table.joined": "Du setzt dich auf Platz {0}.",
    "table.joined.watch": "Du schaust dem Tisch zu.",
    "table.timeout": "Deine Zeit ist abgelaufen; ein Bot hat für dich gehandelt: {0}",
    "table.turntimer": "noch {0} s",
    "table.alllegal": "Alle erlaubten Aktionen ({0})",
    "table.log": "Spielverlauf",
    "table.rules": "Regeln",
    "table.rules.original": "Originaltext (Englisch)",
    "table.leave": "Platz verlassen",
    "table.leave.confirm": "Diesen Platz endgültig verlassen? Dein Link gilt dann nicht mehr.",
    "table.left": "Du hast den Platz verlassen.",
    "table.refused": "Abgelehnt: {0}",
    "table.error": "Fehler: {0}",
    "table.window": "noch {0} s",
    "table.replay": "Partie nachspielen",
    "table.download": "Protokoll herunterladen",
    "table.notfound": "Diesen Tisch gibt es nicht.",
    "table.notable": "Kein Tisch angegeben: öffne einen Tisch aus der Lobby.",
    "table.seats": "Plätze",
    "table.spectate": "Link für Zuschauer",
    "table.events.hidden": "(etwas, das du nicht sehen darfst)",
    "table.keys": "Tasten",
    "replay.title": "Wiederholung",
    "replay.actions": "Aktionen",
    "replay.step": "Schritt {0} von {1}",
    "replay.first": "|◀ Anfang",
    "replay.prev": "◀ Zurück",
    "replay.next": "Weiter ▶",
    "replay.last": "Ende ▶|",
    "replay.play": "▶ Abspielen",
    "replay.pause": "‖ Pause",
    "replay.final": "Endstand",
    "replay.nosteps":
      "Dieser Server liefert keine Stellungen je Schritt: die Liste zeigt die aufgezeichneten " +
      "Aktionen, das Brett den Endstand.",
    "replay.notover":
      "Die Partie läuft noch; das Protokoll gibt es, wenn sie zu Ende ist.",
    "replay.referee": "Schiedsrichter",
    "replay.seed": "Startwert {0}",
    "replay.download": "Protokoll herunterladen (JSON)",
    "common.yes": "ja",
    "common.no": "nein",
    "common.cancel": "Abbrechen",
    "common.loading": "Lade…",
    field: "Feld {0}",
    "cards.n": (n) => (n === 1 ? "1 Karte" : `${n} Karten`),
    "coins.n": (n) => (n === 1 ? "1 Taler" : `${n} Taler`),
    "beans.n": (n) => (n === 1 ? "1 Bohne" : `${n} Bohnen`),
    and: "und",
    or: "oder",
  },
};

const listeners = new Set();

export function lang() {
  let stored = null;
  try {
    stored = localStorage.getItem(KEY);
  } catch {
    stored = null;
  }
  if (stored === "de" || stored === "en") return stored;
  return (navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en";
}

export function setLang(value) {
  try {
    localStorage.setItem(KEY, value);
  } catch {
    // private mode: the choice lasts for this page only
  }
  current = value;
  document.documentElement.lang = value;
  translatePage();
  for (const fn of listeners) fn(value);
}

let current = lang();

export function onLang(fn) {
  listeners.add(fn);
}

/** Add a module's words: {en: {...}, de: {...}}. */
export function add(words) {
  for (const [code, entries] of Object.entries(words)) {
    Object.assign(WORDS[code], entries);
  }
}

export function has(key) {
  return key in WORDS[current] || key in WORDS.en;
}

export function t(key, ...args) {
  let entry = WORDS[current][key];
  if (entry === undefined) entry = WORDS.en[key];
  if (entry === undefined) return key;
  if (typeof entry === "function") return entry(...args);
  return entry.replace(/\{(\d+)\}/g, (m, i) => (args[+i] === undefined ? m : String(args[+i])));
}

/** "a, b and c" in the current language. */
export function andList(items, word = "and") {
  const xs = items.filter((x) => x !== "" && x != null);
  if (xs.length <= 1) return xs.join("");
  return `${xs.slice(0, -1).join(", ")} ${t(word)} ${xs[xs.length - 1]}`;
}

/** Fill every [data-i18n] element (text) and [data-i18n-title] / -placeholder attribute. */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  }
}

export function currentLang() {
  return current;
}

document.documentElement.lang = current;
