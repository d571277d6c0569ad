import "~/chunks/sports";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data as withInit, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Breadcrumbs } from "~/components/sports/Breadcrumbs";
import { GroupedGames } from "~/components/sports/GameList";
import { ListFilters } from "~/components/sports/ListFilters";
import { champPath, sectionPath, sportPath } from "~/sports/paths";
import { SportsLayout, SportsUnavailable } from "~/components/sports/SportsLayout";
import { useDisplay } from "~/components/sports/use-display";
import { useLiveFeed } from "~/components/sports/use-live-feed";
import { displaySettings } from "~/loaders/coupon-seed.server";
import { pageLoader } from "~/loaders/guards.server";
import { pageSeo } from "~/loaders/seo.server";
import { NO_STORE, anyStale, cachedFeed, preparedPerAnswer, sportsContext, sportsUnavailable } from "~/loaders/sports.server";
import { privatePageHeaders } from "~/lib/private-headers.server";
import { usePreparedJson } from "~/lib/prepared-json";
import { useRootData } from "~/components/root-data";
import { seoMeta } from "~/seo";
import { bestMatchesFirst, filterGames, groupGames, parseTimeFilter } from "~/sports/filters";
import { type GameList, type Section, champTitle } from "~/sports/model";
import { pollIntervalMs } from "~/sports/polling";
import { parseIdSlug } from "~/sports/slug";
import { sportsStyles } from "~/styles/stylesheets";
import { notFound } from "~/lib/responses.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sportsStyles }];
// The loader's Cache-Control wins: a page from the last good copy is never stored (decision 063).
export const headers = privatePageHeaders;

/** Games a list shows at first; "show more" adds as many again (a whole line would be thousands). */
const PAGE_SIZE = 80;

/**
 * /{lng}/{live|line}[/{sport}[/{champ}]]: the games of a section, a sport or a championship,
 * grouped by championship (or country, then championship), with the Betting state's filters.
 */
export const loader = (args: LoaderFunctionArgs) => {
  const routeId = sectionRouteId(args.request.url);
  return pageLoader(args, routeId, async (ctx) => {
    const { params } = args;
    const section: Section = routeId.startsWith("live") ? "live" : "line";
    const lng = ctx.site.lng;
    const sportId = params.sport === undefined ? null : parseIdSlug(params.sport);
    const champId = params.champ === undefined ? null : parseIdSlug(params.champ);
    if ((params.sport !== undefined && sportId === null) || (params.champ !== undefined && champId === null)) throw notFound();

    let answers;
    try {
      answers = await Promise.all([sportsContext(lng, section, ctx.user?.hiddenSports), cachedFeed({ section, sportId, champId })]);
    } catch (error) {
      return sportsUnavailable(error, ctx, section);
    }
    const [sc, feed] = answers;
    const sport = sportId === null ? null : sc.sports.find((s) => s.id === sportId);
    if (sport === undefined || feed === null) throw notFound();
    const champ = champId === null || !sport ? null : sport.champs.find((c) => c.id === champId) ?? null;
    if (champId !== null && !champ) {
      // A championship with no game in this section right now is still a page; one of another sport is not.
      const known = feed.games.find((g) => g.champId === champId);
      if (!known || known.sportId !== sportId) throw notFound();
    }
    const champGame = feed.games.find((g) => g.champId === champId);
    const champName = champ ? champTitle(champ.name, champ.countryName) : champGame ? champTitle(champGame.champName, champGame.countryName) : "";

    // The id decides; a wrong or missing slug goes to the canonical address.
    const canonical = champId !== null && sport ? champPath(lng, section, sport, { id: champId, slug: champ?.slug ?? champGame?.champName ?? "" }) : sport ? sportPath(lng, section, sport) : sectionPath(lng, section);
    if (canonical !== ctx.site.url.pathname) throw redirect(`${canonical}${ctx.site.url.search}`, 301);

    const url = ctx.site.url;
    const timeFilter = parseTimeFilter(url.searchParams.get("filter"));
    const byCountry = url.searchParams.get("group") === "country";
    const onlyWithVideo = url.searchParams.get("video") === "1";
    // Whole pages only (80, 160, …), so that odd limits do not each make a view of their own.
    const limit = Math.min(Math.max(Math.ceil((Number(url.searchParams.get("limit")) || PAGE_SIZE) / PAGE_SIZE) * PAGE_SIZE, PAGE_SIZE), 2_000);
    // Only the games the page shows travel to the browser: a whole line is thousands of games.
    // Prepared once per feed answer for everyone who asks for the same view of it (decision 052).
    const bestOnTop = displaySettings(args.request, ctx.site, ctx.user?.display).bestOnTop === 1;
    const list = preparedPerAnswer(feed, `section|${sc.viewKey}|${timeFilter}|${onlyWithVideo}|${bestOnTop}|${limit}`, (): SectionList => {
      // The platform's present, not this server's: "starts within 3 hours" follows the feed's clock.
      const now = feed.clockMs;
      const matching = filterGames(feed.games.filter(sc.visible).map(sc.toListGame), { timeFilter, onlyWithVideo }, now);
      // Best matches on top orders before the page is cut, so a top game late in the line still leads.
      const matchingAll = bestOnTop ? bestMatchesFirst(matching) : matching;
      return { games: matchingAll.slice(0, limit), version: feed.version, now, matchingCount: matchingAll.length };
    });

    const t = sc.t;
    const sectionName = t(`sports.section.${section}`);
    const heading = champ || champName ? champName : sport ? sport.name : sectionName;
    const titleKey = `sports.seo.${section}${champId !== null ? "Champ" : sport ? "Sport" : ""}Title`;
    const seo = await pageSeo(ctx.site, { titleKey: ctx.meta.titleKey });
    const vars = { sport: sport?.name ?? "", champ: champName, company: ctx.site.config.companyName };
    const crumbs = [
      { label: t("sports.home"), href: `/${lng}` },
      { label: sectionName, href: sectionPath(lng, section) },
      ...(sport ? [{ label: sport.name, href: sportPath(lng, section, sport) }] : []),
      ...(champId !== null && sport ? [{ label: champName, href: canonical }] : []),
    ];
    const feedQuery = new URLSearchParams({ section, ...(sportId ? { sport: String(sportId) } : {}), ...(champId ? { champ: String(champId) } : {}) });
    const stale = anyStale(feed);
    const page = {
      lng,
      section,
      stale,
      heading,
      sports: sc.menu(sportId),
      sportId,
      champId,
      list,
      timeFilter,
      byCountry,
      onlyWithVideo,
      limit,
      timeZone: ctx.site.config.defaultTimeZone,
      path: canonical,
      search: url.search,
      crumbs,
      feedUrl: `/${lng}/sports-feed?${feedQuery}`,
      intervalMs: pollIntervalMs(section === "live" ? { kind: "live", sportSlug: sport?.slug ?? null, champId } : { kind: "line" }),
      seo: { ...seo, title: `${t(titleKey, vars)} — ${ctx.site.config.companyName}`, description: t(`sports.seo.${section}Description`, vars) },
    };
    return withInit(page, stale ? { headers: NO_STORE } : undefined);
  });
};

/** The games a list page shows first, with what its client-side filtering needs. */
interface SectionList extends GameList {
  /** When the list was cut: the time filters' reference, kept so the browser filters alike. */
  now: number;
  /** Every game that passed the filters, shown or not. */
  matchingCount: number;
}

/** The route id from the URL: live, live-sport, live-champ, line, … (one module serves all six). */
function sectionRouteId(url: string): "live" | "live-sport" | "live-champ" | "line" | "line-sport" | "line-champ" {
  const parts = new URL(url).pathname.replace(/\.data$/, "").split("/").filter(Boolean);
  const at = parts.findIndex((p) => p === "live" || p === "line");
  const section = (at >= 0 ? parts[at] : "line") as Section;
  const depth = at >= 0 ? parts.length - at - 1 : 0;
  return depth >= 2 ? `${section}-champ` : depth === 1 ? `${section}-sport` : section;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function SportsSection() {
  const data = useLoaderData<typeof loader>();
  return "unavailable" in data ? <SportsUnavailable {...data} /> : <SectionView data={data} />;
}

function SectionView({ data }: { data: Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { unavailable: true }> }) {
  const root = useRootData();
  const { t } = useTranslation();
  const bestFirst = useDisplay().bestOnTop === 1;
  const list = usePreparedJson(data.list);
  const { games, moves, stale } = useLiveFeed({ games: list.games, version: list.version, feedUrl: data.feedUrl, intervalMs: data.intervalMs, isBot: root?.isBot ?? true, stale: data.stale });
  const filtered = filterGames(games, { timeFilter: data.timeFilter, onlyWithVideo: data.onlyWithVideo }, list.now);
  const matching = bestFirst ? bestMatchesFirst(filtered) : filtered;
  const shown = matching.slice(0, data.limit);
  const total = Math.max(list.matchingCount, matching.length);
  const groups = groupGames(shown, { byCountry: data.byCountry, bestFirst });
  const more = new URLSearchParams(data.search);
  more.set("limit", String(data.limit + PAGE_SIZE));
  const here = `${data.path}${data.search}`;
  return (
    <SportsLayout lng={data.lng} section={data.section} sports={data.sports} activeSportId={data.sportId} activeChampId={data.champId} here={here} paused={stale}>
      <Breadcrumbs items={data.crumbs} />
      <header className="sports-head">
        <h1 className="sports-head__title">
          {data.section === "live" ? <span className="live-dot" aria-hidden="true" /> : null}
          {data.heading}
        </h1>
        <span className="sports-head__count">{t("sports.gamesCount", { count: total })}</span>
      </header>
      <ListFilters path={data.path} search={data.search} timeFilter={data.timeFilter} byCountry={data.byCountry} onlyWithVideo={data.onlyWithVideo} />
      <GroupedGames
        groups={groups}
        section={data.section}
        ctx={{ lng: data.lng, timeZone: data.timeZone, here, moves }}
        emptyText={t(data.section === "live" ? "sports.noLiveGames" : "sports.noGames")}
        keep={data.list}
        suspended={stale}
      />
      {total > shown.length ? (
        <p className="sports-more">
          <Link to={`${data.path}?${more}`} className="button button--ghost" preventScrollReset>
            {t("sports.showMore", { count: total - shown.length })}
          </Link>
        </p>
      ) : null}
    </SportsLayout>
  );
}

