import { PartialArgs, pathSegments } from "./partial-args.js";

describe("arguments streamed in partialArgs pieces", () => {
  it("reads JSON paths: dotted names, quoted names and positions", () => {
    expect(pathSegments("$.trip.stops[1]['the city']")).toEqual(["trip", "stops", 1, "the city"]);
    expect(pathSegments('$["a.b"]')).toEqual(["a.b"]);
    expect([pathSegments("trip"), pathSegments("$.a[x]"), pathSegments("$[999999999]")]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("joins a string continued with willContinue and builds nested objects and arrays", () => {
    const args = new PartialArgs();
    args.add([{ jsonPath: "$.location", stringValue: "Bos", willContinue: true }]);
    args.add([{ jsonPath: "$.location", stringValue: "ton, MA" }]);
    args.add([
      { jsonPath: "$.brightness", numberValue: 50 },
      { jsonPath: "$.trip.stops[0].city", stringValue: "Paris" },
      { jsonPath: "$.trip.stops[1].city", stringValue: "Rome" },
      { jsonPath: "$.trip.direct", boolValue: false },
      { jsonPath: "$.note", nullValue: "NULL_VALUE" },
    ]);
    expect(args.broken).toBeUndefined();
    expect(args.value).toEqual({
      location: "Boston, MA",
      brightness: 50,
      trip: { stops: [{ city: "Paris" }, { city: "Rome" }], direct: false },
      note: null,
    });
  });

  it("replaces a string that did not say it continues, and keeps __proto__ a plain key", () => {
    const args = new PartialArgs();
    args.add([
      { jsonPath: "$.a", stringValue: "x" },
      { jsonPath: "$.a", stringValue: "y" },
      { jsonPath: "$.__proto__.polluted", boolValue: true },
    ]);
    expect(args.value.a).toBe("y");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(args.value, "__proto__")).toBe(true);
  });

  it("marks pieces that do not fit as broken (a path that is none, a value under a string)", () => {
    const bad = new PartialArgs();
    bad.add([{ jsonPath: "location", stringValue: "x" }]);
    expect(bad.broken).toMatch(/not a JSON path/);
    const clash = new PartialArgs();
    clash.add([
      { jsonPath: "$.a", stringValue: "x" },
      { jsonPath: "$.a.b", numberValue: 1 },
    ]);
    expect(clash.broken).toMatch(/does not fit/);
  });
});
