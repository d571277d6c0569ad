import type { ChildProcess } from "node:child_process";

export const root: string;
export function waitForHttp(url: string, options?: { timeoutMs?: number; okOnly?: boolean }): Promise<number>;
export function startPlatform(options: { port: number; env?: Record<string, string>; quiet?: boolean; nodeArgs?: string[] }): Promise<ChildProcess>;
export function startSite(options: { port: number; env?: Record<string, string>; quiet?: boolean; nodeArgs?: string[] }): Promise<ChildProcess>;
export function stop(child: ChildProcess | undefined, signal?: NodeJS.Signals): Promise<void>;
export function portTaken(port: number, host?: string): Promise<boolean>;
export function refuseTakenPort(name: string, port: number, variable: string): Promise<void>;
