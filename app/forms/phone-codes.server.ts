import { type PhoneCode, phoneCodes } from "./login";
import { type PreparedJson, prepareJson } from "~/lib/prepared-json";
import { type PhoneCountry, phoneCountries } from "~/services/auth.server";

const prepared = new WeakMap<PhoneCountry[], PreparedJson<PhoneCode[]>>();
const noCodes = prepareJson<PhoneCode[]>([]);

/**
 * The phone login forms' dialling codes, prepared once per phone-countries answer (decision 052),
 * which is kept ten minutes: the login page and modal sent some 50 countries value by value on
 * every view. None when the platform does not answer: the phone forms then take the code typed.
 */
export async function preparedPhoneCodes(): Promise<PreparedJson<PhoneCode[]>> {
  const countries = await phoneCountries().catch(() => null);
  if (!countries) return noCodes;
  let codes = prepared.get(countries);
  if (!codes) {
    codes = prepareJson(phoneCodes(countries));
    prepared.set(countries, codes);
  }
  return codes;
}
