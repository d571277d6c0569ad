// A local run needs a stable cookie-signing secret: made once, kept with the local data in .data/.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./processes.mjs";

export function localSecret() {
  const dir = join(root, ".data");
  const file = join(dir, "session-secret");
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString("hex"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}
