import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type PreparedJson, prepareJson, usePreparedJson } from "./prepared-json";

interface List {
  games: { id: number; name: string }[];
  version: number;
}

function seen(prepared: PreparedJson<List>): List {
  let value: List | undefined;
  function Probe() {
    value = usePreparedJson(prepared);
    return null;
  }
  renderToString(<Probe />);
  return value!;
}

describe("prepared JSON", () => {
  const list: List = { games: [{ id: 1, name: "Arsenal & \u2028 <Chelsea>" }], version: 7 };

  it("is the value's JSON text, and nothing else goes to the browser", () => {
    const prepared = prepareJson(list);
    expect(Object.keys(prepared)).toEqual(["json"]);
    expect(JSON.parse(prepared.json)).toEqual(list);
  });

  it("renders the server's own value, not a parsed copy", () => {
    expect(seen(prepareJson(list))).toBe(list);
  });

  it("parses the text when the object came over the wire (a copy, as turbo-stream decodes it)", () => {
    const wire = structuredClone(prepareJson(list));
    const value = seen(wire);
    expect(value).toEqual(list);
    expect(value).not.toBe(list);
  });
});
