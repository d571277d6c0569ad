import type { ReactNode } from "react";

const icons = {
  key: "M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4M12 15v2",
  mail: "M3 6h18v12H3zM3 7l9 6 9-6",
  phone: "M8 2h8a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM11 18h2",
  shield: "M12 3 5 6v6c0 4.5 3 7.7 7 9 4-1.3 7-4.5 7-9V6zM9 12l2 2 4-4",
  check: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM8 12l3 3 5-6",
  cross: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9 9l6 6M15 9l-6 6",
  bell: "M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0",
  user: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0",
  inbox: "M3 13h5l1 3h6l1-3h5M5 5h14l2 8v6H3v-6z",
  download: "M12 4v11M7 10l5 5 5-5M5 20h14",
  image: "M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15 9h.01",
} as const;
export type AuthIcon = keyof typeof icons;

export function Icon({ name, size = 24 }: { name: AuthIcon; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d={icons[name]} fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The card of the account pages (activation, password reset, newsletter): a badge, a title, the body. */
export function AuthCard({
  icon,
  tone = "brand",
  title,
  lead,
  children,
  footer,
  titleId = "account-card-title",
}: {
  icon: AuthIcon;
  tone?: "brand" | "danger" | "warning" | "info";
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  titleId?: string;
}) {
  return (
    <section className={`account-card account-card--${tone}`} aria-labelledby={titleId}>
      <div className="account-card__badge">
        <Icon name={icon} size={28} />
      </div>
      <h1 id={titleId} className="account-card__title">
        {title}
      </h1>
      {lead ? <div className="account-card__lead">{lead}</div> : null}
      {children}
      {footer ? <div className="account-card__footer">{footer}</div> : null}
    </section>
  );
}
