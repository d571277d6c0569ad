import { describe, expect, it } from "vitest";
import { nameHash, teamBadge, teamInitials } from "./team-badge";

describe("team badge", () => {
  it("takes the initials of the telling words", () => {
    expect(teamInitials("Manchester United FC")).toBe("MU");
    expect(teamInitials("AFC Bournemouth")).toBe("BO");
    expect(teamInitials("Arsenal")).toBe("AR");
    expect(teamInitials("1. FC Köln")).toBe("KÖ");
    expect(teamInitials("Smith J. / Doe K.")).toBe("SD");
    expect(teamInitials("Astana Wolves (e)")).toBe("AW");
    expect(teamInitials("Спартак Москва")).toBe("СМ");
    expect(teamInitials("FC")).toBe("FC");
    expect(teamInitials("1899")).toBe("1");
  });

  it("gives a name the same colours every time, and other names other colours", () => {
    expect(teamBadge("Arsenal FC")).toEqual(teamBadge("Arsenal FC"));
    expect(teamBadge(" arsenal fc ").field).toBe(teamBadge("Arsenal FC").field);
    const fields = new Set(["Arsenal FC", "Chelsea FC", "Liverpool FC", "Everton FC", "Fulham FC", "Brentford FC"].map((n) => teamBadge(n).field));
    expect(fields.size).toBe(6);
    expect(nameHash("a")).not.toBe(nameHash("b"));
  });

  it("keeps the field dark enough for white letters", () => {
    for (const name of ["Arsenal FC", "Real Madrid", "Bayern München", "Al Ahly", "Lakers", "x", "Ё"]) {
      const [, , l] = /hsl\((\d+) (\d+)% (\d+)%\)/.exec(teamBadge(name).field)!.slice(1).map(Number);
      expect(l).toBeGreaterThanOrEqual(26);
      expect(l).toBeLessThanOrEqual(37);
    }
  });
});
