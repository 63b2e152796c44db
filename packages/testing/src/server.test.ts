import { afterAll, beforeAll, beforeEach, expect, it } from "@jest/globals";
import { ScriptedModelServer, turn, type ScriptedTurn } from "@tooltype/testing";
import { connect } from "node:net";
import { Agent, request } from "undici";
import { expectChatCompletion, post } from "./fixtures/http.js";

let server: ScriptedModelServer;
beforeAll(async () => {
  server = await ScriptedModelServer.start();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

it("listens on loopback and gives a /v1 base URL", () => {
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  expect(server.url).toBe(`${server.origin}/v1`);
});

it("replays a text turn as an OpenAI chat completion and records the request", async () => {
  server.enqueue(turn.text("Sunny in Paris.", { usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 } }));
  const reply = await post(
    `${server.url}/chat/completions`,
    { model: "gpt-test", messages: [{ role: "user", content: "Weather?" }] },
    { authorization: "Bearer k" },
  );
  expect(reply.status).toBe(200);
  expect(reply.headers["content-type"]).toBe("application/json");
  expectChatCompletion(reply.text, {
    object: "chat.completion",
    model: "gpt-test",
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: "Sunny in Paris.", refusal: null },
        logprobs: null,
        finish_reason: "stop",
      },
    ],
    usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
  });
  expect(server.requests).toHaveLength(1);
  expect(server.lastRequest).toMatchObject({
    method: "POST",
    path: "/v1/chat/completions",
    body: { model: "gpt-test", messages: [{ role: "user", content: "Weather?" }] },
    stream: false,
  });
  expect(server.lastRequest?.headers.authorization).toBe("Bearer k");
  expect(JSON.parse(server.lastRequest!.rawBody)).toEqual(server.lastRequest!.body);
  expect(server.pending).toHaveLength(0);
});

it("answers 500 with a JSON error saying the script ran out", async () => {
  const reply = await post(`${server.url}/chat/completions`, { model: "m", messages: [] });
  expect(reply.status).toBe(500);
  expect(JSON.parse(reply.text).error.message).toMatch(/script ran out/);
  expect(server.problems).toEqual([expect.stringMatching(/script ran out/)]);
  expect(server.requests).toHaveLength(1);
});

const chat = (body: unknown = { model: "m", messages: [] }) => post(`${server.url}/chat/completions`, body);
const contentOf = (text: string): unknown => JSON.parse(text).choices[0].message.content;

it("answers from a function turn that reads the request", async () => {
  server.enqueue((req) =>
    turn.text(`you said ${(req.body as { messages: Array<{ content: string }> }).messages[0]!.content}`),
  );
  const reply = await chat({ model: "m", messages: [{ role: "user", content: "ping" }] });
  expect(contentOf(reply.text)).toBe("you said ping");
});

it("lets an onRequest handler answer before the script, or pass with undefined", async () => {
  const seen: number[] = [];
  const stop = server.onRequest((req) => {
    seen.push(req.seq);
    return (req.body as { model: string }).model === "special" ? turn.text("from the handler") : undefined;
  });
  server.enqueue(turn.text("from the script"));
  expect(contentOf((await chat({ model: "special" })).text)).toBe("from the handler");
  expect(server.pending).toHaveLength(1);
  expect(contentOf((await chat({ model: "plain" })).text)).toBe("from the script");
  stop();
  server.enqueue(turn.text("handler removed"));
  expect(contentOf((await chat({ model: "special" })).text)).toBe("handler removed");
  expect(seen).toEqual([0, 1]);
});

it("gives concurrent requests the turns in arrival order, one each", async () => {
  server.enqueue(...["a", "b", "c"].map((t) => turn.text(t)));
  const replies = await Promise.all([chat(), chat(), chat()]);
  expect(replies.map((r) => contentOf(r.text)).sort()).toEqual(["a", "b", "c"]);
  expect(server.requests.map((r) => r.seq)).toEqual([0, 1, 2]);
});

it("keeps pending turns until replayed and forgets everything on reset", async () => {
  const second: ScriptedTurn = turn.text("second");
  server.enqueue(turn.text("first"), second);
  await chat();
  expect(server.pending).toEqual([second]);
  server.reset();
  expect([server.pending, server.requests, server.problems, server.lastRequest]).toEqual([[], [], [], undefined]);
});

it("answers an unknown path 404 and a body that is not JSON 400, without using a turn", async () => {
  server.enqueue(turn.text("kept"));
  const missing = await post(`${server.origin}/chat/completions`, { model: "m" });
  expect(missing.status).toBe(404);
  expect(JSON.parse(missing.text).error.message).toMatch(
    /no route for POST \/chat\/completions.*\/v1\/chat\/completions/,
  );
  const broken = await chat("{not json");
  expect(broken.status).toBe(400);
  expect(server.lastRequest).toMatchObject({ rawBody: "{not json", body: undefined });
  expect(server.pending).toHaveLength(1);
  expect(server.problems).toHaveLength(2);
});

it("rejects a body over maxBodyBytes with 413 and records its size", async () => {
  const small = await ScriptedModelServer.start({ maxBodyBytes: 1024 });
  try {
    small.enqueue(turn.text("never used"));
    const reply = await post(`${small.url}/chat/completions`, {
      model: "m",
      messages: [{ role: "user", content: "x".repeat(5000) }],
    });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.text).error.message).toMatch(/maxBodyBytes \(1024\)/);
    expect(small.lastRequest).toMatchObject({ tooLarge: true, rawBody: "", body: undefined });
    expect(small.lastRequest!.bodyBytes).toBeGreaterThan(5000);
    expect(small.pending).toHaveLength(1);
  } finally {
    await small.close();
  }
});

it("says which turn is wrong when a script cannot be replayed", () => {
  expect(() => server.enqueue(turn.text("ok"), { text: "x", choices: [{ text: "y" }] })).toThrow(
    /turn 2: .*either at the top level or in `choices`/,
  );
  expect(() => server.enqueue({ status: 42 })).toThrow(/`status` must be an integer from 200 to 599/);
  expect(() => server.enqueue({ toolCalls: [{ name: "f", arguments: 3 as unknown as string }] })).toThrow(
    /tool call "f"/,
  );
  expect(() => server.enqueue({ headers: { "retry-after": 2 as unknown as string } })).toThrow(
    /header "retry-after" must be a string/,
  );
  expect(server.pending).toHaveLength(0);
});

it("answers 500 naming the problem when a function turn throws", async () => {
  server.enqueue(() => {
    throw new Error("boom");
  });
  const reply = await chat();
  expect(reply.status).toBe(500);
  expect(JSON.parse(reply.text).error.message).toMatch(/failed: boom/);
});

it("answers 500 naming the problem when a turn cannot be rendered", async () => {
  server.enqueue(turn.text("x", { extra: { count: 1n } }));
  const reply = await chat();
  expect(reply.status).toBe(500);
  expect(server.problems).toEqual([expect.stringMatching(/answering request #0 failed: .*BigInt/)]);
});

it("closes with stalled, idle keep-alive and half-sent requests open, and twice", async () => {
  const other = await ScriptedModelServer.start();
  const agent = new Agent({ keepAliveTimeout: 60_000 });
  other.enqueue(turn.text("idle after this"));
  await request(`${other.url}/chat/completions`, { method: "POST", body: "{}", dispatcher: agent }).then((r) =>
    r.body.text(),
  );
  let arrived!: () => void;
  const stalledArrived = new Promise<void>((resolve) => (arrived = resolve));
  other.onRequest(() => {
    arrived();
    return turn.stall();
  });
  const stalled = request(`${other.url}/chat/completions`, { method: "POST", body: "{}" }).then((r) => r.body.text());
  const halfSent = connect(other.port, "127.0.0.1");
  const halfClosed = new Promise((resolve) => halfSent.once("close", resolve));
  halfSent.on("error", () => undefined);
  await new Promise<void>((resolve) => halfSent.once("connect", resolve));
  await new Promise<void>((resolve) =>
    halfSent.write("POST /v1/chat/completions HTTP/1.1\r\nhost: x\r\ncontent-length: 100\r\n\r\n{", () => resolve()),
  );
  await stalledArrived;
  await Promise.all([other.close(), other.close()]);
  await expect(stalled).rejects.toThrow();
  await halfClosed;
  await agent.close();
});

it("numbers the connections requests arrive on, so keep-alive reuse can be checked", async () => {
  const send = (dispatcher: Agent) =>
    request(`${server.url}/chat/completions`, { method: "POST", body: '{"model":"m","messages":[]}', dispatcher }).then(
      (r) => r.body.text(),
    );
  const first = new Agent({ keepAliveTimeout: 60_000 });
  const second = new Agent({ keepAliveTimeout: 60_000 });
  try {
    server.enqueue(...["a", "b", "c", "d", "e"].map((text) => turn.text(text)));
    for (let i = 0; i < 4; i++) await send(first);
    await send(second);
    const numbers = server.requests.map((r) => r.connection);
    const reused = new Set(numbers.slice(0, 4));
    expect(numbers.every((n) => n > 0)).toBe(true);
    // One client's sequential requests share kept-alive sockets (undici may open a second one
    // while the first is being released, so "fewer than one per request", not "exactly one").
    expect(reused.size).toBeLessThan(4);
    expect(reused.has(numbers[4]!)).toBe(false); // another client, another socket
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
});
