import { type DictionaryPart, dictionaryUrl } from "./languages";
import type { Dictionary } from "./translator";

/**
 * The browser's dictionary: the parts the first page needs, fetched before hydration, and any
 * other part added in place when a page that needs it is reached by client-side navigation.
 * The translate function holds this one object, and its cache keeps no misses, so keys of a
 * part added later are found from then on.
 */
const dictionary: Dictionary = {};
const loaded = new Map<DictionaryPart, Promise<void>>();
let source: { lng: string; version: string } = { lng: "en", version: "dev" };

function load(part: DictionaryPart): Promise<void> {
  let loading = loaded.get(part);
  if (!loading) {
    loading = fetch(dictionaryUrl(source.lng, part, source.version))
      .then((res) => {
        if (!res.ok) throw new Error(`dictionary part ${part}: ${res.status}`);
        return res.json() as Promise<Dictionary>;
      })
      .then((sections) => void Object.assign(dictionary, sections))
      // A part that could not load may be asked for again; meanwhile its keys show as keys.
      .catch(() => void loaded.delete(part));
    loaded.set(part, loading);
  }
  return loading;
}

/** Loads the page's parts in parallel (the document preloads them); the dictionary to translate with. */
export async function loadDictionary(lng: string, version: string, parts: readonly DictionaryPart[]): Promise<Dictionary> {
  source = { lng, version };
  await Promise.all(parts.map(load));
  return dictionary;
}

/** Makes sure a part is in the dictionary before a page that needs it renders. */
export function ensureDictionaryPart(part: DictionaryPart): Promise<void> {
  return load(part);
}
