import type { MetaFunction } from "@remix-run/node";
import { Link, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatDateTime } from "~/lib/format";

/** What the console's layout loader gives every page: who is signed in, the language and the site's time zone. */
export interface OpsShell {
  name: string;
  lng: string;
  tz: number;
}

export function useOpsShell(): OpsShell {
  return useRouteLoaderData("ops") as OpsShell;
}

/** Dates as the console shows them: in the ops user's language and the site's time zone. */
export function useOpsDate(): (iso: string) => string {
  const { lng, tz } = useOpsShell();
  return (iso) => formatDateTime(iso, lng, tz);
}

/** Every console page's meta: its title (opsLoader's), never indexed. */
export const opsMeta: MetaFunction = ({ data }) => [{ title: (data as { title?: string } | undefined)?.title }, { name: "robots", content: "noindex, nofollow" }];

/** A line above a page's content: a change done (status) or a refusal (alert). */
export interface OpsNotice {
  text: ReactNode;
  tone?: "info" | "success" | "alert";
  testId?: string;
}

export function OpsNotices({ notices }: { notices?: ReadonlyArray<OpsNotice | null | false | undefined> }) {
  return (
    <>
      {notices?.map((notice, i) => {
        if (!notice) return null;
        if (notice.tone === "alert") {
          return (
            <p key={i} className="field__error" role="alert" data-testid={notice.testId}>
              {notice.text}
            </p>
          );
        }
        return (
          <p key={i} className={notice.tone === "success" ? "notice notice--success" : "form__info"} role="status" data-testid={notice.testId}>
            {notice.text}
          </p>
        );
      })}
    </>
  );
}

export interface OpsPageProps {
  /** Names the page's heading (`${id}-title`). */
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  /** A link back to the list a record belongs to. */
  back?: { to: string; label: ReactNode };
  /** Beside the title: the page's main action (a new record). */
  action?: ReactNode;
  notices?: ReadonlyArray<OpsNotice | null | false | undefined>;
  children?: ReactNode;
}

/** A console page: its heading, intro and notices, then its blocks. */
export function OpsPage(props: OpsPageProps) {
  return (
    <section className="ops-page" aria-labelledby={`${props.id}-title`}>
      {props.back ? (
        <p className="ops-page__back">
          <Link to={props.back.to}>← {props.back.label}</Link>
        </p>
      ) : null}
      <div className="ops-page__head">
        <h1 id={`${props.id}-title`} className="page-title">
          {props.title}
        </h1>
        {props.action}
      </div>
      {props.intro ? <p className="muted">{props.intro}</p> : null}
      <OpsNotices notices={props.notices} />
      {props.children}
    </section>
  );
}

/** A titled block of a page (a switch, the export), a card; `aside` stands beside its content. */
export function OpsSection(props: { id: string; title: ReactNode; hint?: ReactNode; aside?: ReactNode; wide?: boolean; className?: string; children: ReactNode }) {
  const className = ["card", "ops-section", props.wide ? "ops-section--wide" : "", props.className ?? ""].filter(Boolean).join(" ");
  return (
    <section id={props.id} className={className} aria-labelledby={`${props.id}-title`}>
      <div className="ops-section__head">
        <h2 id={`${props.id}-title`} className="card__title">
          {props.title}
        </h2>
        {props.hint ? <p className="field__hint">{props.hint}</p> : null}
      </div>
      {props.aside ? (
        <div className="ops-section__split">
          <div className="ops-section__main">{props.children}</div>
          {props.aside}
        </div>
      ) : (
        props.children
      )}
    </section>
  );
}
