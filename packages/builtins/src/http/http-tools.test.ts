import { builtins } from "../builtins.js";
import { startLoopback, type LoopbackServer } from "../fixtures/loopback-server.js";
import { callJson, toolNamed } from "../fixtures/temp-dir.js";

// Two servers on 127.0.0.1: `allowed` is on the list, `other` is not. Every escape attempt tries
// to make a request reach `other`, which must never receive one.
describe("the HTTP tools", () => {
  let allowed: LoopbackServer;
  let other: LoopbackServer;
  beforeEach(async () => {
    other = await startLoopback((_req, res) => res.end("OTHER"));
    allowed = await startLoopback((req, res) => {
      const url = new URL(req.url!, "http://x");
      switch (url.pathname) {
        case "/json":
          res.setHeader("content-type", "application/json");
          res.setHeader("set-cookie", "session=abc");
          return res.end('{"ok":true}');
        case "/echo":
          res.setHeader("content-type", "text/plain; charset=utf-8");
          return res.end(`${req.method} ${req.headers["content-type"] ?? "-"} cookie=${req.headers.cookie ?? "none"}`);
        case "/to":
          res.statusCode = Number(url.searchParams.get("status") ?? 302);
          res.setHeader("location", url.searchParams.get("location")!);
          return res.end();
        case "/loop":
          res.statusCode = 302;
          res.setHeader("location", "/loop");
          return res.end();
        case "/huge":
          res.setHeader("content-type", "text/plain");
          for (let i = 0; i < 200; i++) res.write("x".repeat(10_000));
          return res.end();
        case "/slow":
          return; // never answers: only a deadline or a cancellation ends the request (afterEach closes it)
        case "/png":
          res.setHeader("content-type", "image/png");
          return res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0]));
        default:
          res.statusCode = 404;
          return res.end("not found");
      }
    });
  });
  afterEach(async () => {
    await allowed.close();
    await other.close();
  });

  const tools = (extra: object = {}) => builtins({ http: { allow: [allowed.origin], post: true, ...extra } });

  it("gets an allowed URL: status, content type and body as text", async () => {
    const result = await callJson(toolNamed(tools(), "http_get"), { url: `${allowed.origin}/json` });
    expect(result).toEqual({
      isError: false,
      value: { url: `${allowed.origin}/json`, status: 200, contentType: "application/json", body: '{"ok":true}' },
    });
    const missing = await callJson(toolNamed(tools(), "http_get"), { url: `${allowed.origin}/nope` });
    expect(missing.value).toMatchObject({ status: 404, body: "not found" });
  });

  it("posts a body with its content type", async () => {
    const result = await callJson(toolNamed(tools(), "http_post"), { url: `${allowed.origin}/echo`, body: "{}" });
    expect(result.value.body).toBe("POST application/json cookie=none");
    expect(allowed.requests.at(-1)!.body).toBe("{}");
  });

  it("offers http_post only with post: true", () => {
    expect(builtins({ http: { allow: [allowed.origin] } }).map((t) => t.name)).toEqual(["http_get"]);
  });

  it("refuses origins not on the list, including look-alikes, other schemes and credentials", async () => {
    const get = toolNamed(tools(), "http_get");
    const port = new URL(allowed.origin).port;
    for (const url of [
      `${other.origin}/`,
      `http://localhost:${port}/json`,
      `https://127.0.0.1:${port}/json`,
      `http://user:pw@127.0.0.1:${port}/json`,
      `file:///etc/passwd`,
      "not a url",
    ]) {
      const result = await callJson(get, { url });
      expect(result.isError).toBe(true);
    }
    expect(other.requests).toHaveLength(0);
  });

  it("re-checks every redirect and never follows one to an origin off the list", async () => {
    const get = toolNamed(tools(), "http_get");
    for (const status of [301, 302, 303, 307, 308]) {
      const escape = `${allowed.origin}/to?status=${status}&location=${encodeURIComponent(`${other.origin}/x`)}`;
      const result = await callJson(get, { url: escape });
      expect(result.isError).toBe(true);
      expect(result.value.error).toContain(
        `${other.origin} is not on the allow list (a redirect from ${allowed.origin}`,
      );
    }
    // Two hops: allowed → allowed → other.
    const inner = `/to?location=${encodeURIComponent(`${other.origin}/x`)}`;
    const twoHops = await callJson(get, { url: `${allowed.origin}/to?location=${encodeURIComponent(inner)}` });
    expect(twoHops.isError).toBe(true);
    expect(other.requests).toHaveLength(0);
  });

  it("follows redirects within the list, turning a POST into a GET on 303", async () => {
    const post = toolNamed(tools(), "http_post");
    const result = await callJson(post, { url: `${allowed.origin}/to?status=303&location=/echo`, body: "x" });
    expect(result.value).toMatchObject({ url: `${allowed.origin}/echo`, body: "GET - cookie=none" });
    const kept = await callJson(post, { url: `${allowed.origin}/to?status=307&location=/echo`, body: "x" });
    expect(kept.value.body).toBe("POST application/json cookie=none");
  });

  it("drops Authorization when a redirect changes origin (another port), and keeps it within one origin", async () => {
    const second = await startLoopback((req, res) => {
      const url = new URL(req.url!, "http://x");
      if (url.pathname !== "/back") return res.end("SECOND");
      res.statusCode = 302;
      res.setHeader("location", `${allowed.origin}/echo`);
      res.end();
    });
    try {
      const get = toolNamed(builtins({ http: { allow: [allowed.origin, second.origin] } }), "http_get");
      const headers = { Authorization: "Bearer for-the-first-origin", "x-trace": "t1" };
      const away = `${allowed.origin}/to?location=${encodeURIComponent(`${second.origin}/x`)}`;
      expect((await callJson(get, { url: away, headers })).value).toMatchObject({
        url: `${second.origin}/x`,
        body: "SECOND",
      });
      expect(allowed.requests.at(-1)!.headers.authorization).toBe("Bearer for-the-first-origin");
      expect(second.requests.at(-1)!.headers.authorization).toBeUndefined();
      expect(second.requests.at(-1)!.headers["x-trace"]).toBe("t1");

      // Once dropped it stays dropped, even when a later hop comes back to the first origin.
      const roundTrip = `${allowed.origin}/to?location=${encodeURIComponent(`${second.origin}/back`)}`;
      expect((await callJson(get, { url: roundTrip, headers })).value.url).toBe(`${allowed.origin}/echo`);
      expect(allowed.requests.at(-1)!.url).toBe("/echo");
      expect(allowed.requests.at(-1)!.headers.authorization).toBeUndefined();

      const within = `${allowed.origin}/to?status=307&location=/echo`;
      expect((await callJson(get, { url: within, headers })).value.url).toBe(`${allowed.origin}/echo`);
      expect(allowed.requests.at(-1)!.headers.authorization).toBe("Bearer for-the-first-origin");
    } finally {
      await second.close();
    }
  });

  it("stops after maxRedirects", async () => {
    const result = await callJson(toolNamed(tools({ maxRedirects: 3 }), "http_get"), { url: `${allowed.origin}/loop` });
    expect(result.value.error).toContain("redirected more than 3 times");
    expect(allowed.requests).toHaveLength(4);
  });

  it("keeps no cookies and lets the model set none", async () => {
    const get = toolNamed(tools(), "http_get");
    await callJson(get, { url: `${allowed.origin}/json` }); // sets a cookie
    expect((await callJson(get, { url: `${allowed.origin}/echo` })).value.body).toContain("cookie=none");
    const forged = await callJson(get, { url: `${allowed.origin}/echo`, headers: { Cookie: "session=abc" } });
    expect(forged.value.error).toContain('"Cookie" cannot be set');
    const smuggled = await callJson(get, { url: `${allowed.origin}/echo`, headers: { "x-a": "1\r\nHost: evil" } });
    expect(smuggled.isError).toBe(true);
  });

  it("cuts a huge body at maxResponseBytes and says so", async () => {
    const result = await callJson(toolNamed(tools({ maxResponseBytes: 1000 }), "http_get"), {
      url: `${allowed.origin}/huge`,
    });
    expect(result.value.body).toHaveLength(1000);
    expect(result.value.truncated).toBe(true);
  });

  it("gives up at timeoutMs with an error the model can read", async () => {
    const result = await callJson(toolNamed(tools({ timeoutMs: 200 }), "http_get"), { url: `${allowed.origin}/slow` });
    expect(result.value.error).toBe(`${allowed.origin} did not answer within 200 ms.`);
  });

  it("stops when the call is aborted", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await toolNamed(tools(), "http_get").call(
      { url: `${allowed.origin}/slow` },
      { signal: controller.signal },
    );
    expect(result.isError).toBe(true);
  });

  it("does not return binary bodies as text", async () => {
    const result = await callJson(toolNamed(tools(), "http_get"), { url: `${allowed.origin}/png` });
    expect(result.value.error).toContain("image/png, which is binary");
  });

  it("refuses a malformed allow list at setup", () => {
    expect(() => builtins({ http: { allow: [] } })).toThrow(TypeError);
    expect(() => builtins({ http: { allow: ["https://example.com/api"] } })).toThrow(/origin only/);
    expect(() => builtins({ http: { allow: ["ftp://example.com"] } })).toThrow(TypeError);
  });
});
