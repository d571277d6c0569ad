import { jsonLog } from "../common/json-log.ts";

/** The platform's log: the site's JSON lines (common/json-log.ts), tagged with its name; errors keep their stack. */
export const log = jsonLog({ program: "platform", stacks: true });
