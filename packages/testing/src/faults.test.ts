// Faults as a client meets them: resets, error statuses with headers, raw bodies, stalls.
import { afterAll, beforeAll, beforeEach, expect, it } from "@jest/globals";
import { ScriptedModelServer, turn } from "@tooltype/testing";
import { request } from "undici";
import { post } from "./fixtures/http.js";
import { parseSse } from "./fixtures/sse.js";

let server: ScriptedModelServer;
beforeAll(async () => {
  server = await ScriptedModelServer.start();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const endpoint = () => `${server.url}/chat/completions`;
const body = (stream = false) => JSON.stringify({ model: "m", messages: [], stream });

it("resets the connection before any response: the client gets a socket error", async () => {
  server.enqueue(turn.reset("before-response"));
  await expect(request(endpoint(), { method: "POST", body: body() })).rejects.toMatchObject({ code: "UND_ERR_SOCKET" });
  expect(server.requests).toHaveLength(1);
});

it("resets mid-body: headers arrive, then the body fails", async () => {
  server.enqueue(turn.reset("mid-body", turn.text("a reply long enough to be cut in half")));
  const res = await request(endpoint(), { method: "POST", body: body() });
  expect(res.statusCode).toBe(200);
  await expect(res.body.text()).rejects.toThrow();
});

it("resets a stream mid-way: some events arrive, then the stream fails", async () => {
  server.enqueue(turn.reset("mid-body", turn.text("streamed and then the connection drops")));
  const res = await request(endpoint(), { method: "POST", body: body(true) });
  const pieces: Buffer[] = [];
  await expect(
    (async () => {
      for await (const piece of res.body) pieces.push(piece as Buffer);
    })(),
  ).rejects.toThrow();
  const { data } = parseSse(pieces);
  expect(data.length).toBeGreaterThan(0);
  expect(data).not.toContain("[DONE]");
});

it("answers 429 with retry-after and an OpenAI error body", async () => {
  server.enqueue(turn.rateLimited(3));
  const reply = await post(endpoint(), { model: "m", messages: [] });
  expect(reply.status).toBe(429);
  expect(reply.headers["retry-after"]).toBe("3");
  expect(JSON.parse(reply.text)).toEqual({
    error: {
      message: "Rate limit reached (scripted)",
      type: "rate_limit_error",
      param: null,
      code: "rate_limit_exceeded",
    },
  });
});

it("answers an error as JSON even when the request asked for a stream", async () => {
  server.enqueue(turn.error(503, { message: "overloaded", headers: { "x-request-id": "r1" } }));
  const reply = await post(endpoint(), { model: "m", messages: [], stream: true });
  expect(reply.status).toBe(503);
  expect(reply.headers["content-type"]).toBe("application/json");
  expect(reply.headers["x-request-id"]).toBe("r1");
  expect(JSON.parse(reply.text).error.message).toBe("overloaded");
});

it("sends a scripted error body and raw bodies verbatim", async () => {
  server.enqueue(
    turn.error(400, { body: { error: { message: "bad tools", code: "invalid_tools" } } }),
    turn.raw("<html><body>502 Bad Gateway</body></html>", { status: 502, contentType: "text/html" }),
    turn.raw('{"id":"chatcmpl-1","choices":[{"mess'),
  );
  const first = await post(endpoint(), {});
  expect([first.status, JSON.parse(first.text)]).toEqual([
    400,
    { error: { message: "bad tools", code: "invalid_tools" } },
  ]);
  const html = await post(endpoint(), {});
  expect([html.status, html.headers["content-type"], html.text]).toEqual([
    502,
    "text/html",
    "<html><body>502 Bad Gateway</body></html>",
  ]);
  const truncated = await post(endpoint(), {});
  expect([truncated.status, truncated.text]).toEqual([200, '{"id":"chatcmpl-1","choices":[{"mess']);
});

it("answers after a scripted delay", async () => {
  server.enqueue(turn.text("late", { delayMs: 20 }));
  const reply = await post(endpoint(), { model: "m" });
  expect(JSON.parse(reply.text).choices[0].message.content).toBe("late");
});

it("stalls after the headers until the client gives up", async () => {
  server.enqueue(turn.stall(), turn.text("after the stall"));
  const res = await request(endpoint(), { method: "POST", body: body(), bodyTimeout: 100 });
  expect(res.statusCode).toBe(200);
  await expect(res.body.text()).rejects.toMatchObject({ code: "UND_ERR_BODY_TIMEOUT" });
  const next = await post(endpoint(), { model: "m" });
  expect(JSON.parse(next.text).choices[0].message.content).toBe("after the stall");
});

it("stalls a stream after its first events", async () => {
  server.enqueue(turn.stall(2, turn.text("a stream that goes silent")));
  const res = await request(endpoint(), { method: "POST", body: body(true), bodyTimeout: 100 });
  const pieces: Buffer[] = [];
  await expect(
    (async () => {
      for await (const piece of res.body) pieces.push(piece as Buffer);
    })(),
  ).rejects.toMatchObject({ code: "UND_ERR_BODY_TIMEOUT" });
  expect(parseSse(pieces).events).toHaveLength(2);
});
