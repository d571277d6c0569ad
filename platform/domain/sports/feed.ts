// Versioned snapshots and deltas of the feed (docs/SPORTS-API.md), built from the in-memory store
// and cached as serialised JSON per scope and version: a thousand polls of an unchanged scope
// cost one build.

import { type Section, type SportsStore, sectionOf } from "./store.ts";
import type { GameRec } from "./types.ts";
import { type GameView, gameView } from "./views.ts";

export interface FeedQuery {
  section: Section;
  sportId: number | null;
  champId: number | null;
  /** The version the client has; null or unusable → snapshot. */
  since: number | null;
  markets: "main" | "all";
}

interface ScopeCache {
  storeVersion: number;
  scopeVersion: number;
  games: GameRec[];
  snapshot?: string;
  deltas: Map<number, string>;
}

export class Feed {
  private scopes = new Map<string, ScopeCache>();

  constructor(private store: SportsStore) {}

  private scope(q: FeedQuery): ScopeCache {
    const key = `${q.section}|${q.sportId ?? ""}|${q.champId ?? ""}|${q.markets}`;
    const cached = this.scopes.get(key);
    if (cached && cached.storeVersion === this.store.version) return cached;
    const games: GameRec[] = [];
    let scopeVersion = 0;
    for (const game of this.store.games.values()) {
      if (sectionOf(game.status) !== q.section) continue;
      if (q.sportId !== null && game.sportId !== q.sportId) continue;
      // Races (marble racing) have a page of their own: only a scope of their sport lists them.
      if (q.sportId === null && game.runners) continue;
      // Outrights are a championship's, not a list's: GET /championships/{id}/outright.
      if (game.source === "outright") continue;
      if (q.champId !== null && game.champId !== q.champId) continue;
      games.push(game);
      if (game.feedVersion > scopeVersion) scopeVersion = game.feedVersion;
    }
    for (const r of this.store.removalsSince(0, q.section, q.sportId, q.champId)) if (r.version > scopeVersion) scopeVersion = r.version;
    const sportSort = (g: GameRec) => this.store.sports.get(g.sportId)?.sort ?? 0;
    const champSort = (g: GameRec) => this.store.champs.get(g.champId)?.sort ?? 0;
    games.sort(
      q.section === "live"
        ? (a, b) => sportSort(a) - sportSort(b) || champSort(a) - champSort(b) || a.champId - b.champId || a.startAtMs - b.startAtMs || a.id - b.id
        : (a, b) => a.startAtMs - b.startAtMs || a.id - b.id,
    );
    const fresh: ScopeCache = { storeVersion: this.store.version, scopeVersion, games, deltas: new Map() };
    if (this.scopes.size > 2000) this.scopes.clear();
    this.scopes.set(key, fresh);
    return fresh;
  }

  /** The answer body (JSON text) and the scope's version, for an ETag. */
  answer(q: FeedQuery): { body: string; version: number; type: "snapshot" | "delta" } {
    const scope = this.scope(q);
    const head = { section: q.section, sportId: q.sportId, champId: q.champId, version: scope.scopeVersion, clockMs: this.store.clockMs };
    const since = q.since;
    const usable = since !== null && since >= this.store.deltaFloor && since <= this.store.version;
    if (!usable) {
      scope.snapshot ??= JSON.stringify({ type: "snapshot", ...head, games: scope.games.map((g) => gameView(this.store, g, q.markets)) });
      return { body: scope.snapshot, version: scope.scopeVersion, type: "snapshot" };
    }
    let body = scope.deltas.get(since);
    if (body === undefined) {
      const games: GameView[] = since >= scope.scopeVersion ? [] : scope.games.filter((g) => g.feedVersion > since).map((g) => gameView(this.store, g, q.markets));
      const removed = [...new Set(this.store.removalsSince(since, q.section, q.sportId, q.champId).map((r) => r.gameId))].filter((id) => sectionOf(this.store.games.get(id)?.status ?? 4) !== q.section);
      body = JSON.stringify({ type: "delta", ...head, since, games, removed });
      if (scope.deltas.size > 200) scope.deltas.clear();
      scope.deltas.set(since, body);
    }
    return { body, version: scope.scopeVersion, type: "delta" };
  }

  /** Top games of a section: top championships first, then the biggest sports; main markets. */
  top(section: Section, limit: number): GameView[] {
    const scope = this.scope({ section, sportId: null, champId: null, since: null, markets: "main" });
    const rank = (g: GameRec) => (g.isTop ? 0 : 1) * 1000 + (this.store.sports.get(g.sportId)?.sort ?? 99);
    return [...scope.games]
      .sort((a, b) => rank(a) - rank(b) || a.startAtMs - b.startAtMs || a.id - b.id)
      .slice(0, limit)
      .map((g) => gameView(this.store, g, "main"));
  }

  /** The sports menu: counts per sport and championship in a section (or both sections). */
  menu(section: Section | null) {
    const counts = new Map<number, { live: number; line: number }>();
    const bump = (id: number, s: Section) => {
      const c = counts.get(id) ?? { live: 0, line: 0 };
      c[s]++;
      counts.set(id, c);
    };
    for (const game of this.store.games.values()) {
      const s = sectionOf(game.status);
      if (!s || game.source === "outright") continue;
      bump(-game.sportId, s);
      bump(game.champId, s);
    }
    const sports = [...this.store.sports.values()].filter((sport) => sport.model !== "race").map((sport) => {
      const champs = [...this.store.champs.values()]
        .filter((c) => c.sportId === sport.id)
        .sort((a, b) => Number(b.isTop) - Number(a.isTop) || a.sort - b.sort || a.id - b.id)
        .map((c) => {
          const country = this.store.countries.get(c.countryId);
          const n = counts.get(c.id) ?? { live: 0, line: 0 };
          return { id: c.id, slug: c.slug, name: c.name, countryId: c.countryId, countryCode: country?.code ?? "", countryName: country?.name ?? "", isTop: c.isTop, ...(section ? { count: n[section] } : { liveCount: n.live, lineCount: n.line }) };
        });
      const n = counts.get(-sport.id) ?? { live: 0, line: 0 };
      return { id: sport.id, slug: sport.slug, name: sport.name, kind: sport.kind, model: sport.model, ...(section ? { count: n[section] } : { liveCount: n.live, lineCount: n.line }), champs };
    });
    return { version: this.store.version, section, sports };
  }
}
