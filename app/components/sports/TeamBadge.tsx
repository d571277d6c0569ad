import { teamBadge } from "~/sports/team-badge";

const SHIELD = "M12 1.5 21 4.5v7c0 5.2-3.8 9.2-9 11-5.2-1.8-9-5.8-9-11v-7z";
/** The shield's lower part, below y 16 (no clip path: a page shows the same team many times, and ids must stay unique). */
const BASE = "M3.7 16h16.6c-1.6 3.2-4.4 5.3-8.3 6.5-3.9-1.2-6.7-3.3-8.3-6.5z";

/**
 * A team's monogram badge (the "team logos" display setting): a shield in the team's colours
 * with its initials. Decorative: the team's name is always written beside it.
 */
export function TeamBadge({ name, size = 20 }: { name: string; size?: number }) {
  const badge = teamBadge(name);
  return (
    <svg className="team-badge" viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d={SHIELD} fill={badge.field} />
      <path d={BASE} fill={badge.stripe} />
      <path d={SHIELD} fill="none" stroke="rgba(255,255,255,0.45)" strokeWidth="1" />
      <text x="12" y="10.6" textAnchor="middle" dominantBaseline="middle" fill="#fff" fontSize={badge.initials.length > 1 ? 8 : 9.5} fontWeight="700" fontFamily="system-ui, sans-serif">
        {badge.initials}
      </text>
    </svg>
  );
}
