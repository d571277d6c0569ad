import { describe, expect, it } from "vitest";
import { channelsToActivate, codeRefusal } from "./account.server";
import { UpstreamError } from "./http.server";

const refused = (status: number, code: string, extra: Record<string, unknown> = {}) =>
  new UpstreamError("http", status, code, { error: { code, message: code, ...extra } });

describe("SPEC §3 activation_type", () => {
  it("0 none, 1 e-mail, 2 e-mail and phone, 3 phone only", () => {
    expect(channelsToActivate(0)).toEqual([]);
    expect(channelsToActivate(1)).toEqual(["email"]);
    expect(channelsToActivate(2)).toEqual(["email", "phone"]);
    expect(channelsToActivate(3)).toEqual(["phone"]);
    expect(channelsToActivate(9)).toEqual([]);
  });
});

describe("SPEC §8: code errors are classed wrong_code or time_up", () => {
  it("each class has its own message on the code field", () => {
    expect(codeRefusal(refused(400, "wrong_code"), "passwordReset")).toEqual({ status: 400, fieldErrors: { code: ["passwordReset.errors.wrongCode"] } });
    expect(codeRefusal(refused(400, "time_up"), "activation")).toEqual({ status: 400, fieldErrors: { code: ["activation.errors.timeUp"] } });
  });
  it("a weak password belongs to the password field, a rate limit to the form", () => {
    expect(codeRefusal(refused(400, "weak_password"), "passwordReset")?.fieldErrors).toEqual({ password: ["passwordReset.errors.weakPassword"] });
    expect(codeRefusal(refused(429, "rate_limited", { retryAfterSeconds: 90 }), "passwordReset")).toEqual({
      status: 429,
      formErrors: ["passwordReset.errors.rateLimited"],
      retryAfterSeconds: 90,
    });
  });
  it("other refusals are bad requests, a failing platform is 'try again'", () => {
    expect(codeRefusal(refused(400, "not_required"), "activation")).toEqual({ status: 400, formErrors: ["activation.errors.badRequest"] });
    expect(codeRefusal(new UpstreamError("timeout", 504, "slow"), "activation")).toEqual({ status: 503, formErrors: ["activation.errors.unavailable"] });
  });
  it("leaves errors that are not the platform's to the caller", () => {
    expect(codeRefusal(new Error("bug"), "activation")).toBeNull();
  });
});
