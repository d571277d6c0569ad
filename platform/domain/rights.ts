/** What a signed-in user may do (GET /web-api/auth/rights). */
export type Right = "bet" | "deposit" | "withdraw" | "ops";

/** Players bet, deposit and withdraw; a ban (level above 0) takes betting away; ops get "ops". */
export function rightsOf(user: { roles: readonly string[]; ban_level: number }): Right[] {
  const rights: Right[] = [];
  if (user.roles.includes("player")) {
    if (user.ban_level <= 0) rights.push("bet");
    rights.push("deposit", "withdraw");
  }
  if (user.roles.includes("ops")) rights.push("ops");
  return rights;
}
