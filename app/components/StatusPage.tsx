import type { ReactNode } from "react";

const icons = {
  block: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM5.6 5.6l12.8 12.8",
  clock: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 3",
  tools: "M14 6a4 4 0 0 0-5 5l-6 6 3 3 6-6a4 4 0 0 0 5-5l-3 3-3-3z",
  browser: "M3 5h18v14H3zM3 9h18M6 7h.01M9 7h.01",
  check: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM8 12l3 3 5-6",
  cross: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9 9l6 6M15 9l-6 6",
  shield: "M12 3 5 6v6c0 4.5 3 7.7 7 9 4-1.3 7-4.5 7-9V6z",
  phone: "M8 2h8a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM11 18h2",
} as const;

/** A full-page message: block, maintenance, payment return and other technical pages. */
export function StatusPage(props: {
  icon: keyof typeof icons;
  tone: "danger" | "warning" | "success" | "info";
  title: string;
  children?: ReactNode;
  code?: string;
  actions?: ReactNode;
}) {
  return (
    <section className={`status-page status-page--${props.tone}`} aria-labelledby="status-title">
      <svg className="status-page__icon" viewBox="0 0 24 24" width="64" height="64" aria-hidden="true" focusable="false">
        <path d={icons[props.icon]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h1 id="status-title" className="status-page__title">
        {props.title}
      </h1>
      <div className="status-page__text">{props.children}</div>
      {props.actions ? <div className="status-page__actions">{props.actions}</div> : null}
      {props.code ? <p className="status-page__code">{props.code}</p> : null}
    </section>
  );
}
