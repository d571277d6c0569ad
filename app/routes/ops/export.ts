import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireOps } from "~/loaders/ops.server";
import { exportRules } from "~/services/admin.server";

/**
 * GET /ops/export.json: every redirect rule as a JSON file to download (the file the import
 * takes back). A resource route: ops only, like every page of the console, and never cached.
 */
export async function loader(args: LoaderFunctionArgs) {
  const ops = await requireOps(args);
  const file = await exportRules(ops.token);
  const day = /^\d{4}-\d{2}-\d{2}/.exec(file.exportedAt)?.[0] ?? new Date().toISOString().slice(0, 10);
  return new Response(`${JSON.stringify(file, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="redirect-rules-${day}.json"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex, nofollow",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
