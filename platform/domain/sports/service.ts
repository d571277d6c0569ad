// The sports service of one platform process: the in-memory store and feed, and — in the one
// process that holds the advisory lock — the live simulator (decision 016).

import type { Db } from "../../db/index.ts";
import { type Clock, wallClock } from "../clock.ts";
import { advisoryLeadership } from "../leadership.ts";
import { Feed } from "./feed.ts";
import { type GameFinishedHandler, Simulator } from "./simulator.ts";
import { SportsStore } from "./store.ts";

export interface SportsOptions {
  dbKind: "pglite" | "postgres";
  /** Run the simulator when this process wins the leadership. */
  simulator: boolean;
  tickMs: number;
  speed: number;
  minLive: number;
  /** The calendar's present (PLATFORM_NOW), for a simulator catching up after a pause; the wall clock by default. */
  clock?: Clock;
  /** How often a follower reads the leader's changes. */
  refreshMs?: number;
  /** How often a follower tries to become the leader. */
  electionMs?: number;
}

export interface SportsService {
  store: SportsStore;
  feed: Feed;
  /** The simulator when this process leads, else null. */
  simulator(): Simulator | null;
  isLeader(): boolean;
  /** Registers a handler run inside the transaction that finishes (or cancels) a game. */
  onGameFinished(handler: GameFinishedHandler): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createSportsService(db: Db, options: SportsOptions): SportsService {
  const store = new SportsStore();
  const feed = new Feed(store);
  const hooks: GameFinishedHandler[] = [];
  let sim: Simulator | null = null;
  // The lock that makes this process the simulator's one leader (shared with the payments' sweep, domain/leadership.ts).
  const leadership = advisoryLeadership(db, { dbKind: options.dbKind, name: "sports.simulator" });
  let tickTimer: NodeJS.Timeout | null = null;
  let refreshTimer: NodeJS.Timeout | null = null;
  let electionTimer: NodeJS.Timeout | null = null;
  let stopped = false;

  // The write fence: the leader's lock must still be held by its own session.
  const fence = (trx: Db): Promise<boolean> => leadership.fence(trx);
  const tryLock = (): Promise<boolean> => leadership.tryLead();

  const tick = async () => {
    if (!sim) return;
    try {
      await sim.tick();
    } catch (error) {
      if (sim.lostLeadership) {
        console.error("[platform] simulator lost its lock; following again");
        await stepDown();
      } else {
        // Memory ran ahead of a write that failed: start again from the database.
        console.error("[platform] simulator tick failed; reloading the catalogue", error);
        await store.load(db).catch(() => undefined);
        await sim?.init().catch(() => undefined);
      }
    }
  };

  const becomeLeader = async () => {
    // Catch up with what the previous leader wrote before moving anything.
    await store.refresh(db);
    sim = new Simulator(db, store, { speed: options.speed, minLive: options.minLive, clock: options.clock ?? wallClock }, hooks, fence);
    await sim.init();
    if (refreshTimer) clearInterval(refreshTimer);
    refreshTimer = null;
    if (electionTimer) clearInterval(electionTimer);
    electionTimer = null;
    tickTimer = setInterval(() => void tick(), options.tickMs);
    tickTimer.unref();
  };

  const follow = () => {
    refreshTimer = setInterval(() => {
      store.refresh(db).catch((error: unknown) => console.error("[platform] sports refresh failed", error));
    }, options.refreshMs ?? 1000);
    refreshTimer.unref();
    if (options.simulator) {
      electionTimer = setInterval(() => void elect(), options.electionMs ?? 5000);
      electionTimer.unref();
    }
  };

  let electing = false;
  const elect = async () => {
    if (electing || sim || stopped) return;
    electing = true;
    try {
      if (await tryLock()) {
        if (stopped) void leadership.release();
        else await becomeLeader();
      }
    } finally {
      electing = false;
    }
  };

  const stepDown = async () => {
    if (tickTimer) clearInterval(tickTimer);
    tickTimer = null;
    sim = null;
    void leadership.release();
    // What this process simulated but could not write is not the truth: read the leader's.
    await store.load(db).catch((error: unknown) => console.error("[platform] sports reload failed", error));
    if (!stopped) follow();
  };

  return {
    store,
    feed,
    simulator: () => sim,
    isLeader: () => sim !== null,
    onGameFinished(handler) {
      hooks.push(handler);
    },
    async start() {
      await store.load(db);
      if (options.simulator && (await tryLock())) await becomeLeader();
      else follow();
    },
    async stop() {
      stopped = true;
      for (const t of [tickTimer, refreshTimer, electionTimer]) if (t) clearInterval(t);
      tickTimer = refreshTimer = electionTimer = null;
      // Let a running tick finish its transaction before the pool closes.
      if (sim) await sim.idle();
      sim = null;
      await leadership.release();
    },
  };
}
