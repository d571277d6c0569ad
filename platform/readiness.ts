// Readiness (decision 062): /health says the process is alive, /ready that it can serve bets and
// feeds now. Start-up marks its steps done as it finishes them; the database is asked on every
// call, since it can go away after the start (a PostgreSQL restart).

/** What start-up must have done before bets and feeds are served. */
export const START_STEPS = ["migrations", "seed", "sports"] as const;
export type StartStep = (typeof START_STEPS)[number];

/** What /ready names as missing: a start-up step, the database, or a process on its way out. */
export type Missing = StartStep | "database" | "stopping";

export interface Readiness {
  done(step: StartStep): void;
  /** The process is shutting down: a balancer should send it nothing new. */
  stopping(): void;
  /** What is missing now, in a fixed order; empty when the platform can serve. */
  missing(): Promise<Missing[]>;
}

export function createReadiness(databaseAnswers: () => Promise<boolean>): Readiness {
  const done = new Set<StartStep>();
  let leaving = false;
  return {
    done: (step) => void done.add(step),
    stopping: () => void (leaving = true),
    async missing() {
      const missing: Missing[] = START_STEPS.filter((step) => !done.has(step));
      if (!(await databaseAnswers())) missing.push("database");
      if (leaving) missing.push("stopping");
      return missing;
    },
  };
}
