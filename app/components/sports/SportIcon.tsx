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
};
const fallback = "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM8 12h8";

export function SportIcon({ slug }: { slug: string }) {
  const d = glyphs[slug] ?? (slug.startsWith("cyber") || slug.includes("esport") ? glyphs.esports! : fallback);
  return (
    <svg className="sport-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
