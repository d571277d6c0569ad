import { useLoaderData } from "@remix-run/react";

/** A small loader: a few fields, like a page's title and its links. */
export function loader() {
  return {
    title: "Bare Remix page",
    links: Array.from({ length: 50 }, (_, i) => ({ href: `/item/${i + 1}`, label: `Item ${i + 1}` })),
  };
}

export default function Index() {
  const { title, links } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>{title}</h1>
      <ul>
        {links.map((l) => (
          <li key={l.href}>
            <a href={l.href}>{l.label}</a>
          </li>
        ))}
      </ul>
    </main>
  );
}
