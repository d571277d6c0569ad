import type { ChildProcess } from "node:child_process";

export const root: string;
export function waitForHttp(url: string, options?: { timeoutMs?: number; okOnly?: boolean }): Promise<number>;
export function startPlatform(options: { port: number; env?: Record<string, string>; quiet?: boolean; nodeArgs?: string[] }): Promise<ChildProcess>;
/**
 * With `keepLog`, the child's `log` holds its last 5,000 lines of output (printed too unless
 * `quiet`). `dir`: the project whose build and node_modules are served (default: this checkout).
 */
export function startSite(options: { port: number; env?: Record<string, string>; quiet?: boolean; nodeArgs?: string[]; keepLog?: boolean; dir?: string }): Promise<ChildProcess & { log?: string[] }>;
/** The fake payment provider (providers/payment); resolves once its /health answers. */
export function startPaymentProvider(options: { port: number; env?: Record<string, string>; quiet?: boolean }): Promise<ChildProcess>;
export function stop(child: ChildProcess | undefined, signal?: NodeJS.Signals): Promise<void>;
export function portTaken(port: number, host?: string): Promise<boolean>;
export function refuseTakenPort(name: string, port: number, variable: string): Promise<void>;
