import type { Db } from "../db/index.ts";

/** Why a phone number does not fit the countries with its dialing code, or null when it fits one. */
export async function phoneProblem(db: Db, phoneCode: string, phoneNumber: string): Promise<string | null> {
  const countries = await db.selectFrom("phone_country").select(["min_digits", "max_digits"]).where("tel_code", "=", phoneCode).execute();
  if (countries.length === 0) return `phone_code: no country dials +${phoneCode}`;
  const fits = countries.some((c) => phoneNumber.length >= c.min_digits && phoneNumber.length <= c.max_digits);
  if (!fits) {
    const lengths = [
      ...new Set(countries.flatMap((c) => (c.min_digits === c.max_digits ? [`${c.min_digits}`] : [`${c.min_digits}-${c.max_digits}`]))),
    ];
    return `phone_number: +${phoneCode} numbers have ${lengths.join(" or ")} digits`;
  }
  return null;
}

/** Phone countries (SPEC §3 "Other entities"), in id order. */
export function listPhoneCountries(db: Db) {
  return db.selectFrom("phone_country").select(["id", "name", "country_code", "tel_code"]).orderBy("id").execute();
}

/** Each phone country's input mask and digit counts, in id order. */
export function listPhoneMasks(db: Db) {
  return db.selectFrom("phone_country").select(["id", "mask", "min_digits", "max_digits"]).orderBy("id").execute();
}

/** The ISO country code of a phone country id, or null when there is no such id. */
export async function countryCodeOfPhoneCountry(db: Db, id: number): Promise<string | null> {
  const row = await db.selectFrom("phone_country").select("country_code").where("id", "=", id).executeTakeFirst();
  return row?.country_code ?? null;
}
