import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { RouteLayoutMeta } from "~/route-layouts";
import type { RootData } from "~/components/root-data";
import { AgeGate } from "./AgeGate";
import { OneTapPrompt } from "./auth/OneTapPrompt";
import { RegistrationReminder } from "./auth/RegistrationReminder";
import { BottomNav } from "./BottomNav";
import { MaintenanceNotice } from "./MaintenanceNotice";
import { Logo } from "./Logo";
import { NotificationArea } from "./NotificationArea";
import { Notifications } from "./Notifications";
import { SeoBlock } from "./SeoBlock";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";
import { localPath } from "~/lib/paths";

type Flags = Omit<RouteLayoutMeta, "layout">;

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#content">
      {t("a11y.skipToContent")}
    </a>
  );
}

/** Default: header, content, search-engine text, footer, notification areas. */
export function DefaultLayout({ root, flags, children }: { root: RootData; flags: Flags; children: ReactNode }) {
  const { t } = useTranslation();
  const here = `/${root.lng}${root.path === "/" ? "" : root.path}${root.search}`;
  return (
    <div className="layout layout--default">
      <SkipLink />
      <SiteHeader root={root} />
      <NotificationArea placement="top">
        {root.inactivityNotice ? (
          <div className="notice notice--warning" role="alert">
            <p className="notice__text">{t("auth.inactivityNotice")}</p>
          </div>
        ) : null}
        {root.maintenanceNotice ? (
          <MaintenanceNotice lng={root.lng} timeZone={root.timeZone} returnTo={here} {...root.maintenanceNotice} />
        ) : null}
      </NotificationArea>
      <main id="content" className="layout__content container">
        {children}
      </main>
      {flags.hideSeoBlock ? null : <SeoBlock root={root} />}
      {flags.hideFooter ? null : <SiteFooter root={root} />}
      {flags.hideBottomNav ? null : <BottomNav lng={root.lng} />}
      <NotificationArea placement="corner">
        <Notifications isBot={root.isBot} />
        {!root.user && !root.isBot && root.registrationAllowed ? (
          <RegistrationReminder lng={root.lng} delay={root.registrationReminder.delay} interval={root.registrationReminder.interval} />
        ) : null}
      </NotificationArea>
      {root.oneTap ? <OneTapPrompt lng={root.lng} {...root.oneTap} /> : null}
      {root.ageGate && !flags.skipAgeGate ? <AgeGate age={root.ageGate} lng={root.lng} returnTo={here} /> : null}
    </div>
  );
}

/** Empty: the page alone (block pages, payment return pages). */
export function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <main id="content" className="layout layout--empty">
      {children}
    </main>
  );
}

/** Blocked: a bare header with the logo, for people who may not use the rest of the site. */
export function BlockedLayout({ root, children }: { root: RootData; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="layout layout--blocked">
      <header className="site-header site-header--bare">
        <div className="site-header__top container">
          <a href={localPath(root.lng, "/")} className="site-header__logo" aria-label={`${root.companyName} — ${t("a11y.home")}`}>
            <Logo company={root.companyName} />
          </a>
        </div>
      </header>
      <main id="content" className="layout__content container">
        {children}
      </main>
    </div>
  );
}

/** Maintenance: the logo and the page, nothing that would call the platform. */
export function MaintenanceLayout({ root, children }: { root: RootData; children: ReactNode }) {
  return (
    <div className="layout layout--maintenance">
      {/* In the banner landmark, so no content sits outside a landmark. */}
      <header className="layout--maintenance__logo">
        <Logo company={root.companyName} />
      </header>
      <main id="content">{children}</main>
    </div>
  );
}

/** Picks the layout a route's meta names. */
export function RouteLayout({ root, meta, children }: { root: RootData; meta: RouteLayoutMeta; children: ReactNode }) {
  switch (meta.layout) {
    case "empty":
      return <EmptyLayout>{children}</EmptyLayout>;
    case "blocked":
      return <BlockedLayout root={root}>{children}</BlockedLayout>;
    case "maintenance":
      return <MaintenanceLayout root={root}>{children}</MaintenanceLayout>;
    default:
      return (
        <DefaultLayout root={root} flags={meta}>
          {children}
        </DefaultLayout>
      );
  }
}
