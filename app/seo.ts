import type { MetaDescriptor } from "@remix-run/node";

export interface PageSeo {
  title: string;
  description?: string;
  robots: string;
  canonical: string;
  alternates: Array<{ hrefLang: string; href: string }>;
}

/** The meta tags and links of a page, from the `seo` its loader returned. */
export function seoMeta(seo: PageSeo | undefined): MetaDescriptor[] {
  if (!seo) return [];
  return [
    { title: seo.title },
    ...(seo.description ? [{ name: "description", content: seo.description }] : []),
    { name: "robots", content: seo.robots },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    ...seo.alternates.map((a) => ({ tagName: "link", rel: "alternate", hrefLang: a.hrefLang, href: a.href })),
  ];
}
