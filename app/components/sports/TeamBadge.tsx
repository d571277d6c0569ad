import type { CSSProperties } from "react";
import { teamBadge } from "~/sports/team-badge";

/**
 * A team's monogram badge (the "team logos" display setting): a shield in the team's colours
 * with its initials. Decorative: the team's name is always written beside it. One element drawn
 * by CSS (sports.css): a line page shows dozens, and an SVG of five elements each was about a
 * tenth of the home page's markup and render.
 */
export function TeamBadge({ name, size = 20 }: { name: string; size?: number }) {
  const badge = teamBadge(name);
  const style = { "--badge-field": badge.field, "--badge-stripe": badge.stripe, "--badge-size": `${size}px` } as CSSProperties;
  return (
    <span className={badge.initials.length > 1 ? "team-badge" : "team-badge team-badge--one"} style={style} aria-hidden="true">
      {badge.initials}
    </span>
  );
}
