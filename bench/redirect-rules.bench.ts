// Thousands of redirect rules: how long the ops console's import, paging and saving take, how
// fast redirect-light answers with all of them live, and how long the import check of 5000 rows
// takes on its own. These were timed assertions in the integration and unit tests (issue 11);
// here they are measured against their budgets, and a run over budget fails the bench.
import { checkImport } from "../platform/domain/redirect-analysis.ts";
import { buildRuleSet } from "../platform/domain/redirects.ts";
import { hooks } from "../tests/support/hooks";
import { bulkRedirectRules } from "../tests/support/ops";
import { startStack } from "../tests/support/stack";

const BULK = 2000;
const results: Array<{ what: string; ms: number; budget: number }> = [];
const measure = async <T>(what: string, budget: number, run: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const value = await run();
  results.push({ what, ms: performance.now() - started, budget });
  return value;
};

// The import check alone, no database: 5000 rows with params.
{
  const rows = Array.from({ length: 5000 }, (_, row) => ({
    row,
    input: { id: -1 - row, source: `/bulk/${row}/:x`, target: `/landing/${row}/:x`, code: 301 as const, languages: null, priority: 0, active: true },
  }));
  const problems = await measure("checkImport of 5000 rows", 5_000, async () =>
    checkImport({ set: buildRuleSet([]), allowedHosts: [], languages: ["ru", "en"] }, rows, "replace"),
  );
  if (problems.length) throw new Error(`checkImport found problems: ${JSON.stringify(problems.slice(0, 3))}`);
}

const stack = await startStack({ site: false });
try {
  const ops = (await hooks(stack.platformUrl).createUser({ login: "ops.bench", roles: ["ops"] })).token;
  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.platformUrl}/admin-api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${ops}`, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return res.json();
  };
  const rules = bulkRedirectRules(BULK);
  await measure(`import of ${BULK} rules`, 20_000, () => admin("POST", "/redirect-rules/import", { rules, mode: "append" }));

  let slowestPage = 0;
  for (let page = 1; ; page++) {
    const started = performance.now();
    const body = (await admin("GET", `/redirect-rules?page=${page}&pageSize=200`)) as { items: unknown[] };
    slowestPage = Math.max(slowestPage, performance.now() - started);
    if (!body.items.length) break;
  }
  results.push({ what: "slowest page of 200 rules", ms: slowestPage, budget: 1_500 });

  const LIGHT = 200;
  const started = performance.now();
  for (let i = 0; i < LIGHT; i++) {
    const n = (i * 37) % BULK;
    const res = await fetch(`${stack.platformUrl}/redirects-api/api/v1/redirect-light`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: n % 10 === 0 ? `/ru/bulk/${n}/x` : `/ru/bulk/${n}` }),
    });
    await res.json();
  }
  results.push({ what: `redirect-light, mean of ${LIGHT} calls`, ms: (performance.now() - started) / LIGHT, budget: 50 });

  await measure("saving a rule that shadows 1800 others", 3_000, () =>
    admin("POST", "/redirect-rules", { source: "/bulk/:n", target: "/bulk-landing/:n", code: 302, priority: 100 }),
  );
} finally {
  await stack.stop();
}

let over = 0;
for (const r of results) {
  const flag = r.ms > r.budget ? "  OVER BUDGET" : "";
  if (flag) over++;
  console.log(`${r.what}: ${r.ms.toFixed(1)} ms (budget ${r.budget} ms)${flag}`);
}
process.exit(over ? 1 : 0);
