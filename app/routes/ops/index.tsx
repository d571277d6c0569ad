import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireOps } from "~/loaders/ops.server";

export async function loader(args: LoaderFunctionArgs) {
  await requireOps(args);
  throw redirect("/ops/redirects");
}
