// A stream that dies after parts of it reached the caller is not retried, and says so; one that
// dies before any part reached the caller is retried like any request.
import { type ScriptedModelServer, turn } from "@tooltype/testing";
import { Context } from "../../context/context.js";
import { EndpointError } from "../../errors/endpoint-error.js";
import { Anthropic } from "../anthropic/anthropic.js";
import { OpenAI } from "../openai/openai.js";
import type { StreamEvent } from "../stream-event.js";
import { endpointRequest, scriptedServerHooks } from "../fixtures/endpoint-setup.js";

let server: ScriptedModelServer;
const track = scriptedServerHooks((started) => (server = started));

it("a reset after deltas arrived: one request, retryable false, a message that says what happened", async () => {
  const retried: unknown[] = [];
  const ep = track(
    new OpenAI({ baseURL: server.url, retries: 2, retryDelays: { baseDelayMs: 1 }, onRetry: (i) => retried.push(i) }),
  );
  server.enqueue(turn.reset("mid-body", turn.text("A long answer that is cut off halfway through.", { deltaSize: 4 })));
  const deltas: StreamEvent[] = [];
  const error = await ep.send(endpointRequest({ stream: true, onEvent: (e) => deltas.push(e) })).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(EndpointError.isInstance(error)).toBe(true);
  const failure = error as EndpointError;
  expect(deltas.length).toBeGreaterThan(0);
  expect(failure.retryable).toBe(false);
  expect(failure.message).toMatch(/^Connection to .* failed: .*broke off after parts of it had arrived/);
  expect(failure.message).toMatch(/so it was not retried/);
  expect(failure.message).not.toMatch(/Check that the server is running/);
  expect(retried).toEqual([]);
  expect(server.requests).toHaveLength(1);
});

it("through the loop the conversation is left as it was", async () => {
  const ep = track(new OpenAI({ baseURL: server.url, retries: 2, retryDelays: { baseDelayMs: 1 } }));
  server.enqueue(turn.reset("mid-body", turn.text("Cut off halfway through this reply.", { deltaSize: 3 })));
  const ctx = new Context().user("Hi");
  await expect(ep.stream("m", ctx).completion).rejects.toThrow(/so it was not retried/);
  expect(ctx.messages).toEqual([{ role: "user", content: "Hi" }]);
});

it("a reset before any byte is still retried as a connection failure", async () => {
  const ep = track(new OpenAI({ baseURL: server.url, retries: 1, retryDelays: { baseDelayMs: 1 } }));
  server.enqueue(turn.reset("before-response"), turn.text("Second try."));
  const reply = await ep.send(endpointRequest({ stream: true }));
  expect(reply.choices[0]!.text).toBe("Second try.");
  expect(server.requests).toHaveLength(2);
});

it("an error event before any part reached the caller is retried (Anthropic's overloaded_error after message_start)", async () => {
  const ep = track(new Anthropic({ baseURL: server.url, retries: 1, retryDelays: { baseDelayMs: 1 } }));
  server.enqueue(
    turn.chunks([
      { type: "message_start", message: { id: "msg_1", content: [] } },
      { type: "ping" },
      { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
    ]),
    turn.text("Hello."),
  );
  const deltas: StreamEvent[] = [];
  const reply = await ep.send(endpointRequest({ stream: true, onEvent: (e) => deltas.push(e) }));
  expect(reply.choices[0]!.text).toBe("Hello.");
  expect(server.requests).toHaveLength(2);
  expect(deltas.map((e) => (e.type === "text-delta" ? e.text : e.type)).join("")).toBe("Hello.");
});

it("a reset after bytes that carried no part for the caller (a role-only chunk) is retried", async () => {
  const ep = track(new OpenAI({ baseURL: server.url, retries: 1, retryDelays: { baseDelayMs: 1 } }));
  const roleOnly = { choices: [{ index: 0, delta: { role: "assistant" } }] };
  server.enqueue(turn.reset("mid-body", turn.chunks([roleOnly, roleOnly, roleOnly, roleOnly])), turn.text("Hi."));
  const deltas: StreamEvent[] = [];
  const reply = await ep.send(endpointRequest({ stream: true, onEvent: (e) => deltas.push(e) }));
  expect(reply.choices[0]!.text).toBe("Hi.");
  expect(server.requests).toHaveLength(2);
});
