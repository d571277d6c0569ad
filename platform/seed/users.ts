/** Demo accounts a fresh database starts with (README lists them). */
export const demoUsers = [
  { email: "player@arena.bet", password: "Player123", roles: ["player"] },
  { email: "ops@arena.bet", password: "Operator123", roles: ["player", "ops"] },
];
