import type { RootData } from "~/components/root-data";

/** The search-engine text block: the operator's text for this language, above the footer. */
export function SeoBlock({ root }: { root: RootData }) {
  if (!root.seoText) return null;
  return (
    <section className="seo-block container" aria-labelledby="seo-block-title">
      <h2 id="seo-block-title" className="seo-block__title">
        {root.seoBlockTitle}
      </h2>
      <p className="seo-block__text">{root.seoText.text}</p>
    </section>
  );
}
