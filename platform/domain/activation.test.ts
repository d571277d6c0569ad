import { describe, expect, it } from "vitest";
import { activationName, activationTypeFor, ageOn, channelRequired, isCalendarDate, remainingActivation } from "./activation.ts";

describe("activation", () => {
  it("maps registration types to SPEC activation types", () => {
    expect(activationTypeFor("fast_reg")).toBe(1);
    expect(activationTypeFor("phone_reg")).toBe(3);
    expect(activationTypeFor("full_reg")).toBe(2);
    expect(activationTypeFor("one_click")).toBe(0);
    expect(activationTypeFor("soc_reg")).toBe(0);
    expect([0, 1, 2, 3, 9].map(activationName)).toEqual(["none", "email", "both", "phone", "none"]);
  });

  it("says which channels remain", () => {
    expect(remainingActivation({ activation_type: 2, email_activated: false, phone_activated: false })).toBe("both");
    expect(remainingActivation({ activation_type: 2, email_activated: true, phone_activated: false })).toBe("phone");
    expect(remainingActivation({ activation_type: 2, email_activated: false, phone_activated: true })).toBe("email");
    expect(remainingActivation({ activation_type: 1, email_activated: true, phone_activated: false })).toBe("none");
    expect(remainingActivation({ activation_type: 0, email_activated: false, phone_activated: false })).toBe("none");
    expect(channelRequired(3, "email")).toBe(false);
    expect(channelRequired(3, "phone")).toBe(true);
  });
});

describe("birthdays", () => {
  it("knows real calendar dates", () => {
    expect(isCalendarDate("2000-02-29")).toBe(true);
    expect(isCalendarDate("2001-02-29")).toBe(false);
    expect(isCalendarDate("2000-13-01")).toBe(false);
    expect(isCalendarDate("2000-1-01")).toBe(false);
    expect(isCalendarDate("01.01.2000")).toBe(false);
  });

  it("counts whole years, turning 18 on the birthday", () => {
    const today = new Date("2026-05-10T12:00:00Z");
    expect(ageOn("2008-05-10", today)).toBe(18);
    expect(ageOn("2008-05-11", today)).toBe(17);
    expect(ageOn("2008-06-01", today)).toBe(17);
    expect(ageOn("1990-01-01", today)).toBe(36);
  });
});
