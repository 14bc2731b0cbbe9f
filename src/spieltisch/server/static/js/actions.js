// Actions are plain JSON objects; two are the same when their canonical texts are (sorted keys),
// as on the server (core/actions.py).

export function canon(value) {
  if (Array.isArray(value)) return `[${value.map(canon).join(",")}]`;
  if (value && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canon(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** A set of the legal actions' canonical texts, for quick "is this legal?" checks. */
export class Legal {
  constructor(list) {
    this.list = list || [];
    this.keys = new Set(this.list.map(canon));
  }

  has(action) {
    return this.keys.has(canon(action));
  }

  /** The legal actions with ``key`` (and, if given, matching ``where``'s values). */
  with(key, where = {}) {
    return this.list.filter(
      (a) => key in a && Object.entries(where).every(([k, v]) => canon(a[k]) === canon(v)),
    );
  }

  get empty() {
    return this.list.length === 0;
  }
}

/** Mark a DOM element as the button for ``action``: tests and the generic list find it. */
export function actionAttrs(action) {
  return { "data-action": canon(action) };
}
