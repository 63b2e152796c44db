import { SpanStatusCode } from "@opentelemetry/api";
import { Anthropic, OpenAI, Router, completions } from "@tooltype/core";
import { ScriptedModelServer, turn } from "@tooltype/testing";
import { METRIC } from "./gen-ai-names.js";
import { startOtel, type OtelSetup } from "./fixtures/otel-setup.js";

let otel: OtelSetup;
afterEach(() => otel.close());

const portOf = (server: ScriptedModelServer) => Number(new URL(server.url).port);

describe("behind a router, each request span describes the request as sent", () => {
  it("names the target that answered: its model, provider and server; the failover is an event", async () => {
    otel = await startOtel();
    const { server, telemetry } = otel;
    const down = new OpenAI({ baseURL: server.url, retries: 0 });
    const up = new OpenAI({ baseURL: server.url, retries: 0 });
    const router = new Router(
      [
        { endpoint: down, model: "primary" },
        { endpoint: up, model: "fallback" },
      ],
      { onFailover: telemetry.onFailover },
    );
    server.enqueue(turn.error(503), turn.text("From the fallback."));
    try {
      await completions(router, "Hi", 8, { hooks: telemetry.hooks });
    } finally {
      await Promise.all([down.close(), up.close()]);
    }

    const chat = otel.span("chat fallback");
    expect(chat.attributes).toMatchObject({
      "gen_ai.operation.name": "chat",
      "gen_ai.request.model": "fallback",
      "gen_ai.response.model": "fallback",
      "gen_ai.provider.name": "openai",
      "server.address": "127.0.0.1",
      "server.port": portOf(server),
    });
    expect(chat.events.map((event) => [event.name, event.attributes])).toEqual([
      [
        "tooltype.request.failover",
        { "tooltype.failover.from.model": "primary", "tooltype.failover.to.model": "fallback", "error.type": "503" },
      ],
    ]);
    // The completion span may say router: it ran over the router, whose targets share a provider.
    expect(otel.span("invoke_agent").attributes).toMatchObject({
      "gen_ai.request.model": "router",
      "gen_ai.provider.name": "openai",
      "gen_ai.response.model": "fallback",
    });
    const [duration] = await otel.histogram(METRIC.operationDuration.name);
    expect(duration!.attributes).toMatchObject({
      "gen_ai.request.model": "fallback",
      "gen_ai.provider.name": "openai",
      "server.address": "127.0.0.1",
      "server.port": portOf(server),
    });
  });

  it("names the target whose request failed, and each target's own provider", async () => {
    otel = await startOtel();
    const { server, telemetry } = otel;
    const claude = new Anthropic({ baseURL: server.origin, apiKey: "test", retries: 0 });
    const local = new OpenAI({ baseURL: server.url, retries: 0 });
    const router = new Router([
      { endpoint: claude, model: "claude-x" },
      { endpoint: local, model: "qwen-local" },
    ]);
    server.enqueue(turn.error(400, { message: "bad request (scripted)" }));
    try {
      await expect(completions(router, "Hi", 8, { hooks: telemetry.hooks })).rejects.toThrow(/400/);
    } finally {
      await Promise.all([claude.close(), local.close()]);
    }

    const chat = otel.span("chat claude-x");
    expect(chat.status.code).toBe(SpanStatusCode.ERROR);
    expect(chat.attributes).toMatchObject({
      "gen_ai.request.model": "claude-x",
      "gen_ai.provider.name": "anthropic",
      "server.address": "127.0.0.1",
      "error.type": "400",
    });
    // Targets of two providers: the completion span cannot name one.
    expect(otel.span("invoke_agent").attributes["gen_ai.provider.name"]).toBe("tooltype");
    const [duration] = await otel.histogram(METRIC.operationDuration.name);
    expect(duration!.attributes).toMatchObject({
      "gen_ai.request.model": "claude-x",
      "gen_ai.provider.name": "anthropic",
      "error.type": "400",
    });
  });

  it("describes each round by its own target when a round fails over", async () => {
    otel = await startOtel();
    const { server, telemetry } = otel;
    const other = await ScriptedModelServer.start();
    const first = new OpenAI({ baseURL: server.url, retries: 0 });
    const second = new OpenAI({ baseURL: other.url, retries: 0 });
    const router = new Router([
      { endpoint: first, model: "first" },
      { endpoint: second, model: "second" },
    ]);
    router.tools.define({ name: "look", description: "Looks.", impl: () => "seen" });
    router.context.toolPolicy.allow("look");
    server.enqueue(turn.toolCall("look", {}), turn.error(503));
    other.enqueue(turn.text("Seen, from the second."));
    try {
      await completions(router, "Look.", 8, { hooks: telemetry.hooks });
    } finally {
      await Promise.all([first.close(), second.close()]);
      await other.close();
    }

    const chats = otel.spans().filter((span) => span.name.startsWith("chat "));
    expect(chats.map((span) => [span.name, span.attributes["server.port"], span.attributes["tooltype.round"]])).toEqual(
      [
        ["chat first", portOf(server), 1],
        ["chat second", portOf(other), 2],
      ],
    );
  });
});
