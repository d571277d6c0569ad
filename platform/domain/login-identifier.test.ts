import { describe, expect, it } from "vitest";
import { classifyLogin, fullPhone } from "./login-identifier.ts";

describe("classifyLogin", () => {
  it.each([
    [" Player@Arena.bet ", { kind: "email", email: "player@arena.bet" }],
    ["+7 (900) 123-45-67", { kind: "phone", phone: "+79001234567" }],
    ["+380501234567", { kind: "phone", phone: "+380501234567" }],
    ["42", { kind: "id", id: 42, login: "42" }],
    ["2147483647", { kind: "id", id: 2_147_483_647, login: "2147483647" }],
    ["2147483648", { kind: "login", login: "2147483648" }],
    ["0", { kind: "login", login: "0" }],
    ["+12", { kind: "login", login: "+12" }],
    ["gamer_1", { kind: "login", login: "gamer_1" }],
  ])("%s", (raw, expected) => {
    expect(classifyLogin(raw)).toEqual(expected);
  });

  it("spells phones as + code number", () => {
    expect(fullPhone("7", "9001234567")).toBe("+79001234567");
  });
});
