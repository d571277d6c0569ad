import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import {
  ageOn,
  countryOfLanguage,
  defaultCurrencyFor,
  normalizePhone,
  registrationAllowed,
  registrationSchemas,
  registrationSlug,
  resetPasswordSchema,
} from "./account";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};
const common = { currency: "EUR", country_code: "DE", bonus_choice: "1", terms: "on" };

describe("registration types", () => {
  it("no type is the default fast registration; unknown types are refused", () => {
    expect(registrationSlug(undefined)).toBe("fast");
    expect(registrationSlug("")).toBe("fast");
    expect(registrationSlug("one-click")).toBe("one-click");
    expect(registrationSlug("full")).toBe("full");
    expect(registrationSlug("social")).toBeNull();
    expect(registrationSlug("FAST")).toBeNull();
  });
});

describe("SPEC §5: registration allowed only if the config permits it and the domain is not a VIP domain", () => {
  it.each([
    [true, [], "arena.bet", true],
    [false, [], "arena.bet", false],
    [true, ["vip.arena.bet"], "vip.arena.bet", false],
    [true, ["VIP.arena.bet."], "vip.arena.bet", false],
    [true, ["vip.arena.bet"], "arena.bet", true],
  ])("allowed=%s vip=%j host=%s → %s", (allowed, vipDomains, hostname, expected) => {
    expect(registrationAllowed({ allowed, vipDomains, hostname })).toBe(expected);
  });
});

describe("defaults", () => {
  it("preselects the currency of the country, else the site's, else USD", () => {
    expect(defaultCurrencyFor("AZ", "ru", "RUB")).toBe("AZN");
    expect(defaultCurrencyFor("kz", "en", "RUB")).toBe("KZT");
    expect(defaultCurrencyFor("DE", "ru", "RUB")).toBe("EUR");
    // Issue 34: no country's currency, then the language's, not the site's roubles.
    expect(defaultCurrencyFor("GB", "en", "RUB")).toBe("USD");
    expect(defaultCurrencyFor(null, "en", "RUB")).toBe("USD");
    expect(defaultCurrencyFor(null, "uk", "RUB")).toBe("UAH");
    expect(defaultCurrencyFor(null, "xx", "EUR")).toBe("EUR");
    expect(defaultCurrencyFor(null, null, "GBP")).toBe("USD");
  });
  it("guesses the country from the page language when the visitor's is unknown", () => {
    expect(countryOfLanguage("ru")).toBe("RU");
    expect(countryOfLanguage("kk")).toBe("KZ");
    expect(countryOfLanguage("xx")).toBeNull();
  });
});

describe("age", () => {
  const today = new Date(Date.UTC(2026, 4, 15));
  it("counts whole years, the birthday itself included", () => {
    expect(ageOn("2008-05-15", today)).toBe(18);
    expect(ageOn("2008-05-16", today)).toBe(17);
    expect(ageOn("1990-12-31", today)).toBe(35);
  });
  it("refuses dates that do not exist", () => {
    expect(ageOn("2001-02-30", today)).toBeNull();
    expect(ageOn("12.04.1990", today)).toBeNull();
  });
});

describe("registration forms", () => {
  it("fast: e-mail and a password with letters and digits", () => {
    const ok = parseWithZod(form({ ...common, email: " Anna@Example.com ", password: "Secret123" }), { schema: registrationSchemas.fast });
    expect(ok.status).toBe("success");
    const bad = parseWithZod(form({ ...common, email: "anna@", password: "secretsecret" }), { schema: registrationSchemas.fast });
    expect(bad.status).toBe("error");
    expect(bad.status === "error" && bad.error).toMatchObject({ email: ["registration.errors.emailInvalid"], password: ["registration.errors.passwordWeak"] });
  });

  it("every field's message is a dictionary key, also when the field is missing", () => {
    const empty = parseWithZod(form({}), { schema: registrationSchemas.full });
    expect(empty.status).toBe("error");
    for (const messages of Object.values(empty.status === "error" ? (empty.error ?? {}) : {})) {
      for (const m of messages ?? []) expect(m).toMatch(/^registration\.errors\.\w+$/);
    }
    expect(empty.status === "error" && empty.error?.terms).toEqual(["registration.errors.termsRequired"]);
  });

  it("phone: spaces and dashes are dropped from the number", () => {
    expect(normalizePhone("(301) 234-56 78")).toBe("3012345678");
    const ok = parseWithZod(form({ ...common, phone_number: "301 234 5678", password: "Secret123" }), { schema: registrationSchemas.phone });
    expect(ok.status === "success" && ok.value.phone_number).toBe("3012345678");
  });

  it("full: under 18 is refused, and so is a currency or bonus not on the list", () => {
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 17);
    const result = parseWithZod(
      form({
        ...common,
        currency: "GBP",
        bonus_choice: "5",
        email: "a@b.co",
        password: "Secret123",
        phone_number: "3012345678",
        name: "Anna",
        surname: "O'Neil-Smith",
        date_birthday: young.toISOString().slice(0, 10),
      }),
      { schema: registrationSchemas.full },
    );
    expect(result.status === "error" && result.error).toMatchObject({
      date_birthday: ["registration.errors.underage"],
      currency: ["registration.errors.currencyRequired"],
      bonus_choice: ["registration.errors.bonusRequired"],
    });
  });

  it("one click needs only the common choices, with decline (0) as a valid bonus choice", () => {
    const ok = parseWithZod(form({ ...common, bonus_choice: "0" }), { schema: registrationSchemas["one-click"] });
    expect(ok.status === "success" && ok.value.bonus_choice).toBe(0);
  });

  it("never hands a password back in the reply", () => {
    const failed = parseWithZod(form({ ...common, email: "bad", password: "Secret123" }), { schema: registrationSchemas.fast });
    const reply = failed.reply({ hideFields: ["password"] });
    expect(JSON.stringify(reply)).not.toContain("Secret123");
    expect(reply.initialValue).toMatchObject({ email: "bad" });
  });
});

describe("password reset form", () => {
  it("wants a code of digits and the same new password twice", () => {
    const mismatch = parseWithZod(form({ login: "a@b.co", code: "12 34 56", password: "Secret123", password_repeat: "Secret124" }), {
      schema: resetPasswordSchema,
    });
    expect(mismatch.status === "error" && mismatch.error).toEqual({ password_repeat: ["passwordReset.errors.mismatch"] });
    const badCode = parseWithZod(form({ login: "a@b.co", code: "abc", password: "Secret123", password_repeat: "Secret123" }), {
      schema: resetPasswordSchema,
    });
    expect(badCode.status === "error" && badCode.error).toEqual({ code: ["passwordReset.errors.codeInvalid"] });
  });
});
