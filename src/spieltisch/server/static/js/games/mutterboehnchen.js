// Mutterböhnchen (games/mutterboehnchen): fields as open stacks (the top card pays), males, Ladys,
// Babys with rattles and the 24 special beans with name and class; face-down Bohnentaler; the
// hand in order; the turned-up cards and the trading panel (beans.js); the Rasselbande (attacks,
// the defender's harvest first, the talers drawn and the one kept); pulls; the one-shots' choices;
// what was received and must be planted at once; the Flitzer; the end placement.
//
// The 2-player game (duo.py, view.mode "two players") has its own turn: the "3. Bohnenfeld" card
// beside its holder, closed field slots (the 3rd one a field to begin for the holder in his
// turn), the opponent's leftovers with plant/discard per card and variety (phase 1), a discard
// under each hand card (phase 2), the talers set aside during the attacks (phase 3), the offer
// of phase 4 by variety with the discard chain's cards marked, the Aktivist's claim.
//
// Every legal action the board draws a control for is noted while drawing (ui.mbShown): the page
// lists all others as labelled buttons, so a moment the board does not know yet still plays.

import { actionAttrs, canon } from "../actions.js";
import { clear, h } from "../common.js";
import { add, andList, currentLang, t } from "../i18n.js";
import beans, { BEAN_COLORS, beanName, setLegend, tradePanel } from "./beans.js";

add({
  en: {
    "mb.stock": "Stock",
    "mb.runout": "run out {0} of {1} times",
    "mb.discard": "Discard pile",
    "mb.turnedup": "Turned up",
    "mb.hand": "Your hand (front first)",
    "mb.handcount": "{0} in hand",
    "mb.talers": (n) => (n === 1 ? "1 Bohnentaler" : `${n} Bohnentaler`),
    "mb.talers.title": "Bohnentaler lie face down: nobody may look at them",
    "mb.tp": "Still to plant",
    "mb.received": "Received: plant at once",
    "mb.empty": "empty",
    "mb.accepts": "takes {0}",
    "mb.front": "front",
    "mb.baby": "Baby",
    "mb.lady": "Lady",
    "mb.male": "male",
    "mb.babyname": "{0} Baby",
    "mb.rattles": (n) => (n === 1 ? "1 rattle" : `${n} rattles`),
    "mb.class.M": "class M: works while on top of a field",
    "mb.class.T": "class T: works anywhere in a field",
    "mb.class.R": "class R: works while turned up",
    "mb.meter": "beanometer",
    "mb.paysnothing": "pays nothing",
    "mb.gardenlady": "pays with the bottom cards of the discard pile",
    "mb.attackmark": "⚔ attacks ({0})",
    "mb.turn": "turn {0}",
    "mb.lastturn": "last turn",
    "mb.plantfront": "Plant {0} here",
    "mb.under": "slide under",
    "mb.harvest": "Harvest",
    "mb.to": "→ {0}",
    "mb.givefirst": "give first",
    "mb.givenfirst": "goes first",
    "mb.placed": "placed",
    // what is going on
    "mb.phase.plant": "{0} plants from the hand",
    "mb.phase.attack": "the Rasselbande of {0}",
    "mb.phase.defend": "{0} is attacked and may harvest first",
    "mb.phase.keep": "{0} keeps a drawn Bohnentaler",
    "mb.phase.trade": "{0} trades",
    "mb.phase.plant-trades": "everyone plants what is left",
    "mb.phase.place": "the end: {0} puts cards on the fields",
    "mb.phase.over": "the game is over",
    "mb.wait.pull": "{0} decides whether a card moves up",
    "mb.wait.choice": "{0} decides: {1}",
    "mb.wait.foist": "{0} plants what was received",
    "mb.wait.flitzer": "{0} may take the turned-up Flitzer",
    // the prompt
    "mb.p.title": "Now",
    "mb.p.pull": "You planted a card: may a card of {0} move up 2 places?",
    "mb.p.pull.opt": "move {0} (place {1}) up",
    "mb.p.pull.none": "move nothing up",
    "mb.p.loser": "Loser: you must harvest one of your fields now",
    "mb.p.frauenversteher": "Frauenversteher: one of your Ladys moves to the top of her field",
    "mb.p.schuerzenjaeger": "Schürzenjäger: take a Lady from the discard pile to the back of your hand",
    "mb.p.arbeitstier": "Arbeitstier: plant your rearmost hand card ({0}) too",
    "mb.p.kameradenschwein": "Kameradenschwein: draw 1 Bohnentaler blind from an opponent",
    "mb.p.kameradenplant": "Kameradenschwein: you drew {0}; plant it",
    "mb.p.foist": "You received cards: plant each at once on a fitting field",
    "mb.p.flitzer": "The Flitzer was turned up: take him and plant him, or pass",
    "mb.p.flitzer.pass": "pass",
    "mb.p.attack": "Rasselbande: each Baby on top of your fields attacks another opponent",
    "mb.p.attack.one": "the Baby on {0} ({1}) attacks",
    "mb.p.attack.done": "no more attacks",
    "mb.p.defend": "{0} attacks you: {1}. Harvest first if you like, then the attacker draws from your Bohnentaler",
    "mb.p.defend.go": "let the attack go on",
    "mb.p.keep": "You drew {0} from {1}: keep one that fits a field of yours; the rest go back",
    "mb.p.place": "The end: put one fitting hand card on each of your fields, if you like",
    "mb.p.place.done": "done placing",
    "mb.p.plant": "Plant your front card ({0}); then the next one if you like",
    "mb.p.trade": "Trade; plant your turned-up cards any time",
    "mb.p.plant-trades": "Plant what is left",
    "mb.p.hampelmann": "Hampelmann: your 2nd card may be any hand card",
    "mb.p.aktivist": "Aktivist: take a turned-up Soy bean",
    // actions in words
    "mb.a.plantfront": "plant the front card ({0}) on {1}",
    "mb.a.plant": "plant {0} on {1}",
    "mb.a.plantrear": "plant the rearmost card ({0}) on {1}",
    "mb.a.planttaler": "plant the drawn Bohnentaler ({0}) on {1}",
    "mb.a.underlady": "{0}, under the Lady",
    "mb.a.end.planting": "end planting (the Rasselbande, then turn up 2)",
    "mb.a.end.attacks": "make no more attacks",
    "mb.a.end.defending": "let the attack go on",
    "mb.a.end.trading": "end trading (then plant the rest)",
    "mb.a.end.placing": "done placing",
    "mb.a.harvest": "harvest {0}",
    "mb.a.pull": "move {0} up",
    "mb.a.pull.none": "move nothing up",
    "mb.a.attack": "attack {0} with the Baby on {1}",
    "mb.a.keep": "keep {0} on {1}",
    "mb.a.place": "put {0} on {1}",
    "mb.a.flitzer": "take the Flitzer onto {0}",
    "mb.a.flitzer.pass": "leave the Flitzer",
    "mb.a.lady": "move the {0} on {1} to the top",
    "mb.a.take": "take {0}",
    "mb.a.taler_from": "draw a Bohnentaler from {0}",
    "mb.a.aktivist": "Aktivist: take {0} onto {1}",
    "mb.a.givefirst": "give {0} first (of its variety)",
    "mb.a.discard": "discard {0}",
    "mb.a.discard_hand": "discard hand card {0} ({1})",
    "mb.a.close": "close trading",
    // the log
    "mb.ev.turn": "— {0} is on turn —",
    "mb.ev.turn.you": "— your turn —",
    "mb.ev.plant": "{0} plants {1} on {2}",
    "mb.route.received": "received",
    "mb.route.turned_up": "turned up",
    "mb.route.later": "kept for later",
    "mb.route.attack": "from the attack",
    "mb.route.kameradenschwein": "by the Kameradenschwein",
    "mb.route.aktivist": "by the Aktivist",
    "mb.route.flitzer": "as the Flitzer",
    "mb.route.end_placement": "in the end placement",
    "mb.where.bottom": "at the bottom",
    "mb.where.under": "under the Lady",
    "mb.ev.move_up": "{0}: on {1} a card moves up from place {2} to {3}",
    "mb.ev.pull": "{0} moves the card at place {1} of {2} up to place {3}",
    "mb.ev.pull.none": "{0} moves nothing up",
    "mb.ev.special": "{1} of {0} works",
    "mb.ev.discard_top": "{0} loses the top card of {1} ({2})",
    "mb.ev.ladies_to_bottom": "{0}: {1} Lady(s) of {2} go to the bottom",
    "mb.ev.taler_draw": "{0} draws a Bohnentaler from {1}: {2}",
    "mb.ev.give_back": "{0} gives {1} back to {2}",
    "mb.ev.take_lady": "{0} takes {1} from the discard pile",
    "mb.ev.lady_to_top": "{0}: the Lady at place {1} of {2} goes to the top",
    "mb.ev.rasselbande": "the Rasselbande of {0}: {1}",
    "mb.ev.attack": "{0} attacks {1} with the Baby on {2} ({3})",
    "mb.ev.attack_draw": "{0} draws {1} from {2}'s Bohnentaler: {3}",
    "mb.ev.keep": "{0} keeps {1}",
    "mb.ev.turn_up": "{0} turns up {1}",
    "mb.ev.turn_up.none": "{0} turns up nothing: the stock is empty",
    "mb.ev.flitzer_pass": "{0} leaves the Flitzer",
    "mb.ev.flitzer_take": "{0} takes the Flitzer",
    "mb.ev.trading_end": "{0} ends trading",
    "mb.ev.trading_end.time": "trading is closed (time is up)",
    "mb.ev.kept": "the turned-up {0} stay with the active player",
    "mb.ev.draw": "{0} draws {1}",
    "mb.ev.draw_cards": "(you drew {0})",
    "mb.ev.end_placement": "The stock has run out: the end placement, in the order {0}",
    "mb.ev.harvest": "{0} harvests {1} from {2} (top: {3}): {4}",
    "mb.ev.harvest.discard": "paid from the bottom of the discard pile",
    "mb.ev.game_end": "The game is over. Bohnentaler: {0}.",
    "mb.nothing": "nothing",
    "mb.takebtn": "take",
  },
  de: {
    "mb.stock": "Stapel",
    "mb.runout": "{0} von {1} Mal aufgebraucht",
    "mb.discard": "Ablage",
    "mb.turnedup": "Aufgedeckt",
    "mb.hand": "Deine Hand (vorne zuerst)",
    "mb.handcount": "{0} auf der Hand",
    "mb.talers": (n) => `${n} Bohnentaler`,
    "mb.talers.title": "Bohnentaler liegen verdeckt: niemand darf sie ansehen",
    "mb.tp": "Noch zu pflanzen",
    "mb.received": "Bekommen: sofort pflanzen",
    "mb.empty": "leer",
    "mb.accepts": "nimmt {0}",
    "mb.front": "vorne",
    "mb.baby": "Baby",
    "mb.lady": "Lady",
    "mb.male": "Männchen",
    "mb.babyname": "{0}-Baby",
    "mb.rattles": (n) => (n === 1 ? "1 Rassel" : `${n} Rasseln`),
    "mb.class.M": "Klasse M: wirkt, solange sie oben auf einem Feld liegt",
    "mb.class.T": "Klasse T: wirkt überall im Feld",
    "mb.class.R": "Klasse R: wirkt, solange sie aufgedeckt liegt",
    "mb.meter": "Bohnometer",
    "mb.paysnothing": "bringt nichts",
    "mb.gardenlady": "zahlt mit den untersten Karten der Ablage",
    "mb.attackmark": "⚔ greift an ({0})",
    "mb.turn": "Zug {0}",
    "mb.lastturn": "letzter Zug",
    "mb.plantfront": "{0} hier pflanzen",
    "mb.under": "unterschieben",
    "mb.harvest": "Ernten",
    "mb.to": "→ {0}",
    "mb.givefirst": "zuerst geben",
    "mb.givenfirst": "geht zuerst",
    "mb.placed": "belegt",
    "mb.phase.plant": "{0} pflanzt aus der Hand",
    "mb.phase.attack": "die Rasselbande von {0}",
    "mb.phase.defend": "{0} wird angegriffen und darf vorher ernten",
    "mb.phase.keep": "{0} behält einen gezogenen Bohnentaler",
    "mb.phase.trade": "{0} handelt",
    "mb.phase.plant-trades": "alle pflanzen, was übrig ist",
    "mb.phase.place": "das Ende: {0} legt Karten auf die Felder",
    "mb.phase.over": "das Spiel ist vorbei",
    "mb.wait.pull": "{0} entscheidet, ob eine Karte aufrückt",
    "mb.wait.choice": "{0} entscheidet: {1}",
    "mb.wait.foist": "{0} pflanzt, was er bekommen hat",
    "mb.wait.flitzer": "{0} darf den aufgedeckten Flitzer nehmen",
    "mb.p.title": "Jetzt",
    "mb.p.pull": "Du hast gepflanzt: darf eine Karte von {0} 2 Plätze aufrücken?",
    "mb.p.pull.opt": "{0} (Platz {1}) aufrücken",
    "mb.p.pull.none": "nichts aufrücken",
    "mb.p.loser": "Loser: du musst jetzt eines deiner Felder abernten",
    "mb.p.frauenversteher": "Frauenversteher: eine deiner Ladys kommt oben auf ihr Feld",
    "mb.p.schuerzenjaeger": "Schürzenjäger: nimm eine Lady aus der Ablage hinten auf die Hand",
    "mb.p.arbeitstier": "Arbeitstier: pflanze auch deine hinterste Handkarte ({0})",
    "mb.p.kameradenschwein": "Kameradenschwein: ziehe 1 Bohnentaler blind von einem Gegner",
    "mb.p.kameradenplant": "Kameradenschwein: du hast {0} gezogen; pflanze ihn",
    "mb.p.foist": "Du hast Karten bekommen: pflanze jede sofort auf ein passendes Feld",
    "mb.p.flitzer": "Der Flitzer wurde aufgedeckt: nimm und pflanze ihn, oder passe",
    "mb.p.flitzer.pass": "passen",
    "mb.p.attack": "Rasselbande: jedes Baby oben auf deinen Feldern greift einen anderen Gegner an",
    "mb.p.attack.one": "das Baby auf {0} ({1}) greift an",
    "mb.p.attack.done": "keine Angriffe mehr",
    "mb.p.defend": "{0} greift dich an: {1}. Ernte vorher, wenn du willst; dann zieht der Angreifer aus deinen Bohnentalern",
    "mb.p.defend.go": "den Angriff weitergehen lassen",
    "mb.p.keep": "Du hast {0} von {1} gezogen: behalte einen, der auf ein Feld von dir passt; die anderen gehen zurück",
    "mb.p.place": "Das Ende: lege, wenn du willst, je eine passende Handkarte auf jedes deiner Felder",
    "mb.p.place.done": "fertig gelegt",
    "mb.p.plant": "Pflanze deine vorderste Karte ({0}); dann, wenn du willst, die nächste",
    "mb.p.trade": "Handle; deine aufgedeckten Karten pflanzt du, wann du willst",
    "mb.p.plant-trades": "Pflanze, was übrig ist",
    "mb.p.hampelmann": "Hampelmann: deine 2. Karte darf jede Handkarte sein",
    "mb.p.aktivist": "Aktivist: nimm eine aufgedeckte Sojabohne",
    "mb.a.plantfront": "vorderste Karte ({0}) auf {1} pflanzen",
    "mb.a.plant": "{0} auf {1} pflanzen",
    "mb.a.plantrear": "hinterste Karte ({0}) auf {1} pflanzen",
    "mb.a.planttaler": "gezogenen Bohnentaler ({0}) auf {1} pflanzen",
    "mb.a.underlady": "{0}, unter die Lady",
    "mb.a.end.planting": "Pflanzen beenden (Rasselbande, dann 2 aufdecken)",
    "mb.a.end.attacks": "keine Angriffe mehr",
    "mb.a.end.defending": "den Angriff weitergehen lassen",
    "mb.a.end.trading": "Handel beenden (dann den Rest pflanzen)",
    "mb.a.end.placing": "fertig gelegt",
    "mb.a.harvest": "{0} ernten",
    "mb.a.pull": "{0} aufrücken",
    "mb.a.pull.none": "nichts aufrücken",
    "mb.a.attack": "{0} mit dem Baby auf {1} angreifen",
    "mb.a.keep": "{0} auf {1} behalten",
    "mb.a.place": "{0} auf {1} legen",
    "mb.a.flitzer": "den Flitzer auf {0} nehmen",
    "mb.a.flitzer.pass": "den Flitzer liegen lassen",
    "mb.a.lady": "{0} auf {1} nach oben",
    "mb.a.take": "{0} nehmen",
    "mb.a.taler_from": "einen Bohnentaler von {0} ziehen",
    "mb.a.aktivist": "Aktivist: {0} auf {1} nehmen",
    "mb.a.givefirst": "{0} zuerst geben (von seiner Sorte)",
    "mb.a.discard": "{0} abwerfen",
    "mb.a.discard_hand": "Handkarte {0} abwerfen ({1})",
    "mb.a.close": "Handel schließen",
    "mb.ev.turn": "— {0} ist am Zug —",
    "mb.ev.turn.you": "— du bist dran —",
    "mb.ev.plant": "{0} pflanzt {1} auf {2}",
    "mb.route.received": "bekommen",
    "mb.route.turned_up": "aufgedeckt",
    "mb.route.later": "für später behalten",
    "mb.route.attack": "aus dem Angriff",
    "mb.route.kameradenschwein": "durch das Kameradenschwein",
    "mb.route.aktivist": "durch den Aktivisten",
    "mb.route.flitzer": "als Flitzer",
    "mb.route.end_placement": "beim Schlusslegen",
    "mb.where.bottom": "ganz unten",
    "mb.where.under": "unter die Lady",
    "mb.ev.move_up": "{0}: auf {1} rückt eine Karte von Platz {2} auf Platz {3}",
    "mb.ev.pull": "{0} lässt die Karte auf Platz {1} von {2} auf Platz {3} aufrücken",
    "mb.ev.pull.none": "{0} lässt nichts aufrücken",
    "mb.ev.special": "{1} von {0} wirkt",
    "mb.ev.discard_top": "{0} verliert die oberste Karte von {1} ({2})",
    "mb.ev.ladies_to_bottom": "{0}: {1} Lady(s) von {2} gehen nach unten",
    "mb.ev.taler_draw": "{0} zieht einen Bohnentaler von {1}: {2}",
    "mb.ev.give_back": "{0} gibt {1} an {2} zurück",
    "mb.ev.take_lady": "{0} nimmt {1} aus der Ablage",
    "mb.ev.lady_to_top": "{0}: die Lady auf Platz {1} von {2} kommt nach oben",
    "mb.ev.rasselbande": "Rasselbande von {0}: {1}",
    "mb.ev.attack": "{0} greift {1} mit dem Baby auf {2} an ({3})",
    "mb.ev.attack_draw": "{0} zieht {1} aus den Bohnentalern von {2}: {3}",
    "mb.ev.keep": "{0} behält {1}",
    "mb.ev.turn_up": "{0} deckt {1} auf",
    "mb.ev.turn_up.none": "{0} deckt nichts auf: der Stapel ist leer",
    "mb.ev.flitzer_pass": "{0} lässt den Flitzer liegen",
    "mb.ev.flitzer_take": "{0} nimmt den Flitzer",
    "mb.ev.trading_end": "{0} beendet den Handel",
    "mb.ev.trading_end.time": "der Handel ist geschlossen (Zeit abgelaufen)",
    "mb.ev.kept": "die aufgedeckten {0} bleiben beim aktiven Spieler",
    "mb.ev.draw": "{0} zieht {1}",
    "mb.ev.draw_cards": "(du hast {0} gezogen)",
    "mb.ev.end_placement": "Der Stapel ist aufgebraucht: Schlusslegen in der Reihenfolge {0}",
    "mb.ev.harvest": "{0} erntet {1} von {2} (oben: {3}): {4}",
    "mb.ev.harvest.discard": "bezahlt mit den untersten Karten der Ablage",
    "mb.ev.game_end": "Das Spiel ist vorbei. Bohnentaler: {0}.",
    "mb.nothing": "nichts",
    "mb.takebtn": "nehmen",
  },
});

// the 2-player game (games/mutterboehnchen/duo.py): its own 5-phase turn
add({
  en: {
    "mb.duo.card": "3. Bohnenfeld",
    "mb.duo.card.title": "The “3. Bohnenfeld” card: its holder may begin a 3rd field in his own turn, then hands the card to the opponent",
    "mb.duo.holds": "{0} holds the “3. Bohnenfeld” card",
    "mb.closed": "no field",
    "mb.closed.later": "(3rd field in own turn)",
    "mb.p.keep.duo": "You drew {0} from {1}: keep one that fits a field of yours; the rest are set aside until the last attack",
    "mb.closed.title": "this slot is no field of {0} (a 3rd field is begun with the “3. Bohnenfeld” card)",
    "mb.third.open": "3rd field: planting here begins it; the card then goes to {0}",
    "mb.third.here": "3rd field",
    "mb.leftovers": "Left over by {0}",
    "mb.offer4": "The offer (phase 4)",
    "mb.from.discard": "from the discard pile",
    "mb.from.turned": "turned up",
    "mb.started.plant": "begun by planting: the rest is planted too",
    "mb.started.discard": "begun by discarding: the rest is discarded too",
    "mb.allornone": "all or none",
    "mb.aside": "Set aside: back to {0} after the last attack",
    "mb.handdiscard": "discard",
    "mb.handdiscard.title": "phase 2: put this hand card on the discard pile (once a turn)",
    "mb.phase.leftover": "{0} plants or discards the leftovers (phase 1)",
    "mb.phase.duoplant": "{0} plants from the hand (phase 2)",
    "mb.phase.duoattack": "the Rasselbande of {0} (phase 3)",
    "mb.phase.reveal": "{0} turns up 3 cards (phase 4)",
    "mb.phase.take": "{0} takes from the offer (phase 4)",
    "mb.wait.aktivist": "{0} may take a turned-up Soy bean with the Aktivist",
    "mb.p.leftover": "Phase 1: plant or discard each card {0} left in the offer, one variety together: once a variety is begun by planting, its rest is planted; by discarding, discarded",
    "mb.p.duoplant": "Phase 2: plant your front card ({0}) (must), then the next one if you like",
    "mb.p.duoplant.discard": "Once, before or after, you may discard one hand card (the “discard” under it)",
    "mb.p.duoattack": "Phase 3: each Baby on top of your fields attacks {0}",
    "mb.p.take": "Phase 4: take the varieties you want, each all or none (plant them on your fields); the rest stays for {0}",
    "mb.p.take.open": "{0} is begun: plant the rest of it before you end taking",
    "mb.p.aktivist.claim": "Your Aktivist: take a turned-up Soy bean at once (before the discard pile joins the offer), or pass",
    "mb.a.end.taking": "end taking (then draw 2)",
    "mb.a.end.planting.duo": "end planting (the Rasselbande, then turn up 3)",
    "mb.a.aktivist.pass": "leave the turned-up Soy beans",
    "mb.takevariety": "take {0}",
    "mb.takeall": "all → {0}",
    "mb.takeall.title": "take all {0} onto {1}, card by card",
    "mb.route.leftover": "from the leftovers",
    "mb.ev.third_field": "{0} begins a 3rd field on {1}; the “3. Bohnenfeld” card goes to {2}",
    "mb.ev.field_closed": "{0} is closed: two fields are left",
    "mb.ev.set_aside": "{0} sets aside {1} (they go back after the last attack)",
    "mb.ev.from_discard": "from the discard pile into the offer: {0}",
    "mb.ev.discard.hand": "{0} discards {1} from the hand",
    "mb.ev.discard.offer": "{0} discards the leftover {1}",
    "mb.ev.aktivist_pass": "{0} leaves the turned-up Soy beans",
    "mb.ev.draw5": "Phase 5: {0} draws {1}",
    "mb.ev.draw5.none": "Phase 5: {0} draws no card",
    "mb.ev.drawwarm": "{0} draws {1} (Warmduscher)",
    "mb.ev.turn_up4": "Phase 4: {0} turns up {1}",
  },
  de: {
    "mb.duo.card": "3. Bohnenfeld",
    "mb.duo.card.title": "Die Karte „3. Bohnenfeld“: wer sie hält, darf in seinem Zug ein 3. Feld beginnen und gibt sie dann dem Gegner",
    "mb.duo.holds": "{0} hält die Karte „3. Bohnenfeld“",
    "mb.closed": "kein Feld",
    "mb.closed.later": "(3. Feld im eigenen Zug)",
    "mb.p.keep.duo": "Du hast {0} von {1} gezogen: behalte einen, der auf ein Feld von dir passt; die anderen liegen bis nach dem letzten Angriff beiseite",
    "mb.closed.title": "dieser Platz ist kein Feld von {0} (ein 3. Feld beginnt man mit der Karte „3. Bohnenfeld“)",
    "mb.third.open": "3. Feld: wer hier pflanzt, beginnt es; die Karte geht dann an {0}",
    "mb.third.here": "3. Feld",
    "mb.leftovers": "Übrig von {0}",
    "mb.offer4": "Die Auslage (Phase 4)",
    "mb.from.discard": "von der Ablage",
    "mb.from.turned": "aufgedeckt",
    "mb.started.plant": "mit Pflanzen begonnen: der Rest wird auch gepflanzt",
    "mb.started.discard": "mit Abwerfen begonnen: der Rest wird auch abgeworfen",
    "mb.allornone": "alle oder keine",
    "mb.aside": "Beiseitegelegt: gehen nach dem letzten Angriff an {0} zurück",
    "mb.handdiscard": "abwerfen",
    "mb.handdiscard.title": "Phase 2: diese Handkarte auf die Ablage legen (einmal je Zug)",
    "mb.phase.leftover": "{0} pflanzt oder wirft die Reste ab (Phase 1)",
    "mb.phase.duoplant": "{0} pflanzt aus der Hand (Phase 2)",
    "mb.phase.duoattack": "die Rasselbande von {0} (Phase 3)",
    "mb.phase.reveal": "{0} deckt 3 Karten auf (Phase 4)",
    "mb.phase.take": "{0} nimmt aus der Auslage (Phase 4)",
    "mb.wait.aktivist": "{0} darf mit dem Aktivisten eine aufgedeckte Sojabohne nehmen",
    "mb.p.leftover": "Phase 1: pflanze oder wirf jede Karte ab, die {0} in der Auslage gelassen hat, eine Sorte zusammen: ist eine Sorte mit Pflanzen begonnen, wird ihr Rest gepflanzt, mit Abwerfen, abgeworfen",
    "mb.p.duoplant": "Phase 2: pflanze deine vorderste Karte ({0}) (Pflicht), dann, wenn du willst, die nächste",
    "mb.p.duoplant.discard": "Einmal, vorher oder nachher, darfst du eine Handkarte abwerfen („abwerfen“ darunter)",
    "mb.p.duoattack": "Phase 3: jedes Baby oben auf deinen Feldern greift {0} an",
    "mb.p.take": "Phase 4: nimm die Sorten, die du willst, jede ganz oder gar nicht (pflanze sie auf deine Felder); der Rest bleibt für {0}",
    "mb.p.take.open": "{0} ist begonnen: pflanze ihren Rest, bevor du das Nehmen beendest",
    "mb.p.aktivist.claim": "Dein Aktivist: nimm sofort eine aufgedeckte Sojabohne (bevor die Ablage zur Auslage kommt), oder passe",
    "mb.a.end.taking": "Nehmen beenden (dann 2 ziehen)",
    "mb.a.end.planting.duo": "Pflanzen beenden (Rasselbande, dann 3 aufdecken)",
    "mb.a.aktivist.pass": "die aufgedeckten Sojabohnen liegen lassen",
    "mb.takevariety": "{0} nehmen",
    "mb.takeall": "alle → {0}",
    "mb.takeall.title": "alle {0} auf {1} nehmen, Karte für Karte",
    "mb.route.leftover": "aus den Resten",
    "mb.ev.third_field": "{0} beginnt ein 3. Feld auf {1}; die Karte „3. Bohnenfeld“ geht an {2}",
    "mb.ev.field_closed": "{0} ist geschlossen: zwei Felder bleiben",
    "mb.ev.set_aside": "{0} legt {1} beiseite (sie gehen nach dem letzten Angriff zurück)",
    "mb.ev.from_discard": "von der Ablage in die Auslage: {0}",
    "mb.ev.discard.hand": "{0} wirft {1} aus der Hand ab",
    "mb.ev.discard.offer": "{0} wirft den Rest {1} ab",
    "mb.ev.aktivist_pass": "{0} lässt die aufgedeckten Sojabohnen liegen",
    "mb.ev.draw5": "Phase 5: {0} zieht {1}",
    "mb.ev.draw5.none": "Phase 5: {0} zieht keine Karte",
    "mb.ev.drawwarm": "{0} zieht {1} (Warmduscher)",
    "mb.ev.turn_up4": "Phase 4: {0} deckt {1} auf",
  },
});

// the 24 Mutterböhnchen: what each does, in short, in both languages (the name comes from the
// table's card file through the view's legend; these names only where it gives none)
const SPECIALS = {
  arbeitstier: ["Arbeitstier", "When played: plant your rearmost hand card too.", "Ausgespielt: pflanze auch deine hinterste Handkarte."],
  faulpelz: ["Faulpelz", "You draw 1 card fewer in the draw phase.", "Du ziehst in der Ziehphase 1 Karte weniger."],
  wuehler: ["Wühler", "Your attacks draw 1 more Bohnentaler each.", "Deine Angriffe ziehen je 1 Bohnentaler mehr."],
  choleriker: ["Choleriker", "When planted: the top card of each of your other fields is discarded.", "Gepflanzt: die oberste Karte jedes anderen eigenen Felds kommt auf die Ablage."],
  flitzer: ["Flitzer", "When turned up: any opponent may take and plant him, from the active player's left.", "Aufgedeckt: jeder Gegner darf ihn nehmen und pflanzen, links vom aktiven Spieler beginnend."],
  warmduscher: ["Warmduscher", "You draw no cards in your own draw phase, 1 after every active player's.", "Du ziehst nicht in deiner Ziehphase, dafür 1 Karte nach der jedes aktiven Spielers."],
  pruegelknabe: ["Prügelknabe", "You may refuse no gift.", "Du darfst kein Geschenk ablehnen."],
  loser: ["Loser", "When planted: you must harvest one of your fields at once.", "Gepflanzt: du musst sofort eines deiner Felder abernten."],
  hampelmann: ["Hampelmann", "Your optional 2nd card may be any hand card.", "Deine freiwillige 2. Karte darf jede Handkarte sein."],
  aktivist: ["Aktivist", "Take a turned-up Soy bean at once.", "Nimm eine aufgedeckte Sojabohne sofort."],
  einsiedler: ["Einsiedler", "Nothing may be planted on him or move above him.", "Auf ihn darf nichts gepflanzt werden oder aufrücken."],
  frauenversteher: ["Frauenversteher", "When planted: one of your Ladys moves to the top of her field.", "Gepflanzt: eine deiner Ladys kommt oben auf ihr Feld."],
  kotzbrocken: ["Kotzbrocken", "Fits any existing field; the receiver picks it. While on top the field pays nothing.", "Passt auf jedes bestehende Feld; der Empfänger wählt. Oben liegend bringt das Feld nichts."],
  saufkumpan: ["Saufkumpan", "His field takes Green and Blue.", "Sein Feld nimmt Brech- und Blaue Bohnen."],
  schluckspecht: ["Schluckspecht", "While on top, beans planted on his field go to its bottom.", "Oben liegend kommen neue Bohnen seines Felds nach unten."],
  chauvischwein: ["Chauvischwein", "Ladys planted on his field go to its bottom.", "Ladys auf seinem Feld kommen nach unten."],
  kameradenschwein: ["Kameradenschwein", "When played: draw 1 Bohnentaler blind from an opponent; plant it if it fits.", "Ausgespielt: ziehe 1 Bohnentaler blind von einem Gegner; pflanze ihn, wenn er passt."],
  messie: ["Messie", "You may give no gifts.", "Du darfst nichts verschenken."],
  junggeselle: ["Junggeselle", "When played: every Lady of his field goes to its bottom.", "Ausgespielt: jede Lady seines Felds kommt nach unten."],
  lichtgestalt: ["Lichtgestalt", "Moves up 1 whenever you plant a male bean.", "Rückt 1 auf, wenn du ein Männchen pflanzt."],
  schuerzenjaeger: ["Schürzenjäger", "When played: take a Lady from the discard pile.", "Ausgespielt: nimm eine Lady aus der Ablage."],
  kavalier: ["Kavalier", "May be slid under a Lady on top of any of your fields.", "Darf unter eine oben liegende Lady jedes deiner Felder geschoben werden."],
  macho: ["Macho", "Moves up 1 whenever you plant a Lady.", "Rückt 1 auf, wenn du eine Lady pflanzt."],
  pistolenheld: ["Pistolenheld", "His field takes Chili and Blue.", "Sein Feld nimmt Feuer- und Blaue Bohnen."],
};

// what a field-widening special lets its field take besides its variety
const WIDENS = { field_accepts_green_and_blue: ["green", "blue"], field_accepts_chili_and_blue: ["chili", "blue"] };


// -- cards ----------------------------------------------------------------------------------------

function kind(v, name) {
  const k = v && v.cards ? v.cards[name] : null;
  if (k) return k;
  const [vid, sex] = String(name).split("-");
  return { variety: vid, sex: sex === "lady" ? "lady" : sex && sex.startsWith("baby") ? "baby" : "male", beanometer: [], rattles: sex === "baby2" ? 2 : sex === "baby" ? 1 : 0 };
}

/** A card's name in words: "Blaue Bohne", "Blaue Bohne (Lady)", "Blaue Bohne Baby ●●", "Kotzbrocken". */
export function cardLabel(v, name) {
  if (!name) return "?";
  const k = kind(v, name);
  if (k.special) return k.name || (SPECIALS[k.special] ? SPECIALS[k.special][0] : k.special);
  const vn = beanName(v, k.variety);
  if (k.sex === "lady") return `${vn} (${t("mb.lady")})`;
  if (k.sex === "baby") return `${t("mb.babyname", vn)}${k.rattles === 2 ? " ●●" : ""}`;
  return vn;
}

function meterText(k) {
  const m = k.beanometer || [];
  return m.map((x, i) => (x ? `${x}→${i + 1}` : "")).filter(Boolean).join(" ");
}

function cardTitle(v, name) {
  const k = kind(v, name);
  const lines = [cardLabel(v, name)];
  if (k.special) {
    lines[0] += ` · ${beanName(v, k.variety)}`;
    const s = SPECIALS[k.special];
    if (s) lines.push(currentLang() === "de" ? s[2] : s[1]);
    if (k.klass) lines.push(t(`mb.class.${k.klass}`));
  }
  if (k.sex === "baby") lines.push(`${t("mb.rattles", k.rattles || 1)} · ${t("mb.paysnothing")}`);
  else if (meterText(k)) lines.push(`${t("mb.meter")}: ${meterText(k)}`);
  if (k.pays === "discard_bottom") lines.push(t("mb.gardenlady"));
  return lines.join("\n");
}

// where the long names of the special beans may break on a small card
const BREAKS = ["Arbeits|tier", "Chole|riker", "Warm|duscher", "Prügel|knabe", "Hampel|mann", "Akti|vist", "Einsied|ler", "Frauen|versteher", "Kotz|brocken", "Sauf|kumpan", "Schluck|specht", "Chauvi|schwein", "Kameraden|schwein", "Jung|geselle", "Licht|gestalt", "Schürzen|jäger", "Kava|lier", "Pistolen|held", "Faul|pelz"];

function hyphenate(name) {
  const hit = BREAKS.find((b) => b.replace("|", "") === name);
  return hit ? hit.replace("|", "\u00ad") : name;
}

/** A card drawn: colour of its variety, ♀ for a Lady, a Baby's rattles, a special's name and class. */
function card(v, name, cls = "", attrs = {}) {
  const k = kind(v, name);
  const [bg, ink] = BEAN_COLORS[k.variety] || ["#ccc", "#111"];
  const vn = beanName(v, k.variety).replace(/(.)bohne$/, "$1\u00adbohne");
  let mark = null;
  if (k.sex === "lady") mark = h("span", { class: "mb-sex" }, "♀");
  else if (k.sex === "baby") mark = h("span", { class: "mb-sex baby" }, "●".repeat(k.rattles || 1));
  const special = k.special ? hyphenate((SPECIALS[k.special] || [k.special])[0]) : null;
  return h(
    "span",
    {
      class: `bean mb-card ${k.sex || "male"}${k.special ? " special" : ""} ${cls}`,
      style: { "--bean-bg": bg, "--bean-ink": ink },
      title: cardTitle(v, name),
      "data-card": name,
      ...attrs,
    },
    k.klass ? h("span", { class: "mb-class" }, k.klass) : null,
    mark,
    special ? h("span", { class: "mb-special" }, special) : null,
    h("span", { class: "bname" }, vn),
    k.sex === "baby" ? h("span", { class: "mb-role" }, t("mb.baby")) : k.sex === "lady" ? h("span", { class: "mb-role" }, t("mb.lady")) : h("span", { class: "bn" }),
    h("span", { class: "meter" }, k.sex === "baby" ? t("mb.rattles", k.rattles || 1) : meterText(k)),
  );
}

/** A card in few words beside cards of ``variety``: its variety said only where it differs. */
function shortLabel(v, name, variety) {
  const k = kind(v, name);
  if (k.special || k.variety !== variety) return cardLabel(v, name);
  if (k.sex === "baby") return `${t("mb.baby")}${k.rattles === 2 ? " ●●" : ""}`;
  if (k.sex === "lady") return t("mb.lady");
  return cardLabel(v, name);
}

/** A lower card of a stack: one line. */
function slice(v, name, i, variety, attrs = {}) {
  const k = kind(v, name);
  const [bg, ink] = BEAN_COLORS[k.variety] || ["#ccc", "#111"];
  return h(
    "div",
    { class: `mb-slice ${k.sex || "male"}${k.special ? " special" : ""}`, style: { "--bean-bg": bg, "--bean-ink": ink }, title: cardTitle(v, name), "data-pos": i, ...attrs },
    h("span", { class: "pos" }, String(i + 1)),
    h("span", { class: "lbl" }, shortLabel(v, name, variety)),
    k.klass ? h("span", { class: "mb-class" }, k.klass) : null,
  );
}

// -- card ids in actions ----------------------------------------------------------------------------

/** The name of card ``id`` (actions name cards by id; most of the view by name). */
export function nameOf(v, id) {
  if (typeof id !== "number") return null;
  if (Array.isArray(v.deck) && v.deck[id]) return v.deck[id]; // the table's own card file
  const seen = (row) => (row || []).find((c) => c && c.id === id);
  const found = seen(v.offer_area) || seen(v.flitzer && v.flitzer.cards) || (v.to_plant || []).map(seen).find(Boolean);
  return found ? found.card : null;
}

function idLabel(v, id) {
  const n = nameOf(v, id);
  return n ? cardLabel(v, n) : `#${id}`;
}

// -- the table ----------------------------------------------------------------------------------

function fieldName(f) {
  return t("field", f + 1);
}

function accepted(v, p, f) {
  const base = v.field_varieties && v.field_varieties[p] ? v.field_varieties[p][f] : null;
  const out = base ? [base] : [];
  for (const c of v.fields[p][f]) {
    const k = kind(v, c);
    for (const w of WIDENS[k.effect] || []) if (!out.includes(w)) out.push(w);
  }
  return out;
}

function button(ctx, a, label, cls = "small") {
  ctx.ui.mbShown.add(canon(a));
  return h("button", { type: "button", class: cls, ...actionAttrs(a), title: canon(a), onclick: () => ctx.send(a) }, label);
}

// -- the 2-player game ---------------------------------------------------------------------------

function isDuo(v) {
  return !!v && v.mode === "two players";
}

/** Whether slot ``f`` is a field of ``p`` (2 players: a closed slot is none). */
function isOpen(v, p, f) {
  return !isDuo(v) || !v.fields_open || v.fields_open[p].includes(f);
}

function other(v, p) {
  return (v.players || 2) === 2 ? 1 - p : p;
}

/** The "3. Bohnenfeld" card, beside the name of its holder. */
function thirdCard(v, p) {
  return h("span", { class: "mb-thirdcard", title: t("mb.duo.card.title"), "data-k": `thirdcard${p}`, "data-v": v.third_field_card, "data-third-card": p }, t("mb.duo.card"));
}

/** A slot that is no field of ``p``: closed, or (its holder, in his turn) a 3rd field to begin. */
function closedBox(ctx, p, f) {
  const v = ctx.view;
  const me = p === ctx.seat;
  const plants = me ? ctx.legal.list.filter((a) => "plant" in a && a.field === f) : [];
  if (plants.length) {
    const box = h("div", { class: "b-field mb-field mb-third target", "data-field": `${p}-${f}`, "data-k": `field${p}-${f}`, "data-v": "third", title: t("mb.third.open", ctx.name(other(v, p))) });
    box.appendChild(h("span", { class: "fname" }, `${fieldName(f)} · ${t("mb.third.here")}`));
    box.appendChild(thirdCard(v, p));
    box.appendChild(h("small", { class: "mb-third-note" }, t("mb.third.open", ctx.name(other(v, p)))));
    const hand = v.hand || [];
    for (const a of ctx.legal.with("plant", { plant: "front", field: f })) box.appendChild(button(ctx, a, t("mb.plantfront", cardLabel(v, hand[0])), "primary small"));
    return box;
  }
  const holder = v.third_field_card === p;
  return h(
    "div",
    { class: "b-field mb-field mb-closed", "data-field": `${p}-${f}`, "data-k": `field${p}-${f}`, "data-v": "closed", title: t("mb.closed.title", ctx.name(p)) },
    h("span", { class: "fname" }, fieldName(f)),
    h("span", { class: "mb-closed-mark" }, t("mb.closed")),
    holder ? h("small", { class: "mb-closed-mark" }, t("mb.closed.later")) : null,
  );
}

/** The cards in the offer, grouped by variety (2 players: leftovers in phase 1, the offer in
 *  phase 4 with the discard chain's cards marked). */
function duoOfferZone(ctx) {
  const v = ctx.view;
  const area = v.offer_area || [];
  const leftover = v.phase === "leftover";
  const title = leftover ? t("mb.leftovers", ctx.name(other(v, v.active))) : t(area.length || v.phase === "take" || v.phase === "reveal" ? "mb.offer4" : "mb.turnedup");
  const zone = h("div", { class: "b-zone mb-offer2", id: "offer-area", "data-phase": v.phase }, h("h4", {}, title));
  const chain = chainIds(ctx);
  const groups = new Map();
  for (const c of area) {
    const vid = kind(v, c.card).variety;
    if (!groups.has(vid)) groups.set(vid, []);
    groups.get(vid).push(c);
  }
  const row = h("div", { class: "mb-groups" });
  for (const [vid, cards] of groups) {
    const how = (v.started || {})[vid];
    const takes = v.phase === "take" && cards.some((c) => ctx.legal.with("plant", { plant: c.id }).length);
    const head = h("div", { class: "mb-group-head" }, h("strong", {}, takes ? t("mb.takevariety", beanName(v, vid)) : beanName(v, vid)));
    if (how) head.appendChild(h("small", { class: `mb-started ${how}` }, t(`mb.started.${how}`)));
    else if (v.phase === "take" || leftover) head.appendChild(h("small", { class: "muted" }, t("mb.allornone")));
    if (takes && cards.length > 1) {
      // the whole variety onto one field: its cards planted one by one (takeNext)
      const ids = new Set(cards.map((c) => c.id));
      const fields = [...new Set(ctx.legal.list.filter((a) => ids.has(a.plant) && !a.under).map((a) => a.field))];
      for (const f of fields) {
        const go = () => {
          ctx.ui.mbTake = { variety: vid, field: f, seq: null };
          takeNext(ctx);
        };
        head.appendChild(h("button", { type: "button", class: "small primary", "data-take": `${vid}|${f}`, title: t("mb.takeall.title", beanName(v, vid), fieldName(f)), onclick: go }, t("mb.takeall", fieldName(f))));
      }
    }
    const list = h("div", { class: "b-cards" });
    for (const c of cards) {
      const acts = [...ctx.legal.with("plant", { plant: c.id }), ...ctx.legal.with("discard", { discard: c.id })];
      const from = chain.has(c.id) ? "discard" : "turned";
      const el = withButtons(ctx, card(v, c.card, "", { "data-offer-card": c.id, "data-k": `oa${c.id}`, "data-v": c.card, "data-from": leftover ? "leftover" : from }), acts, (a) => ("discard" in a ? t("b.discardbtn") : fieldTo(a)));
      if (!leftover && from === "discard") el.insertBefore(h("small", { class: "mb-from discard" }, t("mb.from.discard")), el.children[1] || null);
      list.appendChild(el);
    }
    row.appendChild(h("div", { class: `mb-group${how ? ` ${how}` : ""}`, "data-variety": vid }, head, list));
  }
  if (!area.length) row.appendChild(h("span", { class: "muted" }, "—"));
  zone.appendChild(row);
  return zone;
}

/** "Take this variety": the next of its cards planted on the chosen field, once per update,
 *  until none is left there (a pull or a one-shot's choice is answered first). */
function takeNext(ctx) {
  const tk = ctx.ui.mbTake;
  const v = ctx.view;
  if (!tk) return;
  if (!isDuo(v) || v.phase !== "take" || v.active !== ctx.seat) {
    ctx.ui.mbTake = null;
    return;
  }
  if (v.pull || v.choice) return;
  const seq = ctx.update ? ctx.update.seq : null;
  if (tk.seq !== null && tk.seq === seq) return; // sent for this update already
  const ids = new Set((v.offer_area || []).filter((c) => kind(v, c.card).variety === tk.variety).map((c) => c.id));
  const next = ctx.legal.list.find((a) => ids.has(a.plant) && a.field === tk.field && !a.under);
  if (!next) {
    ctx.ui.mbTake = null;
    return;
  }
  tk.seq = seq;
  ctx.send(next);
}

/** The ids of the offer's cards that came from the discard pile (the log's last discard chain:
 *  the event names kinds, the offer lists them last). */
function chainIds(ctx) {
  const v = ctx.view;
  const names = [...(ctx.ui.mbChain || [])];
  const out = new Set();
  const area = v.offer_area || [];
  for (let i = area.length - 1; i >= 0 && names.length; i--) {
    const k = names.lastIndexOf(area[i].card);
    if (k < 0) continue;
    names.splice(k, 1);
    out.add(area[i].id);
  }
  return out;
}

function asideZone(ctx) {
  const v = ctx.view;
  const zone = h("div", { class: "b-zone mb-aside", id: "aside" }, h("h4", {}, t("mb.aside", ctx.name(other(v, v.active)))));
  const row = h("div", { class: "b-cards", "data-k": "aside", "data-v": v.aside.join(",") });
  for (const c of v.aside) row.appendChild(card(v, c, "small"));
  zone.appendChild(row);
  return zone;
}

function fieldBox(ctx, p, f) {
  const v = ctx.view;
  if (!isOpen(v, p, f)) return closedBox(ctx, p, f);
  const cards = v.fields[p][f];
  const me = p === ctx.seat;
  const box = h("div", { class: "b-field mb-field", "data-field": `${p}-${f}`, "data-k": `field${p}-${f}`, "data-v": cards.join(",") });
  const acc = accepted(v, p, f);
  box.appendChild(h("span", { class: "fname" }, fieldName(f), acc.length ? ` · ${t("mb.accepts", acc.map((x) => beanName(v, x)).join(" + "))}` : ""));
  const pull = v.pull && v.pull.player === p && v.pull.field === f ? v.pull : null;
  const planned = p === v.active ? (v.attacks || []).find((a) => a.field === f) : null;
  if (planned) box.appendChild(h("span", { class: "mb-attack" }, t("mb.attackmark", t("mb.rattles", planned.rattles))));
  if (cards.length) {
    box.appendChild(card(v, cards[cards.length - 1], "small top", { "data-pos": cards.length - 1 }));
    box.appendChild(h("span", { class: "count" }, `×${cards.length}`));
    const lower = h("div", { class: "mb-stack" });
    for (let i = cards.length - 2; i >= 0; i--) {
      const s = slice(v, cards[i], i, acc[0]);
      if (pull && pull.options.includes(i)) s.classList.add("pullable");
      lower.appendChild(s);
    }
    if (cards.length > 1) box.appendChild(lower);
  } else {
    box.appendChild(h("span", { class: "muted" }, t("mb.empty")));
  }
  if (me) {
    const hand = v.hand || [];
    for (const a of ctx.legal.with("plant", { plant: "front", field: f })) {
      box.classList.add("target");
      const label = a.under ? `${t("mb.plantfront", cardLabel(v, hand[0]))} (${t("mb.under")})` : t("mb.plantfront", cardLabel(v, hand[0]));
      box.appendChild(button(ctx, a, label, "primary small"));
    }
    if (!v.choice) {
      for (const a of ctx.legal.with("harvest", { harvest: f })) box.appendChild(button(ctx, a, t("mb.harvest"), "harvest small"));
    }
  }
  return box;
}

function taler(v, p) {
  const n = v.coins[p];
  const pile = h("span", { class: "mb-talers", title: t("mb.talers.title"), "data-k": `coins${p}`, "data-v": n });
  for (let i = 0; i < Math.min(n, 6); i++) pile.appendChild(h("span", { class: "back" }));
  pile.appendChild(h("span", { class: "n" }, t("mb.talers", n)));
  return pile;
}

function playerBox(ctx, p) {
  const v = ctx.view;
  const box = h(
    "div",
    { class: `b-player${p === v.active ? " active" : ""}${p === ctx.seat ? " me" : ""}`, "data-player": p },
    h("div", { class: "head" }, h("span", {}, ctx.name(p), isDuo(v) && v.third_field_card === p ? [" ", thirdCard(v, p)] : null), h("span", {}, h("span", { class: "tag", "data-k": `hand${p}`, "data-v": v.hands[p] }, t("mb.handcount", t("cards.n", v.hands[p]))), " ", taler(v, p))),
  );
  const fields = h("div", { class: "b-fields" });
  for (let f = 0; f < v.fields[p].length; f++) fields.appendChild(fieldBox(ctx, p, f));
  box.appendChild(fields);
  const row = (v.to_plant || [])[p] || [];
  if (row.length) {
    const tp = h("div", { class: "b-zone" }, h("h4", {}, t("mb.tp")));
    const cards = h("div", { class: "b-cards" });
    for (const c of row) cards.appendChild(withButtons(ctx, card(v, c.card, "small", { "data-tp": c.id }), p === ctx.seat ? ctx.legal.with("plant", { plant: c.id }) : [], (a) => fieldTo(a)));
    tp.appendChild(cards);
    box.appendChild(tp);
  }
  return box;
}

function fieldTo(a) {
  const to = t("mb.to", fieldName(a.field));
  return a.under ? `${to} (${t("mb.under")})` : to;
}

function withButtons(ctx, el, actions, label) {
  const wrap = h("div", { class: "mb-pick" }, el);
  for (const a of actions) wrap.appendChild(button(ctx, a, label(a)));
  return wrap;
}

/** The cards named by id in ``actions`` (key ``key``), one box each with its buttons. */
function pickCards(ctx, actions, key, label, names = null) {
  const v = ctx.view;
  const ids = [];
  for (const a of actions) if (!ids.includes(a[key])) ids.push(a[key]);
  const row = h("div", { class: "b-cards" });
  ids.forEach((id, i) => {
    const name = nameOf(v, id) || (names && names[i]) || null;
    const el = name ? card(v, name, "small") : h("span", { class: "bean small" }, `#${id}`);
    row.appendChild(withButtons(ctx, el, actions.filter((a) => a[key] === id), label));
  });
  return row;
}

/** What the seat is asked now, with the controls for it. */
function prompt(ctx) {
  const v = ctx.view;
  const me = ctx.seat;
  if (me === null || v.phase === "over") return null;
  const L = ctx.legal;
  const box = h("div", { class: "mb-prompt", id: "mb-prompt" });
  const say = (text) => box.appendChild(h("p", { class: "ask" }, text));
  const row = () => box.appendChild(h("div", { class: "partner" }));
  const hand = v.hand || [];
  if (v.pull && v.pull.player === me) {
    const cards = v.fields[me][v.pull.field];
    say(t("mb.p.pull", fieldName(v.pull.field)));
    const r = row();
    for (const a of L.with("pull")) {
      r.appendChild(button(ctx, a, a.pull === "none" ? t("mb.p.pull.none") : t("mb.p.pull.opt", cardLabel(v, cards[a.pull]), a.pull + 1), a.pull === "none" ? "small" : "primary small"));
    }
  } else if (v.choice && v.choice.player === me) {
    const c = v.choice;
    const r = () => row();
    switch (c.effect) {
      case "forced_harvest": {
        say(t("mb.p.loser"));
        const x = r();
        for (const a of L.with("harvest")) x.appendChild(button(ctx, a, t("mb.a.harvest", fieldName(a.harvest)), "primary small"));
        break;
      }
      case "lady_to_top": {
        say(t("mb.p.frauenversteher"));
        const x = r();
        for (const a of L.with("lady")) x.appendChild(button(ctx, a, t("mb.a.lady", cardLabel(v, v.fields[me][a.field][a.lady]), fieldName(a.field)), "primary small"));
        break;
      }
      case "lady_from_discard": {
        say(t("mb.p.schuerzenjaeger"));
        box.appendChild(pickCards(ctx, L.with("take"), "take", () => t("mb.takebtn")));
        break;
      }
      case "play_rearmost_too": {
        say(t("mb.p.arbeitstier", cardLabel(v, hand[hand.length - 1])));
        const x = r();
        for (const a of L.with("plant", { plant: "rear" })) x.appendChild(button(ctx, a, fieldTo(a), "primary small"));
        break;
      }
      case "draw_opponent_taler": {
        say(t("mb.p.kameradenschwein"));
        const x = r();
        for (const a of L.with("taler_from")) x.appendChild(button(ctx, a, `${ctx.name(a.taler_from)} (${t("mb.talers", v.coins[a.taler_from])})`, "primary small"));
        break;
      }
      case "plant_drawn_taler": {
        const name = nameOf(v, c.card);
        say(t("mb.p.kameradenplant", name ? cardLabel(v, name) : "?"));
        if (name) box.appendChild(h("div", { class: "b-cards" }, card(v, name, "small")));
        const x = r();
        for (const a of L.with("plant", { plant: "taler" })) x.appendChild(button(ctx, a, fieldTo(a), "primary small"));
        break;
      }
      default:
        say(c.effect);
    }
  } else if ((v.foist || []).length && v.foist[0].player === me) {
    say(t("mb.p.foist"));
    const names = [...new Set(v.foist[0].cards)];
    box.appendChild(pickCards(ctx, L.list.filter((a) => "plant" in a && typeof a.plant === "number"), "plant", fieldTo, names));
  } else if (v.flitzer && v.flitzer.order[0] === me) {
    say(t("mb.p.flitzer"));
    const f = v.flitzer.cards[0];
    box.appendChild(h("div", { class: "b-cards" }, withButtons(ctx, card(v, f.card, "small"), L.with("flitzer").filter((a) => a.flitzer !== "pass"), fieldTo)));
    const x = row();
    for (const a of L.with("flitzer", { flitzer: "pass" })) x.appendChild(button(ctx, a, t("mb.p.flitzer.pass")));
  } else if (v.phase === "attack" && v.active === me) {
    say(isDuo(v) ? t("mb.p.duoattack", ctx.name(other(v, me))) : t("mb.p.attack"));
    for (const plan of v.attacks || []) {
      const x = row();
      x.appendChild(h("span", {}, `${t("mb.p.attack.one", fieldName(plan.field), t("mb.rattles", plan.rattles))}: `));
      for (const a of L.with("attack", { field: plan.field })) x.appendChild(button(ctx, a, ctx.name(a.attack), "primary small"));
    }
    const x = row();
    for (const a of L.with("end", { end: "attacks" })) x.appendChild(button(ctx, a, t("mb.p.attack.done")));
  } else if (v.phase === "defend" && v.attack && v.attack.target === me) {
    say(t("mb.p.defend", ctx.name(v.active), t("mb.rattles", v.attack.rattles)));
    const x = row();
    for (const a of L.with("end", { end: "defending" })) x.appendChild(button(ctx, a, t("mb.p.defend.go"), "primary small"));
  } else if (v.phase === "keep" && v.active === me && v.attack) {
    say(t(isDuo(v) ? "mb.p.keep.duo" : "mb.p.keep", andList(v.attack.drawn.map((c) => cardLabel(v, c))), ctx.name(v.attack.target)));
    const names = [...new Set(v.attack.drawn)];
    box.appendChild(pickCards(ctx, L.with("keep"), "keep", fieldTo, names));
  } else if (v.phase === "place" && v.placing && v.placing[0] === me) {
    say(t("mb.p.place"));
    const names = [...new Set(hand)];
    box.appendChild(pickCards(ctx, L.with("place"), "place", fieldTo, names));
    const x = row();
    for (const a of L.with("end", { end: "placing" })) x.appendChild(button(ctx, a, t("mb.p.place.done"), "primary small"));
  } else if (isDuo(v) && v.phase === "leftover" && v.active === me) {
    say(t("mb.p.leftover", ctx.name(other(v, me))));
  } else if (isDuo(v) && v.phase === "plant" && v.active === me) {
    say(t("mb.p.duoplant", hand.length ? cardLabel(v, hand[0]) : "—"));
    if (L.with("discard_hand").length) say(t("mb.p.duoplant.discard"));
    const any = L.list.filter((a) => a.from === "hand");
    if (any.length) {
      say(t("mb.p.hampelmann"));
      box.appendChild(pickCards(ctx, any, "plant", fieldTo, [...new Set(hand)]));
    }
    const x = row();
    for (const a of L.with("end", { end: "planting" })) x.appendChild(button(ctx, a, t("mb.a.end.planting.duo")));
  } else if (isDuo(v) && v.phase === "reveal" && v.aktivist_claim && other(v, v.active) === me) {
    say(t("mb.p.aktivist.claim"));
    box.appendChild(pickCards(ctx, L.list.filter((a) => "aktivist" in a && a.aktivist !== "pass"), "aktivist", fieldTo));
    const x = row();
    for (const a of L.with("aktivist", { aktivist: "pass" })) x.appendChild(button(ctx, a, t("mb.a.aktivist.pass")));
  } else if (isDuo(v) && v.phase === "take" && v.active === me) {
    say(t("mb.p.take", ctx.name(other(v, me))));
    const open = Object.entries(v.started || {}).filter(([vid, how]) => how === "plant" && (v.offer_area || []).some((c) => kind(v, c.card).variety === vid));
    for (const [vid] of open) say(t("mb.p.take.open", beanName(v, vid)));
    const x = row();
    for (const a of L.with("end", { end: "taking" })) x.appendChild(button(ctx, a, t("mb.a.end.taking"), "primary small"));
  } else if (v.phase === "plant" && v.active === me) {
    say(t("mb.p.plant", hand.length ? cardLabel(v, hand[0]) : "—"));
    const any = L.list.filter((a) => a.from === "hand");
    if (any.length) {
      say(t("mb.p.hampelmann"));
      box.appendChild(pickCards(ctx, any, "plant", fieldTo, [...new Set(hand)]));
    }
    const x = row();
    for (const a of L.with("end", { end: "planting" })) x.appendChild(button(ctx, a, t("mb.a.end.planting")));
  } else if (v.phase === "trade" || v.phase === "plant-trades") {
    say(t(v.phase === "trade" ? "mb.p.trade" : "mb.p.plant-trades"));
    const ak = L.with("aktivist");
    if (ak.length) {
      say(t("mb.p.aktivist"));
      box.appendChild(pickCards(ctx, ak, "aktivist", fieldTo));
    }
    const x = row();
    for (const a of L.with("end", { end: "trading" })) x.appendChild(button(ctx, a, t("mb.a.end.trading"), "primary small"));
  } else {
    return null;
  }
  return box;
}

function phaseText(ctx) {
  const v = ctx.view;
  const name = ctx.name;
  if (v.phase === "over") return t("mb.phase.over");
  if (v.pull) return t("mb.wait.pull", name(v.pull.player));
  if (v.choice) return t("mb.wait.choice", name(v.choice.player), choiceName(v.choice.effect));
  if ((v.foist || []).length) return t("mb.wait.foist", name(v.foist[0].player));
  if (v.flitzer) return t("mb.wait.flitzer", name(v.flitzer.order[0]));
  if (v.phase === "defend" && v.attack) return t("mb.phase.defend", name(v.attack.target));
  if (v.phase === "place") return t("mb.phase.place", name((v.placing || [])[0]));
  if (isDuo(v)) {
    if (v.phase === "reveal" && v.aktivist_claim) return t("mb.wait.aktivist", name(other(v, v.active)));
    if (v.phase === "plant") return t("mb.phase.duoplant", name(v.active));
    if (v.phase === "attack") return t("mb.phase.duoattack", name(v.active));
  }
  const key = `mb.phase.${v.phase}`;
  const text = t(key, name(v.active));
  return text === key ? v.phase : text;
}

function choiceName(effect) {
  const who = { forced_harvest: "loser", lady_to_top: "frauenversteher", lady_from_discard: "schuerzenjaeger", play_rearmost_too: "arbeitstier", draw_opponent_taler: "kameradenschwein", plant_drawn_taler: "kameradenschwein" }[effect];
  return who ? SPECIALS[who][0] : effect;
}

function offerZone(ctx) {
  const v = ctx.view;
  const zone = h("div", { class: "b-zone", id: "offer-area" }, h("h4", {}, t("mb.turnedup")));
  const row = h("div", { class: "b-cards" });
  const marks = v.give_first || [];
  for (const c of v.offer_area || []) {
    const acts = [...ctx.legal.with("plant", { plant: c.id }), ...ctx.legal.with("discard", { discard: c.id })];
    const el = withButtons(ctx, card(v, c.card, "", { "data-offer-card": c.id, "data-k": `oa${c.id}`, "data-v": c.card }), acts, (a) => ("discard" in a ? t("b.discardbtn") : fieldTo(a)));
    for (const a of ctx.legal.with("give_first", { give_first: c.id })) el.appendChild(button(ctx, a, t("mb.givefirst")));
    if (marks[0] === c.id) el.appendChild(h("small", { class: "muted" }, t("mb.givenfirst")));
    row.appendChild(el);
  }
  if (!(v.offer_area || []).length) row.appendChild(h("span", { class: "muted" }, "—"));
  zone.appendChild(row);
  return zone;
}

function handZone(ctx) {
  const v = ctx.view;
  const hand = h("div", { class: "b-hand", id: "hand", "data-k": "hand", "data-v": v.hand.join(",") });
  // give_first: name the id of a hand card by the legal actions (one per kind)
  const gf = ctx.legal.with("give_first");
  const marks = v.give_first || [];
  const seenKinds = new Set();
  v.hand.forEach((c, i) => {
    const el = h("div", { class: "mb-pick" }, card(v, c, i === 0 ? "front" : "", { "data-hand": i }));
    for (const a of ctx.legal.with("discard_hand", { discard_hand: i })) {
      const b = button(ctx, a, t("mb.handdiscard"), "small discard");
      b.title = t("mb.handdiscard.title");
      el.appendChild(b);
    }
    if (!seenKinds.has(c)) {
      seenKinds.add(c);
      for (const a of gf) if (nameOf(v, a.give_first) === c) el.appendChild(button(ctx, a, t("mb.givefirst")));
      if (marks.length && nameOf(v, marks[0]) === c) el.appendChild(h("small", { class: "muted" }, t("mb.givenfirst")));
    }
    hand.appendChild(el);
  });
  if (!v.hand.length) hand.appendChild(h("span", { class: "muted" }, "—"));
  return h("div", { class: "b-zone" }, h("h4", {}, t("mb.hand")), hand);
}

function routeText(ev) {
  const bits = [];
  if (ev.route && ev.route !== "hand") bits.push(t(`mb.route.${ev.route}`));
  if (ev.where) bits.push(t(`mb.where.${ev.where}`));
  return bits.length ? ` (${bits.join(", ")})` : "";
}

function runOuts(v) {
  return Math.max(1, v.players - 2);
}

export default {
  render(ctx) {
    const v = ctx.view;
    setLegend(v.cards);
    ctx.ui.mbShown = new Set();
    const board = clear(ctx.board);
    const head = [phaseText(ctx), t("mb.turn", v.turn)];
    if (v.ending) head.push(t("mb.lastturn"));
    board.appendChild(h("div", { class: "board-head" }, head.join(" · ")));

    const center = h("div", { class: "b-center" });
    center.appendChild(h("div", { class: "b-zone" }, h("h4", {}, t("mb.stock")), h("div", { "data-k": "stock", "data-v": v.stock }, t("cards.n", v.stock)), h("small", {}, t("mb.runout", v.exhausted, runOuts(v)))));
    const discard = v.discard || [];
    center.appendChild(h("div", { class: "b-zone" }, h("h4", {}, `${t("mb.discard")} (${discard.length})`), discard.length ? card(v, discard[discard.length - 1], "small") : h("span", { class: "muted" }, "—")));
    center.appendChild(isDuo(v) ? duoOfferZone(ctx) : offerZone(ctx));
    if (isDuo(v) && (v.aside || []).length) center.appendChild(asideZone(ctx));
    if (v.attack) {
      const z = h("div", { class: "b-zone mb-attackzone" }, h("h4", {}, t("mb.ev.attack", ctx.name(v.active), ctx.name(v.attack.target), fieldName(v.attack.field), t("mb.rattles", v.attack.rattles))));
      const row = h("div", { class: "b-cards" });
      for (const c of v.attack.drawn) row.appendChild(card(v, c, "small"));
      z.appendChild(row);
      center.appendChild(z);
    }
    board.appendChild(center);

    const ask = prompt(ctx);
    if (ask) board.appendChild(ask);
    if (v.phase === "trade") board.appendChild(tradePanel(ctx));

    board.appendChild(h("div", { class: "b-players" }, Array.from({ length: v.players }, (_, p) => playerBox(ctx, p))));
    if (v.hand) board.appendChild(handZone(ctx));
    if (isDuo(v)) takeNext(ctx);
  },

  handles(a, ctx) {
    if ("draft" in a || "propose" in a || "offer" in a) return true;
    if ("accept" in a || "decline" in a || "counter" in a || "withdraw" in a) return true;
    return !!(ctx.ui.mbShown && ctx.ui.mbShown.has(canon(a)));
  },

  describeAction(a, ctx) {
    const v = ctx.view || {};
    const name = ctx.name;
    const hand = v.hand || [];
    const on = (f, under) => (under ? t("mb.a.underlady", fieldName(f)) : fieldName(f));
    if ("pull" in a) {
      if (a.pull === "none") return t("mb.a.pull.none");
      const cards = v.pull ? v.fields[v.pull.player][v.pull.field] : [];
      return t("mb.a.pull", cards[a.pull] ? cardLabel(v, cards[a.pull]) : `#${a.pull + 1}`);
    }
    if ("plant" in a) {
      if (a.plant === "front") return t("mb.a.plantfront", hand[0] ? cardLabel(v, hand[0]) : "?", on(a.field, a.under));
      if (a.plant === "rear") return t("mb.a.plantrear", hand.length ? cardLabel(v, hand[hand.length - 1]) : "?", on(a.field, a.under));
      if (a.plant === "taler") return t("mb.a.planttaler", v.choice ? idLabel(v, v.choice.card) : "?", on(a.field, a.under));
      return t("mb.a.plant", idLabel(v, a.plant), on(a.field, a.under));
    }
    if ("flitzer" in a) return a.flitzer === "pass" ? t("mb.a.flitzer.pass") : t("mb.a.flitzer", on(a.field, a.under));
    if ("attack" in a) return t("mb.a.attack", name(a.attack), fieldName(a.field));
    if ("keep" in a) return t("mb.a.keep", idLabel(v, a.keep), on(a.field, a.under));
    if ("place" in a) return t("mb.a.place", idLabel(v, a.place), on(a.field, a.under));
    if ("aktivist" in a) return a.aktivist === "pass" ? t("mb.a.aktivist.pass") : t("mb.a.aktivist", idLabel(v, a.aktivist), on(a.field, a.under));
    if ("lady" in a) {
      const c = v.fields && ctx.seat !== null && v.fields[ctx.seat] ? v.fields[ctx.seat][a.field][a.lady] : null;
      return t("mb.a.lady", c ? cardLabel(v, c) : t("mb.lady"), fieldName(a.field));
    }
    if ("taler_from" in a) return t("mb.a.taler_from", name(a.taler_from));
    if ("give_first" in a) return t("mb.a.givefirst", idLabel(v, a.give_first));
    if ("take" in a) return t("mb.a.take", typeof a.take === "number" ? idLabel(v, a.take) : beanName(v, a.take));
    if ("end" in a) {
      if (a.end === "planting" && isDuo(v)) return t("mb.a.end.planting.duo");
      const key = `mb.a.end.${a.end}`;
      const text = t(key);
      return text === key ? beans.describeAction(a, ctx) : text;
    }
    if ("harvest" in a) return t("mb.a.harvest", fieldName(a.harvest));
    if ("discard" in a) return t("mb.a.discard", typeof a.discard === "number" ? idLabel(v, a.discard) : beanName(v, a.discard));
    if ("discard_hand" in a) return t("mb.a.discard_hand", a.discard_hand + 1, hand[a.discard_hand] ? cardLabel(v, hand[a.discard_hand]) : "");
    if ("close" in a) return t("mb.a.close");
    return beans.describeAction(a, ctx);
  },

  describeEvent(ev, ctx) {
    const v = ctx.view || {};
    const name = ctx.name;
    const p = ev.player;
    const cards = (list) => andList((list || []).map((c) => cardLabel(v, c))) || t("mb.nothing");
    switch (ev.type) {
      case "turn":
        ctx.ui.mbTurnOf = p;
        return p === ctx.seat ? t("mb.ev.turn.you") : t("mb.ev.turn", name(p));
      case "third_field":
        return t("mb.ev.third_field", name(p), fieldName(ev.field), name(ev.card_to));
      case "set_aside":
        return t("mb.ev.set_aside", name(p), cards(ev.cards));
      case "from_discard":
        ctx.ui.mbChain = [...(ev.cards || [])];
        return (ev.cards || []).length ? t("mb.ev.from_discard", cards(ev.cards)) : null;
      case "aktivist_pass":
        return t("mb.ev.aktivist_pass", name(p));
      case "discard":
        if (ev.from === "hand") return t("mb.ev.discard.hand", name(p), cardLabel(v, ev.card));
        if (ev.from === "offer") return t("mb.ev.discard.offer", name(p), cardLabel(v, ev.card));
        return beans.describeEvent(ev, ctx);
      case "plant":
        return t("mb.ev.plant", name(p), cardLabel(v, ev.card), fieldName(ev.field)) + routeText(ev);
      case "move_up":
        return t("mb.ev.move_up", name(p), fieldName(ev.field), ev.from + 1, ev.to + 1);
      case "pull":
        return ev.from === null || ev.from === undefined ? t("mb.ev.pull.none", name(p)) : t("mb.ev.pull", name(p), ev.from + 1, fieldName(ev.field), ev.to + 1);
      case "special":
        return t("mb.ev.special", name(p), cardLabel(v, ev.card));
      case "discard_top":
        return t("mb.ev.discard_top", name(p), fieldName(ev.field), cardLabel(v, ev.card));
      case "ladies_to_bottom":
        return t("mb.ev.ladies_to_bottom", name(p), ev.count, fieldName(ev.field));
      case "taler_draw":
        return t("mb.ev.taler_draw", name(p), name(ev.target), cardLabel(v, ev.card));
      case "give_back":
        return t("mb.ev.give_back", name(p), t("mb.talers", ev.count), name(ev.target));
      case "take_lady":
        return t("mb.ev.take_lady", name(p), cardLabel(v, ev.card));
      case "lady_to_top":
        return t("mb.ev.lady_to_top", name(p), ev.from + 1, fieldName(ev.field));
      case "rasselbande":
        return t("mb.ev.rasselbande", name(p), andList((ev.attacks || []).map((a) => `${fieldName(a.field)} (${t("mb.rattles", a.rattles)})`)));
      case "attack":
        return t("mb.ev.attack", name(p), name(ev.target), fieldName(ev.field), t("mb.rattles", ev.rattles));
      case "attack_draw":
        return t("mb.ev.attack_draw", name(p), t("mb.talers", (ev.cards || []).length), name(ev.target), cards(ev.cards));
      case "keep":
        return t("mb.ev.keep", name(p), cardLabel(v, ev.card));
      case "turn_up":
        ctx.ui.mbChain = [];
        if (isDuo(v) && ev.cards.length) return t("mb.ev.turn_up4", name(p), cards(ev.cards));
        return ev.cards.length ? t("mb.ev.turn_up", name(p), cards(ev.cards)) : t("mb.ev.turn_up.none", name(p));
      case "flitzer_pass":
        return t("mb.ev.flitzer_pass", name(p));
      case "flitzer_take":
        return t("mb.ev.flitzer_take", name(p));
      case "trading_end": {
        const head = ev.by === -1 || ev.by === "referee" ? t("mb.ev.trading_end.time") : t("mb.ev.trading_end", name(ev.by));
        return ev.kept && ev.kept.length ? `${head}; ${t("mb.ev.kept", cards(ev.kept))}` : head;
      }
      case "draw":
        if (isDuo(v)) {
          if (ctx.ui.mbTurnOf !== undefined && p !== ctx.ui.mbTurnOf) return t("mb.ev.drawwarm", name(p), t("cards.n", ev.count));
          return ev.count ? t("mb.ev.draw5", name(p), t("cards.n", ev.count)) : t("mb.ev.draw5.none", name(p));
        }
        return t("mb.ev.draw", name(p), t("cards.n", ev.count));
      case "draw_cards":
        return p === ctx.seat && (ev.cards || []).length ? t("mb.ev.draw_cards", cards(ev.cards)) : null;
      case "end_placement":
        return t("mb.ev.end_placement", andList((ev.order || []).map(name)));
      case "harvest": {
        const text = t("mb.ev.harvest", name(p), t("beans.n", ev.beans), fieldName(ev.field), cardLabel(v, ev.top), t("mb.talers", ev.coins));
        const full = ev.from_discard ? `${text} (${t("mb.ev.harvest.discard")})` : text;
        return ev.field_closed ? `${full}; ${t("mb.ev.field_closed", fieldName(ev.field))}` : full;
      }
      case "game_end":
        return t("mb.ev.game_end", (ev.coins || []).map((c, q) => `${name(q)} ${c}`).join(", "));
      default:
        return beans.describeEvent(ev, ctx);
    }
  },

  status(ctx) {
    return phaseText(ctx);
  },

  seatNote(seat, ctx) {
    const v = ctx.view;
    return v ? `${t("mb.talers", v.coins[seat])}, ${t("cards.n", v.hands[seat])}` : "";
  },
};
