import type { DictionaryPart } from "./languages";
import type { Dictionary } from "./translator";

/**
 * Where the browser fetches a part, per build (so it may be cached for good). The document's
 * head preloads the same address (root.tsx); importing it from the root also keeps this module
 * in the chunk every page loads, rather than a chunk of its own shared with the console's layout.
 */
export function dictionaryUrl(lng: string, part: DictionaryPart, version: string): string {
  return `/locales/${lng}/${part}.json?v=${encodeURIComponent(version)}`;
}

/**
 * The browser's dictionary: the parts the first page needs, fetched before hydration, and any
 * other part added in place when a page that needs it is reached by client-side navigation.
 * The translate function holds this one object, and its cache keeps no misses, so keys of a
 * part added later are found from then on.
 */
const dictionary: Dictionary = {};
const loaded = new Map<DictionaryPart, Promise<void>>();

/** The document's language: a page never changes it (another language is another document). */
export function documentLanguage(): string {
  return document.documentElement.lang || "en";
}

function load(part: DictionaryPart): Promise<void> {
  let loading = loaded.get(part);
  if (!loading) {
    loading = fetch(dictionaryUrl(documentLanguage(), part, window.__remixManifest?.version ?? "dev"))
      .then((res) => {
        if (!res.ok) throw new Error(`dictionary part ${part}: ${res.status}`);
        return res.json() as Promise<Dictionary>;
      })
      .then((sections) => void Object.assign(dictionary, sections))
      .catch((error: unknown) => {
        // A part that could not load is asked for again next time.
        loaded.delete(part);
        throw error;
      });
    loaded.set(part, loading);
  }
  return loading;
}

/**
 * Loads the page's parts in parallel (the document preloads them); the dictionary to translate
 * with. The page hydrates whatever arrived: the keys of a part that did not show as keys.
 */
export async function loadDictionary(parts: readonly DictionaryPart[]): Promise<Dictionary> {
  await Promise.allSettled(parts.map(load));
  return dictionary;
}

/**
 * Makes sure a part is in the dictionary before a page that needs it renders; a part that cannot
 * load fails the navigation (the route's error page offers to try again) rather than showing keys.
 */
export function ensureDictionaryPart(part: DictionaryPart): Promise<void> {
  return load(part);
}
