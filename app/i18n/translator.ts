// The site's translate function, on the server and in the browser (decision 042): the part of
// i18next's `t` our dictionaries need, about 1 KiB instead of i18next's 15 KiB gzip in every
// page's first load. `translator.test.ts` holds it to i18next's answer for every key of every
// language.

export type Dictionary = { [key: string]: string | Dictionary };
export type TranslateOptions = Record<string, unknown> & { count?: unknown; defaultValue?: unknown };
export type Translate = (key: string, options?: TranslateOptions) => string;

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(lng: string, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) pluralRules.set(lng, (rules = new Intl.PluralRules(lng)));
  return rules.select(count);
}

/**
 * Strings found, per dictionary and key: a page asks for hundreds, most of them on every render.
 * Misses are not kept, since a namespace loaded later may add the key.
 */
const found = new WeakMap<Dictionary, Map<string, string>>();

function lookup(dictionary: Dictionary, key: string): string | undefined {
  let known = found.get(dictionary);
  const hit = known?.get(key);
  if (hit !== undefined) return hit;
  let node: string | Dictionary | undefined = dictionary;
  for (const part of key.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[part];
  }
  if (typeof node !== "string") return undefined;
  if (!known) found.set(dictionary, (known = new Map()));
  known.set(key, node);
  return node;
}

function valueAt(options: TranslateOptions, path: string): unknown {
  let value: unknown = options;
  for (const part of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

// `{{name}}` and `{{- name}}` (unescaped: the same here, as escaping is off). A variable that is
// missing is left as written, as i18next does (skipOnVariables); one passed as undefined is "".
const VARIABLE = /{{-?\s*(.+?)\s*}}/g;

function interpolate(text: string, options: TranslateOptions): string {
  if (!text.includes("{{")) return text;
  return text.replace(VARIABLE, (whole, name: string) => {
    const value = valueAt(options, name);
    if (value === undefined) return Object.prototype.hasOwnProperty.call(options, name) ? "" : whole;
    return String(value);
  });
}

/**
 * `t(key, options)` over one language's dictionary: keys are dot paths (an optional `common:`
 * namespace prefix is dropped); a numeric `count` picks the plural form (`_zero` first for 0,
 * then the language's category, then the bare key); a missing key gives `defaultValue` or the key.
 */
export function createTranslate(lng: string, dictionary: Dictionary, namespace = "common"): Translate {
  const prefix = `${namespace}:`;
  return function t(key: string, options: TranslateOptions = {}): string {
    const path = key.startsWith(prefix) ? key.slice(prefix.length) : key;
    let found: string | undefined;
    if (typeof options.count === "number") {
      if (options.count === 0) found = lookup(dictionary, `${path}_zero`);
      found ??= lookup(dictionary, `${path}_${pluralCategory(lng, options.count)}`);
    }
    found ??= lookup(dictionary, path);
    if (found === undefined) {
      if (options.defaultValue === undefined) return path;
      found = String(options.defaultValue);
    }
    return interpolate(found, options);
  };
}
