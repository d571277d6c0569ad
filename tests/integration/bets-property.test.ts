import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settleCoupon } from "../../betting-math/settlement";
import type { SelectionStatusId } from "../../betting-math/status";
import { type Stack, databases, startStack } from "../support/stack";
import { reconcileLedgerAfterEach } from "../support/suite";
import { authClient } from "./platform-auth-client";

// Property: random coupons on random games with random final scores. After every step the
// ledger sums to zero with no negative or drifting balance; each selection gets the status its
// game's score gives by the rules written here (not the platform's own), each coupon pays what
// the shared maths (proven on its own by betting-math/settlement.*.test.ts) gives for those
// statuses; the bettor's money is the deposit − stakes + payouts.

const PICKS = ["1::1", "1::X", "1::2", "4:2500:over", "4:2250:under", "5:-750:1", "6::yes"] as const;
const COEFS: Record<(typeof PICKS)[number], number> = {
  "1::1": 2.1,
  "1::X": 3.4,
  "1::2": 3.5,
  "4:2500:over": 1.9,
  "4:2250:under": 2.05,
  "5:-750:1": 1.95,
  "6::yes": 1.8,
};

/** SPEC §4 status of a pick at a final score, by hand; a cancelled game force-returns (3). */
function expectedStatus(pick: string, home: number, away: number, cancelled: boolean): SelectionStatusId {
  if (cancelled) return 3;
  const total = home + away;
  const margin = home - away;
  switch (pick) {
    case "1::1":
      return home > away ? 1 : 0;
    case "1::X":
      return home === away ? 1 : 0;
    case "1::2":
      return home < away ? 1 : 0;
    case "4:2500:over":
      return total >= 3 ? 1 : 0;
    case "4:2250:under": // halves on under 2 and under 2.5: 2 goals returns one half, wins the other
      return total <= 1 ? 1 : total === 2 ? 4 : 0;
    case "5:-750:1": // halves on −0.5 and −1: winning by 1 wins one half, returns the other
      return margin >= 2 ? 1 : margin === 1 ? 4 : 0;
    case "6::yes":
      return home > 0 && away > 0 ? 1 : 0;
    default:
      throw new Error(`no rule for ${pick}`);
  }
}

describe.each(databases)("settlement property on %s", (db) => {
  let stack: Stack;
  reconcileLedgerAfterEach(() => stack?.platformUrl);
  const api = authClient(() => stack.platformUrl);
  beforeAll(async () => {
    stack = await startStack({ db, site: false });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const invariants = api.expectLedgerBalanced;

  it("random coupons settle as the shared maths says, and the ledger balances after every step", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            picks: fc.array(fc.constantFrom(...PICKS), { minLength: 3, maxLength: 3 }),
            type: fc.constantFrom(0, 1, 2),
            amount: fc.integer({ min: 1_000, max: 50_000 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 }), fc.boolean()), { minLength: 3, maxLength: 3 }),
        async (coupons, scores) => {
          const { userId, token } = await api.createUser({});
          const { accountId } = await api.expectOk("POST", "/__test/ledger/deposit", { body: { userId, amount: 1_000_000 } }, 201);
          const games: Array<{ gameId: number; outcomes: Record<string, number> }> = [];
          for (let i = 0; i < 3; i++) games.push(await api.expectOk("POST", "/__test/bets/games", { body: { status: 1 } }, 201));
          let staked = 0;
          const ids: number[] = [];
          for (const [n, c] of coupons.entries()) {
            const bets = c.picks.map((pick, g) => ({ outcomeId: games[g]!.outcomes[pick], coef: COEFS[pick] }));
            const body =
              c.type === 0
                ? { accountId, typeId: 0, amount: c.amount, bets: bets.slice(0, 1) }
                : c.type === 1
                  ? { accountId, typeId: 1, amount: c.amount, bets }
                  : { accountId, typeId: 2, systemValue: 2, amount: c.amount, bets };
            const res = await api.call("POST", "/web-api/bets/coupon", { token, body, headers: { "idempotency-key": `prop-${userId}-${n}` } });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            ids.push(res.body.result.successCoupon.id);
            staked += c.amount;
            await invariants();
          }
          for (const [g, [home, away, cancelled]] of scores.entries()) {
            await api.expectOk("POST", `/__test/bets/games/${games[g]!.gameId}/finish`, { body: cancelled && g === 2 ? { status: 5 } : { home, away } });
            await invariants();
          }
          let paid = 0;
          for (const id of ids) {
            const coupon = (await api.expectOk("GET", `/web-api/bets/coupons/${id}`, { token })).result;
            expect(coupon.state).toBe("settled");
            const selections = coupon.bets.map((b: { gameId: number; marketTypeId: number; param: number | null; key: string; coef: number; statusId: number }) => {
              const g = games.findIndex((game) => game.gameId === b.gameId);
              const [home, away, cancelled] = scores[g]!;
              const statusId = expectedStatus(`${b.marketTypeId}:${b.param ?? ""}:${b.key}`, home, away, cancelled && g === 2);
              expect(b.statusId).toBe(statusId);
              return { coef: b.coef, statusId };
            });
            const expected = settleCoupon({ typeId: coupon.typeId, stake: coupon.amount, selections, systemValue: coupon.systemValue ?? undefined });
            expect(expected).toMatchObject({ state: "settled", payout: coupon.payout, statusId: coupon.statusId });
            paid += coupon.payout;
          }
          const money = (await api.expectOk("GET", "/web-api/account/balance", { token })).result.accounts[0].money;
          expect(money).toBe(1_000_000 - staked + paid);
        },
      ),
      { numRuns: 25 },
    );
  });
});
