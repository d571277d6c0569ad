import { isRouteErrorResponse } from "@remix-run/react";

/** The translated sentence a refused form post carries (app/forms/action.server.ts), if any. */
export function refusalMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status < 400 || error.status >= 500) return null;
  const message = (error.data as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : null;
}

/** The dictionary key an error response names for its sentence (e.g. the ops console's 503), if any. */
export function errorMessageKey(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  const key = (error.data as { messageKey?: unknown } | null)?.messageKey;
  return typeof key === "string" ? key : null;
}

/** The body of every error page: a big code, a heading, a sentence and one way out. */
export function ErrorPage(props: { code: string; title: string; text: string; action?: { href: string; label: string } }) {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__code" aria-hidden="true">
        {props.code}
      </p>
      <h1 id="error-title" className="error-page__title">
        {props.title}
      </h1>
      <p className="error-page__text">{props.text}</p>
      {props.action ? (
        // A plain link: it must work even when the app's scripts could not start.
        <a className="button button--primary" href={props.action.href}>
          {props.action.label}
        </a>
      ) : null}
    </section>
  );
}
