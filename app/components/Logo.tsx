export function Logo({ company }: { company: string }) {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="15" fill="var(--brand)" />
        <path d="M9 22 L16 8 L23 22 M11.8 17 H20.2" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="logo__text">{company}</span>
    </span>
  );
}
