import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, passwordProblem, verifyPassword } from "./passwords.ts";

describe("password policy", () => {
  it.each([
    ["Player123", null],
    ["abcdefg1", null],
    ["Пароль123", null],
    [`a1${"x".repeat(62)}`, null],
  ])("accepts %s", (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  it.each([
    ["short", "abc1"],
    ["7 characters", "abcdef1"],
    ["65 characters", `a1${"x".repeat(63)}`],
    ["no digit", "abcdefgh"],
    ["no letter", "12345678"],
  ])("refuses %s", (_what, password) => {
    expect(passwordProblem(password)).toMatch(/^password: /);
  });

  it("generates passwords that meet it", () => {
    for (let i = 0; i < 200; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(10);
      expect(passwordProblem(password)).toBeNull();
    }
  });
});

describe("password hashing", () => {
  it("hashes with argon2id and verifies", async () => {
    const stored = await hashPassword("Player123");
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored, "Player123")).toBe(true);
    expect(await verifyPassword(stored, "player123")).toBe(false);
  });

  it("never matches without a usable hash", async () => {
    expect(await verifyPassword(null, "anything")).toBe(false);
    expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
  });
});
