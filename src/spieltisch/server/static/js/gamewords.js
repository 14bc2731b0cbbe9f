// What the server says about games in English (titles, option docs, rules), in German too.
// Unknown keys fall back to the server's English text, so a new option still shows up.

import { currentLang } from "./i18n.js";

const TITLES = {
  de: {
    mancala: "Mancala (Giuthi-Familie, Blatt 003)",
    kalah: "Kalah (wie OpenSpiels mancala)",
    bibermania: "Biber-Mania",
    bohnanza: "Bohnanza",
    ladybohn: "Ladybohn",
    maumau: "Bodensee Mau-Mau",
    mutterboehnchen: "Mutterböhnchen",
  },
};

export function gameTitle(game) {
  if (!game) return "";
  const id = typeof game === "string" ? game : game.id;
  const own = (TITLES[currentLang()] || {})[id];
  if (own) return own;
  return typeof game === "string" ? game : game.title;
}

// option name -> [English label, German label, German doc]
const OPTIONS = {
  preset: ["Preset", "Voreinstellung", "ein benanntes Bündel der Optionen unten"],
  pits: ["Pits", "Mulden", "Mulden je Seite in der ersten Runde"],
  seeds: ["Beans per pit", "Bohnen je Mulde", "Bohnen je Mulde zu Beginn"],
  rounds: ["Rounds", "Runden", "die vereinbarte Zahl der Runden des Matchs"],
  first_mover: [
    "First mover",
    "Wer beginnt",
    "wer in Runde 1 zuerst zieht: ausgelost aus dem Startwert, oder Spieler 0 oder 1",
  ],
  next_starter: [
    "Next starter",
    "Nächster Beginner",
    "wer nach einer entschiedenen Runde beginnt: ihr Gewinner (überlieferte Giuthi-Partien), " +
      "ihr Verlierer, oder abwechselnd",
  ],
  elimination: [
    "Elimination",
    "Ausscheiden",
    "wer verliert und keiner Mulde 2 Bohnen geben kann (Bohnen <= Mulden je Seite), scheidet aus",
  ],
  tie: [
    "Tie",
    "Unentschieden",
    "eine unentschiedene Runde zählt als eine der vereinbarten Runden ('counts') oder wird " +
      "wiederholt ('replay'); beides beginnt mit der Anfangsaufstellung, der Nachziehende zuerst",
  ],
  directions: ["Directions", "Richtungen", "die Säerichtungen, die man wählen darf"],
  min_pick: ["Minimum pick", "Mindestens aufnehmen", "so viele Bohnen braucht eine Mulde zum Aufnehmen"],
  relay: [
    "Relay",
    "Weitersäen",
    "endet die letzte Bohne in einer gefüllten Mulde, wird diese in Gegenrichtung weitergesät",
  ],
  skip_start: [
    "Skip start",
    "Startmulde überspringen",
    "eine Runde ums Brett überspringt die Startmulde (überlieferte Giuthi-Partien)",
  ],
  capture: [
    "Capture",
    "Schlagen",
    "giuthi: gegenüberliegende Mulde und die Kette; kalah: gegenüberliegende Mulde und die " +
      "letzte Bohne, wenn gegenüber Bohnen liegen; none: nie",
  ],
  chain: [
    "Chain",
    "Kette",
    "nach einem Schlag werden die nächsten zwei eigenen Mulden je für sich geprüft ('two'), " +
      "nur die nächste ('one'), oder jede folgende leere Mulde in Folge ('all')",
  ],
  capture_after_lap: [
    "Capture after a lap",
    "Schlagen erst nach einer Runde",
    "geschlagen wird erst, wenn das Säen dieses Zugs die Reihe des Gegners erreicht hat",
  ],
  round_end: [
    "Round end",
    "Rundenende",
    "die Runde endet, wenn einer ('either') oder erst wenn beide ('both') keine Mulde mehr " +
      "aufnehmen können (bei 'both' passt, wer nicht ziehen kann)",
  ],
  stores_sown: ["Stores sown", "Speicher besät", "man sät in den eigenen Speicher (Kalah)"],
  extra_turn: [
    "Extra turn",
    "Zusatzzug",
    "endet die letzte Bohne im eigenen Speicher, zieht man noch einmal (Kalah)",
  ],
  first_player: [
    "First player",
    "Startspieler",
    "wer beginnt: ausgelost aus dem Startwert, oder eine Platznummer",
  ],
  hippie_in_sets: [
    "Hippie in sets",
    "Hippie in Sätzen",
    "der Hippie darf die eine Aktionskarte bei gleichen Ziffern sein",
  ],
  higher_runs_only: [
    "Higher runs only",
    "Nur höhere Reihen",
    "eine Reihe schlägt eine Hippie-Reihe nur mit höherer Spitze (sonst jede gleich lange)",
  ],
  beat_opponents: [
    "Beat opponents",
    "Gegner stechen",
    "jeden Gegner stechen, dessen oberste Gruppe der Wurf schlägt ('all'), oder nur einen " +
      "nach Wahl ('one')",
  ],
  keep_per: [
    "Keep per",
    "Behalten je",
    "jede gestochene Karte einzeln behalten oder aussortieren ('card'), oder eine Gruppe als " +
      "Ganzes ('group')",
  ],
  joker_beats_display_action: [
    "Joker beats a display action",
    "Joker sticht Aktion der Auslage",
    "ein einzelner Joker darf eine Aktionskarte der Auslage stechen",
  ],
  steal_jokers: ["Steal jokers", "Joker stehlen", "Superbiber und Dieb dürfen Joker stehlen"],
  empty_hand_ends: [
    "Empty hand ends",
    "Leere Hand beendet",
    "das Spiel endet, wenn der Spieler am Zug keine Karten hat (durch König oder Fee); sonst " +
      "wird er übersprungen",
  ],
  profis: [
    "Profis",
    "Profis",
    "„Biber-Mania Profis“: der letzte Wurf darf keine Hippie-Reihe sein (ein einzelner Hippie " +
      "schon)",
  ],
  target: [
    "Target",
    "Zielpunkte",
    "„Punkte sammeln“: Runden spielen, bis jemand so viele Punkte hat (z. B. 250); 0: eine Runde",
  ],
  classic: ["Classic set", "Klassisches Spiel", "nur die klassischen 104 Karten (Blaue bis Garten)"],
  tie_break: [
    "Tie break",
    "Gleichstand",
    "bei gleich vielen Talern gewinnt, wer später seinen ersten Zug hatte (Rat von Blatt 000), " +
      "oder wer mehr Handkarten hat (Grundregel)",
  ],
  trade_seconds: [
    "Trade seconds",
    "Handelszeit (s)",
    "so lange bleibt eine untätige Handelsphase offen, dann schließt der Schiedsrichter sie",
  ],
  ratio_males_pay: [
    "Ratio males pay",
    "Ratio-Männchen zahlen",
    "ein Ratio-Feld nur mit Männchen zahlt wie gewohnt (Standard: nichts)",
  ],
  jokers: ["Jokers", "Joker", "Joker im Spiel"],
  seats: ["Seats", "Plätze", "die meisten Spieler an einem Tisch"],
  first_ace: [
    "First ace",
    "Erstes Ass",
    "ein aufgedecktes Ass lässt den Geber noch eine passende Karte legen ('lay'), oder wirkt " +
      "nicht ('none')",
  ],
  free_draw: [
    "Free draw",
    "Freies Ziehen",
    "Ziehen ist immer erlaubt (Standard: nur ohne legbare Karte)",
  ],
  three_out: [
    "Emptied by a 3",
    "Durch 3 leer",
    "wem eine 3 oder ein Joker die Hand leert, der macht seinen Zug noch (zieht) oder wird " +
      "übersprungen",
  ],
  nine_next: [
    "After a 9",
    "Nach einer 9",
    "nach einem Einwurf auf eine 9 wird der Nächste vom Leger der 9 aus gezählt, oder vom " +
      "Einwerfer",
  ],
  misfit_throw_in: [
    "Misfit throw-in",
    "Falscher Einwurf",
    "ein unpassender Einwurf bleibt in der Hand und kostet eine Strafkarte, oder wird abgelehnt",
  ],
  otherwise: [
    "Both-hands penalties",
    "Strafen bei beiden Händen",
    "Strafen beim Schlagen mit beiden Händen: Letzter 2, Falscher 1 (Blatt), oder Letzter 2, " +
      "alle anderen 1",
  ],
  slap_seconds: [
    "Slap seconds",
    "Schlagzeit (s)",
    "so lange bleibt ein Schlagen offen, dann schließt der Schiedsrichter es",
  ],
  cards: [
    "Card file",
    "Kartendatei",
    "eine TOML-Datei mit den gedruckten Karten (Anzahlen, Bohnometer, Texte); leer: das eingebaute, rekonstruierte Deck",
  ],
  schluckspecht_all_fields: [
    "Schluckspecht on all fields",
    "Schluckspecht auf allen Feldern",
    "ein Schluckspecht oben legt die Bohnen aller Felder seines Besitzers nach unten, nicht nur die seines eigenen Felds (die Option der Entscheidungen)",
  ],
};

export function optionLabel(name) {
  const entry = OPTIONS[name];
  if (!entry) return name.replace(/_/g, " ");
  return currentLang() === "de" ? entry[1] : entry[0];
}

const CHOICES = {
  en: { lot: "by lot", sheet: "the sheet's", true: "yes", false: "no" },
  de: { lot: "ausgelost", sheet: "wie das Blatt", true: "ja", false: "nein", counts: "zählt", replay: "wiederholen", both: "beide", winner: "Gewinner", loser: "Verlierer", alternate: "abwechselnd", all: "alle", one: "eine", two: "zwei", card: "Karte", group: "Gruppe", either: "einer", none: "keine", lay: "legen", draw: "ziehen", skip: "überspringen", layer: "Leger", thrower: "Einwerfer", penalty: "Strafkarte", refuse: "ablehnen", all_others: "alle anderen", later_turn: "späterer Zug", hand_cards: "Handkarten" },
};

/** A choice's or default's words: "lot" -> "by lot", true -> "yes"; numbers stay. */
export function choiceLabel(value) {
  const own = (CHOICES[currentLang()] || {})[String(value)];
  return own === undefined ? String(value) : own;
}

export function optionDoc(option) {
  const entry = OPTIONS[option.name];
  if (currentLang() === "de" && entry) return entry[2];
  return option.doc;
}

// The rules of each game, German (the server's English text is the original).
const RULES_DE = {
  mancala: `72 Bohnen, je 6 in 12 Mulden; jeder Spieler besitzt eine Reihe und einen Speicher, in den nie gesät wird.
Am Zug nimmst du alle Bohnen einer eigenen Mulde mit 2 oder mehr auf und säst sie einzeln, im oder gegen den Uhrzeigersinn nach deiner Wahl, so oft ums Brett wie nötig.
- Letzte Bohne in einer gefüllten Mulde: nimm diese Mulde auf und säe in Gegenrichtung weiter (immer wieder, jedes Mal umkehrend).
- Letzte Bohne in einer leeren Mulde des Gegners: dein Zug endet.
- Letzte Bohne in einer leeren eigenen Mulde: schlage die gegenüberliegende Mulde in deinen Speicher, und ebenso die Mulde gegenüber jeder der nächsten zwei eigenen Mulden (in der Richtung der letzten Runde), die leer ist.
Die Runde endet, wenn ein Spieler nur noch einzelne Bohnen hat; jeder legt seine Mulden in seinen Speicher.
Der Verlierer verteilt seine Bohnen auf seine Mulden (mindestens eine je Mulde) auf einem Brett, das mit seinen Bohnen schrumpft (unter 36: 2×5, 18: 2×4, 9: 2×3, 5: 2×2); der Gewinner kopiert es und legt den Rest in den Speicher, und der Gewinner zieht zuerst. Wer verliert und keiner Mulde zwei Bohnen geben kann, scheidet aus. Nach den vereinbarten Runden (5) verliert, wer weniger Bohnen hat.
Hier: klicke eine eigene Mulde; gibt es zwei Richtungen, wähle ↺ (gegen den Uhrzeigersinn) oder ↻ (im Uhrzeigersinn).`,
  kalah: `Kalah (wie OpenSpiels mancala): 6 Mulden je Seite, 4 Bohnen je Mulde. Gesät wird gegen den Uhrzeigersinn, auch in den eigenen Speicher (nicht in den des Gegners). Endet die letzte Bohne im eigenen Speicher, ziehst du noch einmal. Endet sie in einer leeren eigenen Mulde und liegen gegenüber Bohnen, schlägst du beide in deinen Speicher. Das Spiel endet, wenn eine Seite leer ist; wer mehr Bohnen hat, gewinnt.`,
  bibermania: `DAS DECK IST EINE REKONSTRUKTION. Das Blatt nennt die Karten nicht; das eingebaute Deck ist die beste Schätzung der Entscheidungen (Ziffern 1-10 je acht, die acht Aktionskarten je zweimal, 4 Joker: 100 Karten).
Jeder erhält 13 Karten (bei fünf Spielern 10), 9 Karten liegen offen als Auslage (nach Wert sortiert), 5 offen als Vorrat, der Rest ist der Stapel. Am Zug:
1. Lege eine Gruppe auf deinen eigenen Stapel: gleiche Ziffern (allein, mit Jokern oder mit einer Aktionskarte, die ihren Wert annimmt); Joker allein (der höchste Wert); ein Hippie mit 2-6 Ziffern, die er zu einer Reihe ergänzt; eine einfache Reihe nur, um eine Hippie-Reihe zu stechen; der Partybiber allein oder mit 3 Ziffern, die weder gleich noch aufeinanderfolgend sind; oder jede Aktionskarte allein.
2. Stechen: gleich viele Karten mit höherem Wert. Sticht dein Wurf Ziffern der Auslage, musst du einen solchen Satz auf die Hand nehmen; jeder Gegner, dessen oberste Gruppe du stichst, verliert sie, und du nimmst jede gestochene Karte auf die Hand oder sortierst sie aus dem Spiel. Reihen stechen Hippie-Reihen ihrer Länge; ein einzelner Joker sticht eine einzelne Aktionskarte; Bodyguard- und Partybiber-Gruppen sind nicht zu stechen; einzelne Aktionskarten stechen nie.
3. Die Aktionskarte deines Wurfs wirkt: Superbiber stiehlt 2 Karten, Dieb 1 (aus Auslage, Vorrat oder der obersten Gruppe eines Gegners); die Fee wünscht sich eine Karte aus der Hand eines Gegners; der Gemeinling gibt einem Gegner 2 Karten; der König lässt jeden Gegner eine Karte seiner Ziffer zu deiner Gruppe legen.
4. Fülle die Auslage auf 9 auf, dann den Vorrat auf 5. 5. Wer Stapelkarten verloren hat, zieht ebenso viele, im Uhrzeigersinn, je vom Stapel oder aus dem Vorrat.
Das Spiel endet sofort, wenn jemand seine letzten Karten legt, oder wenn Stapel und Vorrat leer sind. Jede Karte auf deinem Stapel +1, jede auf deiner Hand -1; die meisten Punkte gewinnen (Gleichstand teilt).`,
  bohnanza: `Pflanze Bohnen auf deine 2 Felder (ein 3. kostet 3 Taler), handle den Rest, ernte für Taler.
Deine Hand behält ihre Reihenfolge. Am Zug:
1. pflanze die vorderste Karte deiner Hand (Pflicht), und wenn du willst die nächste;
2. decke 2 Karten auf und handle: du darfst sie und deine Handkarten mit allen tauschen, die anderen handeln nur mit dir; beliebige Karten gegen beliebige; Geschenke sind erlaubt; jeder darf ablehnen;
3. alle pflanzen, was sie bekommen haben (und du die aufgedeckten Karten, die du behalten hast), in beliebiger Reihenfolge;
4. ziehe 3 Karten hinten an deine Hand.
Ein Feld trägt nur eine Sorte. Passt eine Bohne auf kein Feld, musst du erst eines abernten. Ernten darfst du jederzeit (ein Feld mit einer Bohne nur, wenn kein anderes Feld mehr trägt): das Feld bringt Taler nach seinem Bohnometer. Das Spiel endet, wenn der Stapel zum 3. Mal aufgebraucht ist; alle Felder werden abgeerntet. Die meisten Taler gewinnen; bei Gleichstand gewinnt, wer seinen ersten Zug später hatte.`,
  ladybohn: `Ladybohn: Bohnanza mit Ladys, Schminkbohnen, dem Ratio-Feld und zwei Fächern (3-5 Spieler; das Blatt hat eigene Regeln für 2 Spieler und allein).
- Ladys wachsen auf den Feldern der Männchen und zahlen nach ihrem eigenen (besseren) Bohnometer, wenn sie oben liegen; nach jeder Ernte darfst du ein anderes Feld drehen (die oberste Karte nach unten).
- Zwei Fächer (6 und 4 Karten) liegen offen: tausche jederzeit deine ganze Hand gegen einen Fächer mit gleich vielen Karten. Aufgedeckte Karten, die zur obersten Karte eines Fächers passen, kommen darauf, Ladys zuerst, und schieben dessen unterste Karte(n) ins Angebot.
- Schminkbohnen: 3-4 geerntet bringen ein freies 3. Feld, 5+ ein 3. Feld oder einen Taler, mit dem du von bis zu 3 Spielern je einen Taler stehlen darfst (nicht von denen mit Schminkbohnen im Feld, ohne Taler, oder denen du es beim Handel versprochen hast). Das erste 3. Feld des Spiels ist das Ratio-Feld: nur mit Männchen darin zahlt es nichts.
- Phase 4: alle ziehen 1 Karte. Das Spiel endet nach dem 3. Durchgang durch den Stapel.
DIE LADY-BOHNOMETER SIND EINE REKONSTRUKTION (jede Schwelle der Männchen minus eins).`,
  maumau: `Bodensee Mau-Mau: 2 × 52 französische Karten und 6 Joker (Option 4 oder 0), 3 oder mehr Spieler, je 5 Karten. Der Geber deckt die erste Karte auf; sie gilt als vom Geber gelegt. Lege eine Karte in Farbe oder Wert der Bezugskarte; kannst du nicht, ziehe eine, dann lege oder passe.
  A  lege noch eine passende Karte          2  startet einen leeren Ablagestapel neu
  3  jederzeit, von jedem, kein Zug: hebt die Karte darunter auf (3 auf 3 stellt wieder her), solange deren Wirkung nicht begonnen hat
  4  nichts       5/6  Schlagen: linke Hand bei einer 5, rechte bei einer 6, beide bei 6 auf 5 oder 5 auf 6; der Leger darf nicht zuerst schlagen; Letzter 1, falsche Hand 2 (beide: Letzter 2, Falscher 1)
  7  der Nächste zieht 2 je 7, oder gibt die Kette mit einer 7 weiter
  8  der Nächste setzt aus, oder gibt es mit einer 8 weiter
  9  ein anderer Spieler darf eine passende Karte einwerfen; der Nachbar des Legers der 9 ist dran
  10 beliebig viele auf einmal, „Miau“ für jede        B  wünscht eine Farbe (nie auf 7 oder 8)
  D  tauscht die Hand mit einem Spieler im Spiel       K  kehrt die Richtung um
Joker legst du jederzeit vor dir ab; die meisten Joker (bei Gleichstand: die letzten) geben das Einwurfrecht: wirf eine Karte ein, die der Spieler am Zug legen könnte, dann warte auf deinen Zug. Jede Karte, die du ziehst, kostet dich einen Joker vor dir, auf den Stapel.
Worte, in dieser Reihenfolge je Karte: „Mau“ (eine Karte übrig), „Miau“ (jede 10), „Mau-Mau“ (keine Karte übrig), „Matt“ (sobald dir nichts mehr Karten geben kann). Sag jedes vor der nächsten Zugaktion eines anderen Spielers, sonst ziehst du eine Strafkarte je Wort. Ein unpassender Einwurf kostet eine Strafkarte.
Vier Karten eines Werts übereinander geben ihrem letzten Leger einen Pilz (höchstens 2 im Spiel): damit holst du einen Gewinner als stillen Gewinner zurück. Das Spiel endet, wenn höchstens zwei Spieler Karten halten: sie verlieren, die anderen gewinnen in der Reihenfolge ihres „Matt“.`,
  mutterboehnchen: `Mutterböhnchen auf dem Ladybohn von 2007 („Manche mögen's heiß!“): Männchen, Ladys und Babys in 8 Sorten; je 2 Männchen jeder Sorte werden verdeckt als Start-Bohnentaler verteilt. 3 Spieler haben 3 Felder, 4-6 Spieler 2. Deine Hand behält ihre Reihenfolge; am Zug
1. pflanze deine vorderste Karte (Pflicht), und wenn du willst die nächste;
1½. die Rasselbande: jedes deiner Felder mit einem Baby oben greift einen anderen Gegner an (3 Spieler mit Babys auf allen 3 Feldern: einen davon zweimal). Der Angegriffene darf vorher ernten; dann ziehst du so viele seiner verdeckten Bohnentaler, wie das Baby Rasseln hat; einen, der auf ein bestehendes Feld von dir passt, musst du behalten und sofort pflanzen, die anderen gehen zurück;
2-3. decke 2 Karten auf und handle; was du durch Handel oder Geschenk bekommst, pflanzt du sofort auf ein passendes bestehendes Feld; den Rest und deine aufgedeckten Karten bis zum Ende der Phase;
4. ziehe 3 Karten.
Ein Feld zahlt nach seiner obersten Karte; jede Karte zählt mit. Pflanzt du ein Baby, darf eine Lady seines Felds 2 Plätze aufrücken, pflanzt du eine Lady, ein Baby (freiwillig). Geerntete Bohnen werden verdeckte Bohnentaler: niemand sieht sie mehr an. Eine Gartenbohnen-Lady oben zahlt mit den untersten Karten der Ablage. Das Spiel endet, wenn der Stapel zum 1./2./3./4. Mal aufgebraucht ist (3/4/5/6 Spieler): jeder darf 1 passende Handkarte auf jedes Feld legen, dann ernten alle. Die meisten Bohnentaler gewinnen; bei Gleichstand gewinnt, wessen erster Zug später kam.
DIE MUTTERBÖHNCHEN (Sonderbohnen): Klasse M wirkt nur oben auf einem Feld, Klasse T überall im Feld, Klasse R (Flitzer) aufgedeckt. Beim Pflanzen (jeder Weg, nur wenn sie oben landet, nie beim Schlusslegen): Choleriker, Loser, Frauenversteher; beim Ausspielen aus der Hand: Arbeitstier, Kameradenschwein, Junggeselle, Schürzenjäger; dazu Hampelmann, Faulpelz, Warmduscher, Prügelknabe, Messie, Aktivist, Wühler, Kotzbrocken, Saufkumpan, Pistolenheld, Schluckspecht, Chauvischwein, Einsiedler, Kavalier, Macho, Lichtgestalt; der Flitzer darf aufgedeckt von jedem Gegner genommen werden.
REKONSTRUIERT (die Regeln von 2007 und die Kartentexte sind nicht öffentlich; eigene gedruckte Karten lädt die Option cards=meine_karten.toml): das Deck von 2007 und seine Bohnometer, ein Baby mit 2 Rasseln je Sorte, die Texte der 24 Sonderbohnen.
ZU ZWEIT (eigene Regeln): je 8 Bohnentaler; 2 Felder und die eine Karte „3. Bohnenfeld“ (sie beginnt beim zweiten Spieler): wer sie hält, darf in seinem Zug ein 3. Feld beginnen und gibt die Karte dann weiter; erntet man eines von drei Feldern, ist dieses geschlossen. Geerntet wird nur im eigenen Zug. Ein Zug: 1. pflanze oder wirf die Karten ab, die der Gegner in der Auslage ließ, eine Sorte zusammen; 2. pflanze deine vorderste Karte (Pflicht) und die nächste (freiwillig), vorher oder nachher darfst du 1 Handkarte abwerfen; 3. Babys oben greifen den Gegner an (nicht behaltene Taler gehen nach dem letzten Angriff zurück); 4. decke 3 Karten auf (der Gegner darf einen Flitzer nehmen, oder mit seinem Aktivisten eine Sojabohne), die obersten Karten der Ablage mit ihren Sorten kommen dazu; pflanze die Sorten, die du willst, jede ganz oder gar nicht, den Rest lässt du liegen; 5. ziehe 2. Das Spiel endet, wenn der Stapel zum 1. Mal aufgebraucht ist.`,
};

const KALAH_EN = `Kalah (as OpenSpiel's mancala): 6 pits a side, 4 beans a pit. Sowing goes counter-clockwise, into your own store too (never the opponent's). A last bean in your own store moves again. A last bean in an empty pit of your own, with beans opposite, captures both into your store. The game ends when one side is empty; more beans wins.`;

/** The rules in the current language: {text, original} (original: the server's English). */
export function rulesText(game) {
  const id = game.id;
  const server = game.rules || "";
  if (currentLang() === "de") {
    const de = RULES_DE[id];
    if (de) return { text: de, original: id === "kalah" ? KALAH_EN : server };
    return { text: server, original: null };
  }
  if (id === "kalah") return { text: KALAH_EN, original: server };
  return { text: server, original: null };
}
