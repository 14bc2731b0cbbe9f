// Seeing what happened: the page's motion settings (animations on/off, the pace at which other
// players' moves are shown), and the short animations themselves — cards gliding from where they
// were to where they are now (FLIP: measure First and Last, Invert, Play), sown seeds going pit
// by pit. Every animation is skippable (skipAll) and none runs under prefers-reduced-motion.
//
// A card element says what it is with data-flip (its name: "7h", "blue", ...) and, where the
// game numbers its cards, which one with data-flip-id. Without an id a card is told apart by
// its zone (the nearest [data-zone] or [data-k]) and how many of its name come before it there.

const PACE_KEY = "spieltisch.pace";
const ANIM_KEY = "spieltisch.animations";

/** Milliseconds each update of others' moves stays on screen before the next is shown. */
export const PACES = { fast: 350, normal: 900, off: 0 };

const GLIDE_MS = 380;
const SOW_STEP_MS = 110;
const PULSE_MS = 240;
const reduce = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

let stillFrom = 0; // performance.now() when the animations started so far have ended

/** Something moves for ``ms`` from now: the pacing counts its moment from when it ends. */
function moving(ms) {
  stillFrom = Math.max(stillFrom, performance.now() + ms);
}

/** When the last animation started ends (performance.now() time; in the past: nothing moves). */
export function motionEnds() {
  return stillFrom;
}

function stored(key, fallback) {
  try {
    return localStorage.getItem(key) || fallback;
  } catch {
    return fallback;
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

export function pace() {
  const p = stored(PACE_KEY, "normal");
  return p in PACES ? p : "normal";
}

export function setPace(value) {
  if (value in PACES) store(PACE_KEY, value);
}

/** Whether the person wants animations (their setting and their system's reduced motion). */
export function animationsOn() {
  if (reduce && reduce.matches) return false;
  return stored(ANIM_KEY, "on") !== "off";
}

export function animationsChosen() {
  return stored(ANIM_KEY, "on") !== "off";
}

export function setAnimations(on) {
  store(ANIM_KEY, on ? "on" : "off");
  document.body.classList.toggle("still", !animationsOn());
}

export function reducedBySystem() {
  return !!(reduce && reduce.matches);
}

/** The body says whether things may move (CSS keys its animations on body:not(.still)). */
export function applyMotionClass() {
  document.body.classList.toggle("still", !animationsOn());
}
if (reduce && reduce.addEventListener) reduce.addEventListener("change", applyMotionClass);

// -- FLIP ---------------------------------------------------------------------------------------

const CARDS = "[data-flip]";

function zoneOf(el) {
  const z = el.parentElement ? el.parentElement.closest("[data-zone], [data-k]") : null;
  return z ? z.dataset.zone || z.dataset.k : "";
}

/** Each card element under the roots by a key that stays while the card stays where it is. */
function keyed(roots) {
  const out = new Map();
  const counts = new Map();
  for (const root of roots) {
    if (!root) continue;
    for (const el of root.querySelectorAll(CARDS)) {
      let key;
      if (el.dataset.flipId) {
        key = `#${el.dataset.flipId}`;
      } else {
        const base = `${zoneOf(el)}|${el.dataset.flip}`;
        const k = counts.get(base) || 0;
        counts.set(base, k + 1);
        key = `${base}|${k}`;
      }
      out.set(key, el);
    }
  }
  return out;
}

/** Where every card is now: call before the page redraws. */
export function measure(roots) {
  const at = new Map();
  for (const [key, el] of keyed(roots)) {
    const r = el.getBoundingClientRect();
    if (r.width || r.height) at.set(key, { name: el.dataset.flip, rect: r });
  }
  return at;
}

function glide(el, from, to, fade) {
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  if (Math.abs(dx) < 2 && Math.abs(dy) < 2 && !fade) return;
  const start = { transform: `translate(${dx}px, ${dy}px)${fade ? " scale(0.6)" : ""}` };
  if (fade) start.opacity = 0.2;
  el.animate([start, { transform: "none", opacity: 1 }], { duration: GLIDE_MS, easing: "cubic-bezier(.2,.7,.3,1)" });
  moving(GLIDE_MS);
  el.classList.add("moved");
}

/**
 * After the page redrew: every card that is new where it is glides there from where a card of
 * its name was before (laid from a hand, planted, traded, harvested to the discard), else from
 * ``origin`` (the element of whoever acted, or the stock); a card that only shifted glides too.
 * Returns the keys of the cards that arrived, for the last move's highlight (markArrived).
 */
export function glideCards(roots, before, origin) {
  const arrived = [];
  if (!before || !before.size) return arrived; // the first drawing: nothing came from anywhere
  const now = keyed(roots);
  const vanished = [];
  for (const [key, was] of before) if (!now.has(key)) vanished.push(was);
  const animate = animationsOn();
  for (const [key, el] of now) {
    const was = before.get(key);
    const to = el.getBoundingClientRect();
    if (!to.width && !to.height) continue;
    if (was) {
      if (animate) glide(el, was.rect, to, false);
      continue;
    }
    arrived.push(key);
    el.classList.add("arrived");
    if (!animate) continue;
    const k = vanished.findIndex((v) => v.name === el.dataset.flip);
    if (k >= 0) {
      glide(el, vanished[k].rect, to, false);
      vanished.splice(k, 1);
    } else if (origin) {
      glide(el, origin.getBoundingClientRect(), to, true);
    }
  }
  return arrived;
}

/** The last move's cards marked again after a redrawing that showed no new update. */
export function markArrived(roots, keys) {
  if (!keys || !keys.length) return;
  const now = keyed(roots);
  for (const key of keys) if (now.has(key)) now.get(key).classList.add("arrived");
}

// -- sowing -------------------------------------------------------------------------------------

/**
 * Seeds sown pit by pit: ``path`` is the list of elements a lap passes (the pit it was lifted
 * from first); a seed flies along it and each pit it drops into pulses in turn, ``delay`` ms
 * from now (a move's next lap after the last). Returns when it ends, in ms from now.
 */
export function sow(board, path, delay = 0) {
  if (!animationsOn() || path.length < 2) return 0;
  const box = board.getBoundingClientRect();
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left + r.width / 2 - box.left, r.top + r.height / 2 - box.top];
  };
  const points = path.map(centre);
  const seed = document.createElement("span");
  seed.className = "seed-fly";
  seed.setAttribute("aria-hidden", "true");
  board.appendChild(seed);
  const frames = points.map(([x, y]) => ({ transform: `translate(${x}px, ${y}px)` }));
  const run = seed.animate(frames, { duration: SOW_STEP_MS * (points.length - 1), delay, easing: "linear", fill: "backwards" });
  moving(delay + SOW_STEP_MS * (points.length - 1));
  const done = () => seed.remove();
  run.onfinish = done;
  run.oncancel = done;
  path.slice(1).forEach((el, i) => {
    const start = delay + SOW_STEP_MS * (i + 1) - 60;
    el.animate([{ transform: "scale(1)" }, { transform: "scale(1.12)" }, { transform: "scale(1)" }], {
      duration: PULSE_MS,
      delay: start,
      easing: "ease-out",
    });
    moving(start + PULSE_MS); // the last pit's pulse ends a moment after the seed arrives
  });
  return delay + SOW_STEP_MS * (points.length - 1);
}

/** Finish every running animation at once (a click on the board, Escape, or the setting). */
export function skipAll(root = document) {
  stillFrom = 0;
  const running = root === document ? document.getAnimations() : root.getAnimations({ subtree: true });
  for (const a of running) {
    const end = a.effect ? a.effect.getComputedTiming().endTime : Infinity;
    if (end !== Infinity) a.finish(); // an endless one (a pulsing slap banner) keeps pulsing
  }
}
