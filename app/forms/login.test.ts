import { describe, expect, it } from "vitest";
import { phoneCodes } from "./login";

describe("phoneCodes", () => {
  it("offers one option per dialling code, in the countries' order, naming every country that shares it", () => {
    const codes = phoneCodes([
      { country_code: "RU", tel_code: "7" },
      { country_code: "UA", tel_code: "380" },
      { country_code: "KZ", tel_code: "7" },
    ]);
    expect(codes).toEqual([
      { tel_code: "7", label: "RU, KZ +7" },
      { tel_code: "380", label: "UA +380" },
    ]);
  });

  it("offers nothing without countries", () => {
    expect(phoneCodes([])).toEqual([]);
  });
});
