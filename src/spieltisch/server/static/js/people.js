// What this browser keeps about its person: their display name, and the tables they sit at
// (id and seat token), so a closed tab is not a lost seat ("my tables" in the lobby). Kept in
// localStorage: the server never learns which tables one browser holds.

const NAME_KEY = "spieltisch.name";
const TABLES_KEY = "spieltisch.mine";
const MAX_TABLES = 30;
const NAME_LIMIT = 24; // the server's (host.NAME_LIMIT): a longer name is refused there

function read(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch {
    return fallback; // storage off (a private window) or a value written by hand
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage off or full: the page works on without remembering
  }
}

/** The name this browser's person gave last ("" when none). */
export function storedName() {
  const name = read(NAME_KEY, "");
  return typeof name === "string" ? name.slice(0, NAME_LIMIT) : "";
}

export function storeName(name) {
  write(NAME_KEY, String(name).trim().slice(0, NAME_LIMIT));
}

/** The tables this browser sits at, newest first: {id, token, game, seat, at}. */
export function myTables() {
  const list = read(TABLES_KEY, []);
  if (!Array.isArray(list)) return [];
  return list.filter(
    (x) => x && typeof x.id === "string" && typeof x.token === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(x.id),
  );
}

/** Remember a seat (again: it moves to the top). */
export function rememberTable(entry) {
  const rest = myTables().filter((x) => x.id !== entry.id);
  write(TABLES_KEY, [{ ...entry, at: Date.now() }, ...rest].slice(0, MAX_TABLES));
}

export function forgetTable(id) {
  write(
    TABLES_KEY,
    myTables().filter((x) => x.id !== id),
  );
}
