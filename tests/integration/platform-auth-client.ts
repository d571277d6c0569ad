import { expect } from "vitest";
import { expectLedgerReconciled } from "../support/ledger-reconciliation";

/** A small HTTP client for the auth platform tests: JSON in and out, a client address per caller. */

let addressCounter = 0;
/** A fresh client address (x-client-ip), so one test's failures do not limit another's. */
export function freshIp(): string {
  addressCounter++;
  return `10.${process.pid % 250}.${Math.floor(addressCounter / 250) % 250}.${addressCounter % 250}`;
}

let nameCounter = 0;
/** A unique name for e-mails and logins in one run. */
export function unique(prefix: string): string {
  nameCounter++;
  return `${prefix}${Date.now().toString(36)}${nameCounter}`;
}

/** A unique Russian mobile number (10 digits after +7). */
export function freshPhone(): string {
  nameCounter++;
  return `9${String(Date.now() % 1_000_000).padStart(6, "0")}${String(nameCounter % 1000).padStart(3, "0")}`;
}

export interface Options {
  token?: string;
  body?: unknown;
  ip?: string;
  headers?: Record<string, string>;
}

export function authClient(baseUrl: () => string) {
  const request = (method: string, path: string, options: Options = {}) =>
    fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        ...(options.ip ? { "x-client-ip": options.ip } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
    });

  /** Status and parsed JSON body of a call. */
  const call = async (method: string, path: string, options: Options = {}) => {
    const res = await request(method, path, options);
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, body: body as any, headers: res.headers };
  };

  const expectOk = async (method: string, path: string, options: Options = {}, status = 200) => {
    const answer = await call(method, path, options);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
    return answer.body;
  };

  const expectError = async (method: string, path: string, options: Options, status: number, code: string) => {
    const answer = await call(method, path, options);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
    expect(answer.body.error).toMatchObject({ code, message: expect.any(String) });
    return answer.body.error;
  };

  return {
    request,
    call,
    expectOk,
    expectError,

    createUser: (input: Record<string, unknown>) =>
      expectOk("POST", "/__test/users", { body: input }, 201) as Promise<{ userId: number; token: string }>,

    /** The messages sent to an address, newest first. */
    outbox: async (to: string, limit = 20) =>
      (await expectOk("GET", `/__dev/outbox?to=${encodeURIComponent(to)}&limit=${limit}`)).messages as Array<{
        id: number;
        channel: "sms" | "email";
        to: string;
        subject: string | null;
        body: string;
        code: string | null;
        created_at: string;
      }>,

    /**
     * The ledger reconciles: the independent checks of tests/support/ledger-reconciliation.ts (not
     * the platform's own trial balance, which cannot find its own mistakes).
     */
    expectLedgerBalanced: () => expectLedgerReconciled(baseUrl()),

    /** The newest code sent to an address. */
    lastCode: async (to: string) => {
      const [latest] = (await expectOk("GET", `/__dev/outbox?to=${encodeURIComponent(to)}&limit=1`)).messages;
      expect(latest?.code, `no code sent to ${to}`).toMatch(/^\d{6}$/);
      return latest.code as string;
    },

    /** Whom a bearer token signs in (null for nobody). */
    whoIs: async (token: string) => (await expectOk("GET", "/web-api/session/check", { token })).userId as number | null,

    /** A captcha, solved through the test hook; the token for x-captcha-token. */
    solvedCaptcha: async (ip: string) => {
      const captcha = await expectOk("GET", "/captcha-api/update", { ip });
      const { answer } = await expectOk("GET", `/__test/captcha/${captcha.id}`);
      const reply = await expectOk("POST", "/captcha-api/validate", { ip, body: { id: captcha.id, answer } });
      expect(reply).toMatchObject({ type: 0 });
      return reply.token as string;
    },

    login: (uLogin: string, uPassword: string, options: { ip?: string; save?: boolean; captcha?: string } = {}) =>
      call("POST", "/web-api/auth/login", {
        ip: options.ip ?? freshIp(),
        body: { uLogin, uPassword, ...(options.save === undefined ? {} : { save: options.save }) },
        headers: options.captcha ? { "x-captcha-token": options.captcha } : {},
      }),
  };
}

export type AuthClient = ReturnType<typeof authClient>;

/** Seconds from now until an ISO time. */
export function secondsUntil(iso: string): number {
  return (new Date(iso).getTime() - Date.now()) / 1000;
}
