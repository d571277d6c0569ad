/**
 * The winter snowfall of the home page (SPEC §1): a few flakes drawn with CSS transforms on
 * their own compositor layer, ignoring the pointer and not taking part in layout, so scrolling
 * stays smooth; people who ask for reduced motion get none (see sports.css).
 */
const FLAKES = Array.from({ length: 24 }, (_, i) => ({
  left: (i * 37) % 100,
  delay: (i * 1.3) % 9,
  duration: 9 + ((i * 7) % 8),
  size: 3 + (i % 4),
}));

export function Snowfall() {
  return (
    <div className="snowfall" aria-hidden="true">
      {FLAKES.map((f, i) => (
        <span
          key={i}
          className="snowfall__flake"
          style={{ insetInlineStart: `${f.left}%`, animationDelay: `${f.delay}s`, animationDuration: `${f.duration}s`, inlineSize: f.size, blockSize: f.size }}
        />
      ))}
    </div>
  );
}
