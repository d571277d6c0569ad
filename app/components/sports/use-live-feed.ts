import { useAtomValue, useSetAtom, useStore } from "jotai";
import { useEffect, useRef, useState } from "react";
import { couponBetsAtom, withCouponAtoms } from "~/coupon/store";
import { notifyCouponChangesAtom } from "~/notifications/atoms";
import { refreshedBets } from "~/sports/coupon-bet";
import { type CoefMove, COEF_INDICATION_MS, activeMoves, coefMoves } from "~/sports/indication";
import { type GameView, isLiveStatus } from "~/sports/model";
import { useRootData } from "~/components/root-data";
import { POLL_STALE_MS, shouldPoll } from "~/sports/polling";

/** What the feed route answers (app/routes/resources/sports-feed.ts). */
export interface FeedAnswer {
  type: "snapshot" | "delta";
  version: number;
  games: GameView[];
  removed: number[];
  /** The platform is away: the site's last good copy, every market suspended (decision 063). */
  stale?: boolean;
}

function coefsOf(games: readonly GameView[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const g of games) for (const m of g.markets) for (const o of m.outcomes) map.set(o.id, o.coef);
  return map;
}

/** Applies a feed answer: a snapshot replaces the list, a delta replaces changed games and drops removed ones. */
export function applyFeed(games: readonly GameView[], answer: FeedAnswer): GameView[] {
  if (answer.type === "snapshot") return answer.games;
  const changed = new Map(answer.games.map((g) => [g.id, g]));
  const removed = new Set(answer.removed);
  const next = games.filter((g) => !removed.has(g.id)).map((g) => changed.get(g.id) ?? g);
  const known = new Set(games.map((g) => g.id));
  for (const g of answer.games) if (!known.has(g.id)) next.push(g);
  return next;
}

/**
 * Keeps a page's games live: polls the feed route every `intervalMs` with the version it has
 * (the route answers 304 when nothing changed), merges deltas, marks odds that moved for a few
 * seconds, and refreshes the coupon's bets (odds, locks, scores), telling the bettor in a
 * notification when a bet of the coupon changed its odds or became locked. Never runs for bots;
 * pauses 30 s after the page is hidden and resumes when it is shown again (SPEC §9). `stale` says
 * the games are the site's last good copy while the platform is away (decision 063): the poll then
 * asks for a whole snapshot, and the first good one replaces the copy and ends `stale`.
 */
export function useLiveFeed(input: { games: GameView[]; version: number; feedUrl: string | null; intervalMs: number; isBot: boolean; stale?: boolean }) {
  const [games, setGames] = useState(input.games);
  const [stale, setStale] = useState(input.stale === true);
  const staleRef = useRef(stale);
  staleRef.current = stale;
  const gamesRef = useRef(games);
  gamesRef.current = games;
  const [moves, setMoves] = useState<Map<string, CoefMove>>(new Map());
  const version = useRef(input.version);
  const etag = useRef<string | null>(null);
  const marks = useRef(new Map<string, { move: CoefMove; at: number }>());
  const couponBets = useAtomValue(couponBetsAtom);
  const couponBetsRef = useRef(couponBets);
  couponBetsRef.current = couponBets;
  const store = useStore();
  const notifyChanges = useSetAtom(notifyCouponChangesAtom);
  // SPEC §3 disallow_line_sport / disallow_live_sport: a game of a hidden sport that starts or
  // moves into a section while the page is open does not appear (the pages leave them out too).
  const hidden = useRootData()?.user?.hiddenSports;
  const hiddenRef = useRef(hidden);
  hiddenRef.current = hidden;

  // A new page (navigation) brings its own games and version.
  useEffect(() => {
    setGames(input.games);
    setStale(input.stale === true);
    version.current = input.version;
    etag.current = null;
  }, [input.games, input.version, input.stale]);

  useEffect(() => {
    if (input.isBot || !input.feedUrl) return;
    let hiddenSince: number | null = document.hidden ? Date.now() : null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onVisibility = () => {
      if (document.hidden) hiddenSince = Date.now();
      else {
        const wasPaused = hiddenSince !== null && !shouldPoll({ isBot: false, hiddenSince, now: Date.now() });
        hiddenSince = null;
        if (wasPaused) {
          clearTimeout(timer);
          void tick();
        }
      }
    };
    const schedule = () => {
      if (!stopped) timer = setTimeout(tick, staleRef.current ? Math.min(input.intervalMs, POLL_STALE_MS) : input.intervalMs);
    };
    const tick = async () => {
      if (!shouldPoll({ isBot: false, hiddenSince, now: Date.now() })) return; // paused until visible again
      try {
        // A stale copy's version is not one to build on: the next good answer must be whole.
        const url = staleRef.current ? input.feedUrl! : `${input.feedUrl}${input.feedUrl!.includes("?") ? "&" : "?"}v=${version.current}`;
        const res = await fetch(url, { headers: etag.current && !staleRef.current ? { "if-none-match": etag.current } : {}, cache: "no-store" });
        if (res.status === 200) {
          etag.current = res.headers.get("etag");
          const answer = (await res.json()) as FeedAnswer;
          staleRef.current = answer.stale === true;
          setStale(staleRef.current);
          version.current = answer.version;
          const previous = gamesRef.current;
          const h = hiddenRef.current;
          const next = applyFeed(previous, answer).filter((g) => !h || !(isLiveStatus(g.status) ? h.live : h.line).includes(g.sportId));
          const now = Date.now();
          for (const [id, move] of coefMoves(coefsOf(previous), coefsOf(next))) marks.current.set(id, { move, at: now });
          gamesRef.current = next;
          setGames(next);
          setMoves(activeMoves(marks.current, now));
          const bets = refreshedBets(couponBetsRef.current, next);
          if (bets.length > 0) withCouponAtoms((atoms) => notifyChanges(store.set(atoms.updateCouponBetsAtom, bets)));
        } else if (res.status !== 304) {
          await res.body?.cancel();
        }
      } catch {
        // offline or the site restarting: try again next interval
      }
      schedule();
    };
    document.addEventListener("visibilitychange", onVisibility);
    schedule();
    // The up/down marks fade after a few seconds.
    const fade = setInterval(() => {
      if (marks.current.size === 0) return;
      const now = Date.now();
      for (const [id, mark] of marks.current) if (now - mark.at >= COEF_INDICATION_MS) marks.current.delete(id);
      setMoves(activeMoves(marks.current, now));
    }, 1_000);
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearInterval(fade);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [input.feedUrl, input.intervalMs, input.isBot, store, notifyChanges]);

  return { games, moves, stale };
}
