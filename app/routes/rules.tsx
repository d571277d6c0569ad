import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NavLink, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageLoader } from "~/loaders/guards.server";
import { pageSeo } from "~/loaders/seo.server";
import { getRules } from "~/services/content.server";
import { seoMeta } from "~/seo";
import { notFound } from "~/lib/responses.server";

/** rules/{ruleGroup}/{chapter?} (feature route 47): the betting rules, a group at a time. */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "rules", async (ctx) => {
    const { params, request } = args;
  const rules = await getRules(Number(params.ruleGroup), ctx.site.lng, request.signal);
  if (!rules) throw notFound();
  const chapter = params.chapter ? rules.chapters.find((c) => c.id === Number(params.chapter)) : undefined;
  if (params.chapter && !chapter) throw notFound();
  const seo = await pageSeo(ctx.site, { titleKey: "rules.title" });
  return {
    lng: ctx.site.lng,
    rules,
    chapterId: chapter?.id ?? null,
    seo: { ...seo, title: `${chapter ? `${chapter.title} — ` : ""}${rules.title} — ${seo.title}` },
  };
});

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function Rules() {
  const { rules, chapterId, lng } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const shown = chapterId ? rules.chapters.filter((c) => c.id === chapterId) : rules.chapters;
  return (
    <div className="rules">
      <nav className="rules__nav" aria-label={t("rules.groups")}>
        <h2 className="rules__nav-title">{t("rules.title")}</h2>
        <ul>
          {rules.groups.map((g) => (
            <li key={g.id}>
              <NavLink to={`/${lng}/rules/${g.id}`} end={false} className="rules__nav-link">
                {g.title}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <article className="rules__body" lang={rules.lang}>
        <h1 className="page-title">{rules.title}</h1>
        {rules.lang !== lng ? <p className="muted">{t("rules.fallbackLanguage")}</p> : null}
        <ol className="rules__toc">
          {rules.chapters.map((c) => (
            <li key={c.id}>
              <NavLink to={`/${lng}/rules/${rules.group}/${c.id}`}>{c.title}</NavLink>
            </li>
          ))}
        </ol>
        {shown.map((c) => (
          <section key={c.id} className="rules__chapter" aria-labelledby={`chapter-${c.id}`}>
            <h2 id={`chapter-${c.id}`}>{c.title}</h2>
            {c.body.split(/\n{2,}/).map((para, i) => (
              <p key={i}>{para}</p>
            ))}
          </section>
        ))}
      </article>
    </div>
  );
}
