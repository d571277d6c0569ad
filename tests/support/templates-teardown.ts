// Vitest's global set-up for the integration run: the PGlite templates its worker processes make
// (tests/support/stack.ts) live in one folder named after this main process, removed when the run
// ends. Vitest stops its workers with a signal, so their own exit handlers never run.
import { rmSync } from "node:fs";
import { templateRoot } from "./template-root";

export default function setup() {
  return () => rmSync(templateRoot(), { recursive: true, force: true });
}
