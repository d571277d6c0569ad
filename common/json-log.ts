/**
 * The structured log both programs write: one JSON object a line (t, level, event, fields), so one
 * collector reads the site and the platform alike. Errors are written as their name and message,
 * and their stack where the program asks for it.
 */
export type LogLevel = "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

export interface JsonLog {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

export function jsonLog(options: { program?: string; stacks?: boolean } = {}): JsonLog {
  const tag = options.program ? { program: options.program } : {};
  const write = (level: LogLevel, event: string, fields: LogFields = {}) => {
    const line = JSON.stringify({ t: new Date().toISOString(), level, ...tag, event, ...fields }, (_k, v: unknown) =>
      v instanceof Error ? { name: v.name, message: v.message, ...(options.stacks ? { stack: v.stack } : {}) } : v,
    );
    if (level === "error") console.error(line);
    else if (level === "warn") console.warn(line);
    else console.log(line);
  };
  return {
    info: (event, fields) => write("info", event, fields),
    warn: (event, fields) => write("warn", event, fields),
    error: (event, fields) => write("error", event, fields),
  };
}
