// A redirect is not followed (the request carries the key): the error names where the server
// points, so the fix (a new baseURL) is in the message.
import { type ScriptedModelServer, turn } from "@tooltype/testing";
import { OpenAI } from "../openai/openai.js";
import { endpointFailure, endpointRequest, scriptedServerHooks, showsSecret } from "../fixtures/endpoint-setup.js";

let server: ScriptedModelServer;
const track = scriptedServerHooks((started) => (server = started));

it.each([301, 302, 307, 308])(
  "HTTP %i names the new address and says to set baseURL to it; nothing is sent there",
  async (status) => {
    const ep = track(new OpenAI({ baseURL: server.url, retries: 2 }));
    server.enqueue(turn.raw("", { status, headers: { location: "https://api.example.test/v2/chat/completions" } }));
    const error = await endpointFailure(ep.send(endpointRequest()));
    expect([error.status, error.retryable]).toEqual([status, false]);
    expect(error.message).toContain(
      `HTTP ${status} from POST ${server.url}/chat/completions. The server redirects to https://api.example.test/v2/chat/completions; redirects are not followed`,
    );
    expect(error.message).toMatch(/set baseURL to the new address\.$/);
    expect(server.requests).toHaveLength(1);
  },
);

it("a redirect without a location still says redirects are not followed", async () => {
  const ep = track(new OpenAI({ baseURL: server.url, retries: 0 }));
  server.enqueue(turn.raw("Moved", { status: 301, contentType: "text/plain" }));
  const error = await endpointFailure(ep.send(endpointRequest()));
  expect(error.message).toMatch(
    /^HTTP 301 from .*: Moved\. Redirects are not followed: set baseURL to the server's current address\.$/,
  );
});

it("a location that carries the key shows it redacted", async () => {
  const ep = track(new OpenAI({ baseURL: server.url, apiKey: "sk-test-0123456789SECRET", retries: 0 }));
  server.enqueue(
    turn.raw("", { status: 307, headers: { location: `${server.url}/chat/completions?key=sk-test-0123456789SECRET` } }),
  );
  const error = await endpointFailure(ep.send(endpointRequest()));
  expect(error.message).toContain("?key=[redacted]");
  expect(showsSecret(error)).toBe(false);
});
