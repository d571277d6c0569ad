/**
 * A sport's glyph. The drawings live in sports.css as masks keyed by the slug (a sport without
 * one gets the plain ball), so a menu of thirty sports costs thirty short elements and no
 * JavaScript, and the browser keeps the drawings with the cached stylesheet.
 */
export function SportIcon({ slug }: { slug: string }) {
  return <span className="sport-icon" data-sport={slug} aria-hidden="true" />;
}
