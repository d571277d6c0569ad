import { jsonLog } from "../../common/json-log";

/** The site's structured log lines (common/json-log.ts, shared with the platform). */
export const log = jsonLog();
