// What the server says about games (titles, option labels and docs, rules) in the page's
// language. The words are the games' own (games/<id>/words.toml: "title.<id>", "opt.<name>",
// "opt.<name>.doc", "rules.<id>", and the site's "choice.<value>"); where a catalog has no
// entry, the server's English text is shown, so a new option still shows up.

import { currentLang, has, t, word } from "./i18n.js";

export function gameTitle(game) {
  if (!game) return "";
  const id = typeof game === "string" ? game : game.id;
  if (has(`title.${id}`)) return t(`title.${id}`);
  return typeof game === "string" ? game : game.title;
}

export function optionLabel(name) {
  return has(`opt.${name}`) ? t(`opt.${name}`) : name.replace(/_/g, " ");
}

/** A choice's or default's words: "lot" -> "by lot", true -> "yes"; numbers stay. */
export function choiceLabel(value) {
  const key = `choice.${String(value)}`;
  return has(key) ? t(key) : String(value);
}

export function optionDoc(option) {
  const key = `opt.${option.name}.doc`;
  return has(key) ? t(key) : option.doc;
}

/** The rules in the current language: {text, original} (original: the server's English). */
export function rulesText(game) {
  const key = `rules.${game.id}`;
  const server = game.rules || "";
  const own = currentLang() === "en" ? undefined : word(currentLang(), key);
  const en = word("en", key);
  if (own) return { text: own, original: en || server };
  if (en) return { text: en, original: server };
  return { text: server, original: null };
}
