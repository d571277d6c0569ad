import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { streamed as streamedBy } from "~/lib/stream-test-fixtures";
import { Kept } from "./Kept";

/** A page as the site streams it, as text. */
const streamed = async (node: React.ReactNode) => (await streamedBy(renderToPipeableStream, node)).bytes.toString("utf8");

let renders = 0;
/** Rows as a list's: adjacent text (React separates it with comments), escaped names, attributes. */
function Rows({ names }: { names: string[] }) {
  renders++;
  return (
    <>
      {names.map((name, i) => (
        <li key={name} data-i={i} title={name}>
          {name} {i + 1}
          {i % 2 ? <b>{"ж".repeat(3)}</b> : null}
        </li>
      ))}
    </>
  );
}

const NAMES = ['Brighton & Hove "Albion"', "Saint-Étienne", "O'Higgins", "<Ajax>", "الأهلي"];

describe("markup kept per shared answer (decision 055)", () => {
  it("writes the same HTML as the content rendered in place, inside the same element", async () => {
    const answer = {};
    const page = (content: React.ReactNode) => (
      <main>
        <h1>Live</h1>
        {content}
        <p>after</p>
      </main>
    );
    const keptPage = () =>
      streamed(
        page(
          <Kept as="ul" className="rows" of={answer} variant="en">
            {() => <Rows names={NAMES} />}
          </Kept>,
        ),
      );
    // The first viewer's page renders the content in place; the second's writes the kept HTML.
    renders = 0;
    await keptPage();
    const kept = await keptPage();
    expect(renders).toBe(2);
    expect(await keptPage()).toBe(kept);
    expect(renders).toBe(2);
    const inPlace = await streamed(
      page(
        <ul className="rows">
          <Rows names={NAMES} />
        </ul>,
      ),
    );
    expect(kept).toBe(inPlace);
    expect(kept).toContain("Brighton &amp; Hove");
    const shared = {};
    const keptDiv = () => renderToString(<Kept className="rows" of={shared} variant="en">{() => <Rows names={NAMES} />}</Kept>);
    expect(keptDiv()).toBe(renderToString(<div className="rows"><Rows names={NAMES} /></div>));
    expect(keptDiv()).toBe(renderToString(<div className="rows"><Rows names={NAMES} /></div>));
  });

  it("renders the content once per answer and variant from the answer's second viewer on, and every time without an answer", async () => {
    renders = 0;
    // The content is made only when rendered: not when the kept HTML serves.
    let made = 0;
    const answer = {};
    const view = (of: object | null, variant: string, names = NAMES) => (
      <Kept as="ul" className="rows" of={of} variant={variant}>
        {() => {
          made++;
          return <Rows names={names} />;
        }}
      </Kept>
    );
    // The answer's first viewer gets the content rendered in place; the second keeps it.
    const first = await streamed(view(answer, "en"));
    expect(await streamed(view(answer, "en"))).toBe(first);
    expect(renders).toBe(2);
    expect(await streamed(view(answer, "en"))).toBe(first);
    expect(renderToString(view(answer, "en"))).toBe(first);
    expect(renders).toBe(2);
    // The variant names what else the content depends on: another variant is rendered afresh.
    expect(await streamed(view(answer, "en|fewer", NAMES.slice(0, 2)))).not.toBe(first);
    expect(await streamed(view(answer, "en|fewer", NAMES.slice(0, 2)))).not.toBe(first);
    expect(renders).toBe(3);
    // The next answer starts afresh, though its content may read the same.
    const next = {};
    expect(await streamed(view(next, "en"))).toBe(first);
    expect(await streamed(view(next, "en"))).toBe(first);
    expect(renders).toBe(5);
    // Without an answer (the content shows the viewer's own), it is rendered each time.
    await streamed(view(null, "en"));
    await streamed(view(null, "en"));
    expect(renders).toBe(7);
    expect(made).toBe(renders);
  });
});
