import type { MetaFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ForgotPasswordModal } from "~/components/auth/ForgotPasswordModal";
import { localPath } from "~/components/paths";
import { pageLoader } from "~/loaders/guards.server";
import { pageSeo } from "~/loaders/seo.server";
import { seoMeta } from "~/seo";

export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "home", async ({ site, user }) => ({
    lng: site.lng,
    // SPEC §2: ?showForgotPasswordModal=1 opens the forgot-password modal, for guests only.
    forgotPassword: !user && site.url.searchParams.get("showForgotPasswordModal") === "1",
    seo: await pageSeo(site, { titleKey: "meta.homeTitle", descriptionKey: "meta.homeDescription" }),
  }));

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);



const tiles = [
  { key: "line", textKey: "home.lineText", path: "/line", tone: "sport" },
  { key: "live", textKey: "home.liveText", path: "/live", tone: "live" },
  { key: "casino", textKey: "home.casinoText", path: "/slots", tone: "casino" },
  { key: "liveCasino", textKey: "home.liveCasinoText", path: "/live-casino", tone: "dealer" },
  { key: "esports", textKey: "home.esportsText", path: "/cyber/real", tone: "esports" },
  { key: "promotions", textKey: "home.promotionsText", path: "/bonuses", tone: "promo" },
] as const;

const benefits = [
  { title: "home.benefitFastTitle", text: "home.benefitFastText", icon: "M13 2 4 14h7l-1 8 9-12h-7z" },
  { title: "home.benefitOddsTitle", text: "home.benefitOddsText", icon: "M4 19V9m6 10V5m6 14v-7m4 7H3" },
  { title: "home.benefitSafeTitle", text: "home.benefitSafeText", icon: "M12 3 5 6v6c0 4.5 3 7.7 7 9 4-1.3 7-4.5 7-9V6z" },
] as const;

export default function Home() {
  const { lng, forgotPassword } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="home">
      {forgotPassword ? <ForgotPasswordModal lng={lng} closeHref={localPath(lng, "/")} /> : null}
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__body">
          <p className="hero__kicker">{t("home.heroKicker")}</p>
          <h1 id="hero-title" className="hero__title">
            {t("home.heroTitle")}
          </h1>
          <p className="hero__text">{t("home.heroText")}</p>
          <div className="hero__actions">
            <a className="button button--primary button--large" href={localPath(lng, "/registration")}>
              {t("home.heroCta")}
            </a>
            <Link className="button button--ghost button--large" to={localPath(lng, "/live")}>
              {t("home.heroSecondary")}
            </Link>
          </div>
        </div>
        <div className="hero__art" aria-hidden="true">
          <svg viewBox="0 0 200 200" width="220" height="220">
            <circle cx="100" cy="100" r="92" fill="rgba(255,255,255,.08)" />
            <circle cx="100" cy="100" r="64" fill="#fff" />
            <path d="M100 58l20 14-8 24H88l-8-24zM100 58V40M120 72l18-8M112 96l14 16M88 96l-14 16M80 72l-18-8" stroke="#0b1a14" strokeWidth="5" fill="none" strokeLinejoin="round" />
          </svg>
        </div>
      </section>

      <section className="tiles" aria-labelledby="sections-title">
        <h2 id="sections-title" className="section-title">
          {t("home.sectionsTitle")}
        </h2>
        <ul className="tiles__grid">
          {tiles.map((tile) => (
            <li key={tile.key}>
              <Link to={localPath(lng, tile.path)} className={`tile tile--${tile.tone}`} prefetch="intent">
                <span className="tile__name">{t(`nav.${tile.key}`)}</span>
                <span className="tile__text">{t(tile.textKey)}</span>
                <span className="tile__cta">{t("home.open")}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="benefits" aria-labelledby="benefits-title">
        <h2 id="benefits-title" className="section-title">
          {t("home.benefitsTitle")}
        </h2>
        <ul className="benefits__grid">
          {benefits.map((b) => (
            <li key={b.title} className="benefit">
              <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                <path d={b.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
              </svg>
              <h3 className="benefit__title">{t(b.title)}</h3>
              <p className="benefit__text">{t(b.text)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
