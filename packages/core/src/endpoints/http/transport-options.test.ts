import { baseURLOf, checkedNumber, parseBaseURL } from "./transport-options.js";

describe("transport options shared by the HTTP endpoints", () => {
  it("moves credentials out of the base URL into a Basic header", () => {
    const { url, credentials } = parseBaseURL("Test", "https://user:p%40ss@proxy.example/v1", "https://x/v1");
    expect(url.href).toBe("https://proxy.example/v1");
    expect(credentials).toEqual({ authorization: `Basic ${Buffer.from("user:p@ss").toString("base64")}` });
    expect(parseBaseURL("Test", "http://localhost:1234", "x").credentials).toEqual({});
  });

  it("names the endpoint and the example in URL errors", () => {
    expect(() => parseBaseURL("Test", "nope", "http://localhost:1234/v1")).toThrow(
      'Test: baseURL is not a URL (expected e.g. "http://localhost:1234/v1").',
    );
    expect(() => parseBaseURL("Test", "ftp://host", "x")).toThrow("Test: baseURL must use http or https, not ftp:");
  });

  it("adds /v1 to a bare origin and drops trailing slashes", () => {
    expect(baseURLOf(new URL("http://localhost:1234"))).toBe("http://localhost:1234/v1");
    expect(baseURLOf(new URL("http://localhost:1234/api//"))).toBe("http://localhost:1234/api");
  });

  it("checks numbers by rule: Infinity only where the rule allows it", () => {
    expect(checkedNumber("Test", "n", undefined, 7, "number > 0")).toBe(7);
    expect(checkedNumber("Test", "n", Infinity, 7, "any number > 0")).toBe(Infinity);
    expect(() => checkedNumber("Test", "n", Infinity, 7, "number > 0")).toThrow(
      "Test: n must be a number > 0, got Infinity.",
    );
    expect(checkedNumber("Test", "n", 0, 7, "integer ≥ 0")).toBe(0);
    expect(() => checkedNumber("Test", "n", 0, 7, "integer ≥ 1")).toThrow("Test: n must be an integer ≥ 1, got 0.");
    expect(() => checkedNumber("Test", "n", 1.5, 7, "integer ≥ 0")).toThrow(RangeError);
  });
});
