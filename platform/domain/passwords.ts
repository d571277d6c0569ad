import { randomInt } from "node:crypto";
import { type Algorithm, hash, verify } from "@node-rs/argon2";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

/** Why a new password is refused, or null when it meets the policy (8-64 characters, a letter and a digit). */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `password: at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `password: at most ${PASSWORD_MAX_LENGTH} characters`;
  if (!/\p{L}/u.test(password)) return "password: needs a letter";
  if (!/\p{Nd}/u.test(password)) return "password: needs a digit";
  return null;
}

// Unambiguous characters only: the one-click password is read off the screen and typed again.
const LETTERS = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ";
const DIGITS = "23456789";

/** A random password that meets the policy: 10 characters with at least two letters and two digits. */
export function generatePassword(length = 10): string {
  const chars = [LETTERS, LETTERS, DIGITS, DIGITS].map((set) => set[randomInt(set.length)]!);
  const all = LETTERS + DIGITS;
  while (chars.length < length) chars.push(all[randomInt(all.length)]!);
  // Fisher-Yates, so the guaranteed letters and digits are not always in front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join("");
}

// argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane): about 20 ms per hash here.
// The enum is a declared const enum, which isolated modules cannot read, hence the number.
const ARGON2ID = 2 as Algorithm;
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. Without a hash (unknown account, social-only
 * account) it still spends the time of one check, so timing does not tell which part was wrong.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword("timing-equaliser-0");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash signs nobody in.
    return false;
  }
}
