import "~/chunks/sports";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Breadcrumbs } from "~/components/sports/Breadcrumbs";
import { useDisplay } from "~/components/sports/use-display";
import { GroupedGames } from "~/components/sports/GameList";
import { SportsLayout } from "~/components/sports/SportsLayout";
import { useLiveFeed } from "~/components/sports/use-live-feed";
import { pageLoader } from "~/loaders/guards.server";
import { pageSeo } from "~/loaders/seo.server";
import { cachedFeed, sportsContext } from "~/loaders/sports.server";
import { useRootData } from "~/components/root-data";
import { seoMeta } from "~/seo";
import { groupGames } from "~/sports/filters";
import type { GameView } from "~/sports/model";
import { POLL_LIVE_OTHER_MS } from "~/sports/polling";
import { parseIdSlug } from "~/sports/slug";
import { sportsStyles } from "~/styles/stylesheets";
import { notFound } from "~/lib/responses.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sportsStyles }];

/**
 * Cyber sport (SPEC §2): cyber/{type} where type is `real` (every discipline: the live and line
 * dashboard; `cyber` redirects here), `all`, `live` or `line` (one section), or a discipline's
 * slug; cyber/{discipline}/champs lists its championships, cyber/{discipline}/{champ} one of them.
 * Games open on the sports game page.
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, args.params.champ ? "cyber-champ" : "cyber", async (ctx) => {
    const type = args.params.type ?? "real";
    const [live, line] = await Promise.all([sportsContext(ctx.site.lng, "live", ctx.user?.hiddenSports), sportsContext(ctx.site.lng, "line", ctx.user?.hiddenSports)]);
    const disciplines = line.sports.filter((s) => s.isCyber).map((s) => ({ ...s, liveCount: live.sports.find((l) => l.id === s.id)?.count ?? 0 }));
    const discipline = disciplines.find((d) => d.slug === type) ?? null;
    if (!discipline && !["real", "all", "live", "line"].includes(type)) throw notFound();
    const champParam = args.params.champ;
    const showChamps = champParam === "champs";
    const champId = champParam && !showChamps ? parseIdSlug(champParam) : null;
    if (champParam && !showChamps && (champId === null || !discipline)) throw notFound();
    if (showChamps && !discipline) throw notFound();
    const scope = discipline ? [discipline] : disciplines;
    const sections = type === "live" ? (["live"] as const) : type === "line" ? (["line"] as const) : (["live", "line"] as const);
    const feeds = await Promise.all(sections.flatMap((section) => scope.map((s) => cachedFeed({ section, sportId: s.id, champId }).then((f) => ({ section, f })))));
    if (champId !== null && feeds.every(({ f }) => f === null)) throw notFound();
    const pick = (section: "live" | "line"): GameView[] =>
      feeds.filter((x) => x.section === section).flatMap(({ f }) => (f?.games ?? []).filter(line.visible).map(section === "live" ? live.toGame : line.toGame));
    const liveGames = pick("live");
    const lineGames = pick("line").slice(0, 60);
    if (champId !== null && liveGames.length + lineGames.length === 0) throw notFound();
    const seo = await pageSeo(ctx.site, { titleKey: ctx.meta.titleKey, descriptionKey: "cyber.description" });
    const heading = discipline ? discipline.name : line.t(`cyber.types.${type}`);
    return {
      lng: ctx.site.lng,
      type,
      heading,
      disciplines: disciplines.map((d) => ({ id: d.id, slug: d.slug, name: d.name, count: d.count + d.liveCount })),
      champs: showChamps && discipline ? discipline.champs : [],
      showChamps,
      sports: line.menu(),
      live: { games: liveGames, version: feeds.find((x) => x.section === "live")?.f?.version ?? 0 },
      line: lineGames,
      liveFeed: discipline ? `/${ctx.site.lng}/sports-feed?section=live&sport=${discipline.id}${champId ? `&champ=${champId}` : ""}` : null,
      timeZone: ctx.site.config.defaultTimeZone,
      seo: { ...seo, title: `${line.t("cyber.title")}: ${heading} — ${ctx.site.config.companyName}` },
    };
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function Cyber() {
  const d = useLoaderData<typeof loader>();
  const root = useRootData();
  const { t } = useTranslation();
  const bestFirst = useDisplay().bestOnTop === 1;
  const here = `/${d.lng}/cyber/${d.type}`;
  const live = useLiveFeed({ games: d.live.games, version: d.live.version, feedUrl: d.liveFeed, intervalMs: POLL_LIVE_OTHER_MS, isBot: root?.isBot ?? true });
  const ctx = { lng: d.lng, timeZone: d.timeZone, here };
  return (
    <SportsLayout lng={d.lng} section="line" sports={d.sports} here={here}>
      <Breadcrumbs items={[{ label: t("sports.home"), href: `/${d.lng}` }, { label: t("cyber.title"), href: `/${d.lng}/cyber/real` }, { label: d.heading }]} />
      <h1 className="sports-head__title">
        {t("cyber.title")}: {d.heading}
      </h1>
      <nav className="list-filters__time" aria-label={t("cyber.disciplines")}>
        {(["real", "live", "line"] as const).map((type) => (
          <Link key={type} to={`/${d.lng}/cyber/${type}`} className={`chip${d.type === type ? " is-active" : ""}`}>
            {t(`cyber.types.${type}`)}
          </Link>
        ))}
        {d.disciplines.map((s) => (
          <Link key={s.id} to={`/${d.lng}/cyber/${s.slug}`} className={`chip${d.type === s.slug ? " is-active" : ""}`}>
            {s.name} <span className="sports-menu__count">&nbsp;{s.count}</span>
          </Link>
        ))}
      </nav>
      {d.showChamps ? (
        <ul className="multi-pick">
          {d.champs.map((c) => (
            <li key={c.id} className="multi-pick__item">
              <span />
              <Link to={`/${d.lng}/cyber/${d.type}/${c.id}-${c.slug}`}>{c.name}</Link>
              <span className="sports-menu__count">{c.count}</span>
            </li>
          ))}
        </ul>
      ) : (
        <>
          {d.type !== "line" ? (
            <>
              <h2 className="home-block__title">
                <span className="live-dot" aria-hidden="true" />
                {t("sports.section.live")}
              </h2>
              <GroupedGames groups={groupGames(live.games, { byCountry: false, bestFirst })} section="live" ctx={{ ...ctx, moves: live.moves }} emptyText={t("sports.noLiveGames")} level={3} />
            </>
          ) : null}
          {d.type !== "live" ? (
            <>
              <h2 className="home-block__title">{t("sports.section.line")}</h2>
              <GroupedGames groups={groupGames(d.line, { byCountry: false, bestFirst })} section="line" ctx={{ ...ctx, moves: new Map() }} emptyText={t("sports.noGames")} level={3} />
            </>
          ) : null}
        </>
      )}
    </SportsLayout>
  );
}
