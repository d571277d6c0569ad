/** A small glyph per sport, drawn inline so the menu needs no image requests. */
const glyphs: Record<string, string> = {
  football: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4 3 2.2-1.2 3.5h-3.6L9 9.2z",
  tennis: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM5 7c4 2 4 8 0 10M19 7c-4 2-4 8 0 10",
  basketball: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3v18M6 5.5c3 3 3 10 0 13M18 5.5c-3 3-3 10 0 13",
  "ice-hockey": "M4 4l7 12h6M20 4l-5 9M8 19h8",
  volleyball: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 3c0 5 3 8 8 9M4 8c5 0 8 3 9 12M4 17c3-4 6-6 12-6",
  "table-tennis": "M9 5a5 5 0 1 1 0 10 5 5 0 0 1 0-10zM12.5 13.5 18 19M18 6a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z",
  handball: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM7 7l10 10M17 7 7 17",
  esports: "M6 9h12a3 3 0 0 1 3 3v3a2 2 0 0 1-3.5 1.3L15 14H9l-2.5 2.3A2 2 0 0 1 3 15v-3a3 3 0 0 1 3-3zM8 11v2M7 12h2M15 12h.01M17 12h.01",
  "american-football": "M5 19c-2-6 8-16 14-14 2 6-8 16-14 14zM9 15l6-6M10.5 11.5l2 2M12.5 9.5l2 2",
  baseball: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM8 4.5c1.5 2 2 4.5 2 7.5s-.5 5.5-2 7.5M16 4.5c-1.5 2-2 4.5-2 7.5s.5 5.5 2 7.5M9 8h1.8M9 16h1.8M13.2 8H15M13.2 16H15",
  "rugby-union": "M3 12c0-4 4-7 9-7s9 3 9 7-4 7-9 7-9-3-9-7zM12 5v14M10 9h4M10 15h4",
  "rugby-league": "M3 12c0-4 4-7 9-7s9 3 9 7-4 7-9 7-9-3-9-7zM7 12h10M9 10v4M15 10v4",
  "australian-rules": "M12 3c4 0 6 4 6 9s-2 9-6 9-6-4-6-9 2-9 6-9zM12 7v10M10 10h4M10 14h4",
  "water-polo": "M12 2.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM7 5.5c3 1.5 7 1.5 10 0M6 12c3-2 9-2 12 0M3 21c2-1.5 4-1.5 6 0s4 1.5 6 0 4-1.5 6 0",
  "beach-volleyball": "M12 2.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM12 2.5c0 3.5 2 5.8 6.3 6.4M6 6c3.5 0 5.8 2.2 6.5 9.3M3 21c2-1.5 4-1.5 6 0s4 1.5 6 0 4-1.5 6 0",
  "beach-soccer": "M12 2.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zm0 3.5 2.2 1.6-.9 2.6h-2.6l-.9-2.6zM3 21c2-1.5 4-1.5 6 0s4 1.5 6 0 4-1.5 6 0",
  badminton: "M9 15 5 5h14l-4 10zM9 15a3 3 0 0 0 6 0M9.5 5l1 10M14.5 5l-1 10M7 10h10",
  bandy: "M5 3l7 14c.6 1.3 1.6 2 3 2h4M15 7a2 2 0 1 0 4 0 2 2 0 1 0-4 0",
  "field-hockey": "M9 3v12c0 2.5 1.5 4 3.5 4S16 17.5 16 16M16 8a2 2 0 1 0 4 0 2 2 0 1 0-4 0",
  floorball: "M5 3l8 13h6v3h-7M14 7a3 3 0 1 0 6 0 3 3 0 1 0-6 0M17 5.5v.01M15.7 8v.01M18.3 8v.01",
  snooker: "M6 18a2 2 0 1 0 4 0 2 2 0 1 0-4 0M10 18a2 2 0 1 0 4 0 2 2 0 1 0-4 0M14 18a2 2 0 1 0 4 0 2 2 0 1 0-4 0M8 14.5a2 2 0 1 0 4 0 2 2 0 1 0-4 0M12 14.5a2 2 0 1 0 4 0 2 2 0 1 0-4 0M10 11a2 2 0 1 0 4 0 2 2 0 1 0-4 0M12 3v5",
  darts: "M12 4a8 8 0 1 0 0 16 8 8 0 0 0 0-16zM12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 12l8-8M17 4h3v3",
  squash: "M10 3a5 6 0 1 0 0 12 5 6 0 0 0 0-12zM12.5 14l5 7M18 4a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0",
  padel: "M12 3a6 6 0 0 0-6 6c0 3.5 2.5 6 6 6s6-2.5 6-6a6 6 0 0 0-6-6zM11 15v6h2v-6M10 8h.01M14 8h.01M12 11h.01",
  netball: "M4 15a5 5 0 1 0 10 0 5 5 0 1 0-10 0M14 5h7M15 5l1 4h3l1-4M17.5 9v12",
  lacrosse: "M4 20l9-9M13 11c-1-3 1-7 4-7s4 3 3 6-4 3-7 1zM15 7l3 3M17 5.5l1.5 1.5",
  // Three marbles rolling down a track.
  marble: "M3 7c6 0 12 3 18 10M5.5 12.5a2 2 0 1 0 4 0 2 2 0 1 0-4 0M11 15.5a2 2 0 1 0 4 0 2 2 0 1 0-4 0M15.5 19a1.6 1.6 0 1 0 3.2 0 1.6 1.6 0 1 0-3.2 0",
  cricket: "M15 3l3 3-9 9-3-3zM6 12l-3 3 3 3 3-3M16 18a2 2 0 1 0 4 0 2 2 0 1 0-4 0",
  "counter-strike": "M12 5a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM12 2v6M12 16v6M2 12h6M16 12h6",
};
const fallback = "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM8 12h8";

/** Futsal is football indoors; the video-game sports share the controller. */
const alias: Record<string, string> = { futsal: "football", "dota-2": "esports", "league-of-legends": "esports", valorant: "esports", efootball: "esports", ebasketball: "esports", ehockey: "esports", etennis: "esports" };

export function SportIcon({ slug }: { slug: string }) {
  const d = glyphs[slug] ?? glyphs[alias[slug] ?? ""] ?? (slug.startsWith("cyber") || slug.includes("esport") ? glyphs.esports! : fallback);
  return (
    <svg className="sport-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
