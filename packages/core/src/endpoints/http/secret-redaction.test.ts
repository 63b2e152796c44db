// A server that echoes the credential it was sent must not put it into our errors.
import { inspect } from "node:util";
import { type ScriptedModelServer, turn } from "@tooltype/testing";
import { Anthropic } from "../anthropic/anthropic.js";
import { OpenAI } from "../openai/openai.js";
import { endpointFailure, endpointRequest, scriptedServerHooks } from "../fixtures/endpoint-setup.js";
import { redact, secretsOf } from "./redaction.js";

let server: ScriptedModelServer;
const track = scriptedServerHooks((started) => (server = started));

const key = "sk-live-0123456789abcdefSECRET";

/** Everything a person or a logger could see of an error. */
function shown(error: Error): string {
  return [error.message, error.stack ?? "", inspect(error, { showHidden: true, depth: Infinity }), String(error)].join(
    "\n",
  );
}

describe.each([
  ["OpenAI", () => new OpenAI({ baseURL: server.url, apiKey: key, retries: 0 })],
  ["Anthropic", () => new Anthropic({ baseURL: server.url, apiKey: key, retries: 0 })],
])("%s: the configured key is redacted from what the server says", (_name, make) => {
  it("in an HTTP error status", async () => {
    const ep = track(make());
    server.enqueue(turn.error(401, { message: `Incorrect API key provided: ${key}. You can find your key at …` }));
    const error = await endpointFailure(ep.send(endpointRequest()));
    expect(error.status).toBe(401);
    expect(error.message).toContain("Incorrect API key provided: [redacted]");
    expect(shown(error)).not.toContain("SECRET");
  });

  it("in an error met mid-stream", async () => {
    const ep = track(make());
    const openAI = ep instanceof OpenAI;
    server.enqueue(
      turn.chunks(
        openAI
          ? [{ error: { message: `key ${key} was revoked` } }]
          : [{ type: "error", error: { type: "authentication_error", message: `key ${key} was revoked` } }],
      ),
    );
    const error = await endpointFailure(ep.send(endpointRequest({ stream: true })));
    expect(error.message).toContain("key [redacted] was revoked");
    expect(shown(error)).not.toContain("SECRET");
  });
});

it("in the cause of a stream failure that arrived after parts of the reply (Anthropic's overloaded_error)", async () => {
  const ep = track(new Anthropic({ baseURL: server.url, apiKey: key, retries: 0 }));
  server.enqueue(
    turn.chunks([
      { type: "message_start", message: {} },
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "Hel" } },
      { type: "error", error: { type: "overloaded_error", message: `overloaded for ${key}` } },
    ]),
  );
  const error = await endpointFailure(ep.send(endpointRequest({ stream: true, onEvent: () => undefined })));
  expect(error.message).toMatch(/overloaded for \[redacted\].*broke off after parts of it had arrived/);
  expect(error.cause).toBeInstanceOf(Error);
  expect(shown(error.cause as Error)).not.toContain("SECRET");
  expect(shown(error)).not.toContain("SECRET");
});

it("a key in the query (Azure's api-key) and bearer-token shapes in server text are redacted too", async () => {
  const ep = track(new OpenAI({ baseURL: `${server.url}?api-version=1&api-key=azureSECRETkey`, retries: 0 }));
  server.enqueue(
    turn.error(403, { message: "denied for azureSECRETkey (sent as Authorization: Bearer abc.def-SECRET)" }),
  );
  const error = await endpointFailure(ep.send(endpointRequest()));
  expect(error.message).toContain("denied for [redacted] (sent as Authorization: Bearer [redacted])");
  expect(shown(error)).not.toContain("SECRET");
});

it("retries hear the redacted error", async () => {
  const heard: string[] = [];
  const ep = track(
    new OpenAI({
      baseURL: server.url,
      apiKey: key,
      retries: 1,
      retryDelays: { baseDelayMs: 1, maxDelayMs: 1 },
      onRetry: (info) => heard.push(shown(info.error)),
    }),
  );
  server.enqueue(turn.error(500, { message: `upstream rejected ${key}` }), turn.text("ok"));
  await ep.send(endpointRequest());
  expect(heard).toHaveLength(1);
  expect(heard[0]).not.toContain("SECRET");
});

it("secretsOf takes credential headers and query values; redact leaves other text alone", () => {
  const secrets = secretsOf({ authorization: "Bearer tok-1234", "x-team": "blue" }, "?key=gem-5678&v=2");
  expect(secrets.sort()).toEqual(["Bearer tok-1234", "gem-5678", "tok-1234"].sort());
  expect(redact("blue tok-1234 gem-5678 v=2", secrets)).toBe("blue [redacted] [redacted] v=2");
});
