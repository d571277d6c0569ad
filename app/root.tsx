import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_RemixContext,
  isRouteErrorResponse,
  useRouteError,
  useMatches,
} from "@remix-run/react";
import { type ReactNode, useContext, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { isbot } from "isbot";
import { ErrorPage, refusalMessage } from "./components/ErrorPage";
import { ListLinkNavigation } from "./components/ListLink";
import { useAutoLogoff } from "./components/auth/use-auto-logoff";
import { useSessionPoll } from "./components/auth/use-session-poll";
import { type RootData, useRootData } from "./components/root-data";
import { getT } from "./i18n/dictionaries.server";
import { dictionaryUrl } from "./i18n/browser-dictionary";
import { type Language, dictionaryPartsOf, endonyms, handleNamespaces, textDirection } from "./i18n/languages";
import { LOGOFF_NOTICE_COOKIE } from "./forms/sign-in.server";
import { commitCsrfToken } from "./forms/csrf.server";
import { MAINTENANCE_NOTICE_COOKIE, ageGateRequired } from "./loaders/guards.server";
import { COOKIES, clearCookie, setCookie } from "./lib/cookies.server";
import { isMaintenanceNoticeDue, registrationAllowed } from "./loaders/guard-rules";
import { requestCookies } from "./lib/request.server";
import { getSessionUser } from "./loaders/session-user.server";
import { headerBalance } from "./loaders/balance.server";
import { beforeDeadline, guardDeadline } from "./loaders/memo.server";
import { getSiteContext, languageWithoutConfig } from "./loaders/site.server";
import { env } from "./env.server";
import { useNonce } from "./lib/nonce";
import { oneTapClientId } from "./services/auth.server";
import { getContentGroups, NoSiteConfigError } from "./services/config.server";
import { appStyles as stylesHref } from "./styles/stylesheets";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.json" },
];

// Only custom properties with plain values may come from the config's brand book.
const CSS_PROP = /^--[a-z0-9-]{1,64}$/;
const CSS_VALUE = /^[#a-zA-Z0-9 .,%()-]{1,128}$/;
function brandCss(book: Array<{ css_prop: string; css_value: string }>): string {
  const rules = book.filter((b) => CSS_PROP.test(b.css_prop) && CSS_VALUE.test(b.css_value));
  return rules.length ? `:root{${rules.map((b) => `${b.css_prop}:${b.css_value}`).join(";")}}` : "";
}

export async function loader(args: LoaderFunctionArgs) {
  const { request } = args;
  let site;
  try {
    site = await getSiteContext(args);
  } catch (error) {
    if (error instanceof NoSiteConfigError) {
      throw data({ reason: "no-site-config", lng: languageWithoutConfig(request) }, { status: 500 });
    }
    throw error;
  }
  // A missing language prefix redirects from every loader; other problems are shown by the
  // page's own boundary inside the shell.
  if (site.problem && site.problem.status >= 300 && site.problem.status < 400) throw site.problem;

  const isBot = isbot(request.headers.get("user-agent"));
  const t = getT(site.lng);
  const [content, user, [csrfToken, csrfCookie]] = await Promise.all([
    getContentGroups(site.lng),
    getSessionUser(args),
    commitCsrfToken(request),
  ]);
  // The one-tap prompt: guests only, when the feature is on and the provider's script is set.
  const oneTapScript = env.GOOGLE_ONE_TAP_SCRIPT_URL;
  // Both decorate the shell: they get what is left of the page's guard deadline (decision 021).
  const deadline = guardDeadline(args);
  const oneTapClient =
    !user && !isBot && oneTapScript && site.config.features.googleOneTap ? await beforeDeadline(oneTapClientId(), deadline).catch(() => null) : null;
  // The header's balance (issue 14): signed-in bettors only; "unavailable" in place when the
  // platform cannot say, never a failed page (decision 063).
  const { balance, unavailable: balanceUnavailable } = user
    ? await headerBalance(user.token, { signal: request.signal, deadline, context: args.context })
    : { balance: null, unavailable: false };
  const { config } = site;
  const { maintenance } = config;
  const noticeDue =
    isMaintenanceNoticeDue(maintenance, new Date()) &&
    requestCookies(request)[MAINTENANCE_NOTICE_COOKIE] !== maintenance.notify_started_at;
  return data(
    {
      lng: site.lng,
      dir: site.dir,
      path: site.path,
      search: site.url.search,
      languages: site.languages.map((code) => ({ code, name: endonyms[code as Language] })),
      companyName: config.companyName,
      themeColor: config.pwaManifest.themeColor,
      brandCss: brandCss(config.partnerCssBrandBook),
      ageLimit: config.ageRestriction.age ?? 18,
      socialLinks: content.social_links ?? [],
      seoText: content.seo_home,
      registrationAllowed: registrationAllowed({ allowed: config.registration.allowed, vipDomains: config.vipDomains, hostname: site.url.hostname }),
      customRegistration: config.registration.customConfig,
      year: new Date().getUTCFullYear(),
      seoBlockTitle: t("seo.blockTitle", { company: config.companyName }),
      csrf: csrfToken,
      user: user ? { id: user.id, name: user.name, hiddenSports: user.hiddenSports } : null,
      balance,
      balanceUnavailable,
      ageGate: ageGateRequired(request, site),
      maintenanceNotice:
        noticeDue && maintenance.started_at && maintenance.ended_at
          ? { startedAt: maintenance.started_at, endedAt: maintenance.ended_at }
          : null,
      timeZone: config.defaultTimeZone,
      // Search bots get no timers at all (SPEC §4): no session poll, no idle tracking.
      isBot,
      oneTap: oneTapClient && oneTapScript ? { clientId: oneTapClient, scriptUrl: oneTapScript } : null,
      inactiveMinutes: config.inactiveMinutes,
      registrationReminder: config.registrationReminder,
      inactivityNotice: requestCookies(request)[LOGOFF_NOTICE_COOKIE] === "1",
      // Error boundaries' meta cannot translate, so their titles come ready.
      errorTitles: {
        notFound: `${t("meta.notFoundTitle")} — ${config.companyName}`,
        error: `${t("meta.errorTitle")} — ${config.companyName}`,
      },
    } satisfies RootData,
    {
      headers: [
        ...site.setCookies,
        ...(csrfCookie ? [csrfCookie] : []),
        ...platformTypeCookie(site.url),
        // The inactivity notice shows once.
        ...(requestCookies(request)[LOGOFF_NOTICE_COOKIE] ? [clearCookie(COOKIES.logoffNotice)] : []),
      ].map(
        (c) => ["Set-Cookie", c] as [string, string],
      ),
    },
  );
}

/** `platform_type=desktop` is remembered, so a phone that chose the desktop site stays. */
function platformTypeCookie(url: URL): string[] {
  if (url.searchParams.get("platform_type") !== "desktop") return [];
  return [setCookie(COOKIES.platformType, "desktop")];
}


export function Layout({ children }: { children: ReactNode }) {
  const root = useRootData();
  const { i18n, t } = useTranslation();
  const lng = root?.lng ?? i18n.language ?? "en";
  const nonce = useNonce();
  return (
    <html lang={lng} dir={textDirection(lng)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {root ? <meta name="theme-color" content={root.themeColor} /> : null}
        {root ? null : <title>{t("meta.errorTitle")}</title>}
        <Meta />
        <Links />
        <DictionaryPreloads lng={lng} />
        {root?.brandCss ? <style>{root.brandCss}</style> : null}
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The dictionary parts the browser fetches before hydrating (entry.client.tsx), asked for from
 * the head so that they arrive beside the scripts rather than after them. Those of the document's
 * first page only: a part a later page needs is loaded with its route's data (ops/layout.tsx),
 * and a preload added then would fetch it a second time.
 */
function DictionaryPreloads({ lng }: { lng: string }) {
  const version = useContext(UNSAFE_RemixContext)?.manifest.version;
  const matches = useMatches();
  const [parts] = useState(() => dictionaryPartsOf(matches.flatMap((match) => handleNamespaces(match.handle))));
  if (!version) return null;
  return parts.map((part) => <link key={part} rel="preload" as="fetch" crossOrigin="anonymous" href={dictionaryUrl(lng, part, version)} />);
}

export default function App() {
  const root = useRootData();
  useSessionPoll(root);
  useAutoLogoff(root);
  useEffect(() => {
    // Lets tests (and people debugging) know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <AuthenticityTokenProvider token={root?.csrf ?? ""}>
      <Outlet />
      <ListLinkNavigation />
    </AuthenticityTokenProvider>
  );
}

/** Only errors that escape every other boundary land here, above the shell. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const noConfig =
    isRouteErrorResponse(error) && (error.data as { reason?: string } | null)?.reason === "no-site-config";
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="standalone-error">
      {noConfig ? (
        <ErrorPage
          code="500"
          title={t("errors.noSiteConfigTitle")}
          text={t("errors.noSiteConfig")}
          action={{ href: "", label: t("errors.refresh") }}
        />
      ) : (
        <ErrorPage
          code={String(isRouteErrorResponse(error) ? error.status : 500)}
          title={t("errors.statusHeading", { status: isRouteErrorResponse(error) ? error.status : 500 })}
          text={refusalMessage(error) ?? t("errors.generic")}
          action={{ href: "/", label: t("errors.backHome") }}
        />
      )}
    </main>
  );
}
