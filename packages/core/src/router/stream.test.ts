import { ScriptedModelServer, turn } from "@tooltype/testing";
import { Context } from "../context/context.js";
import type { LoopEvent } from "../loop/loop-event.js";
import { Anthropic } from "../endpoints/anthropic/anthropic.js";
import { bodyOf, startRouter, type RouterSetup } from "./fixtures/router-setup.js";
import { OpenAI } from "../endpoints/openai/openai.js";
import { Router } from "./router.js";

const unavailable = () => turn.error(503, { message: "overloaded" });

describe("Router: streaming", () => {
  let setup: RouterSetup;
  beforeEach(async () => {
    setup = await startRouter();
  });
  afterEach(() => setup.close());

  it("streams the answer of the target that took over, with the failover as a warning", async () => {
    const { serverA, serverB, router } = setup;
    serverA.enqueue(unavailable(), unavailable());
    serverB.enqueue(turn.text("Streamed by B.", { deltaSize: 4 }));
    const stream = router.stream("Hi");
    const events: LoopEvent[] = [];
    for await (const event of stream) events.push(event);
    const completion = await stream.completion;

    expect(completion).toMatchObject({ text: "Streamed by B.", target: { baseURL: serverB.url, model: "model-b" } });
    expect(serverB.requests[0]!.stream).toBe(true);
    const types = events.map((e) => e.type);
    expect(types.indexOf("warning")).toBeLessThan(types.indexOf("text-delta"));
    expect(events.flatMap((e) => (e.type === "text-delta" ? [e.text] : [])).join("")).toBe("Streamed by B.");
    expect(router.context.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  it("does not fail over once a target's stream reported text: the listener would hear two replies", async () => {
    const { serverA, serverB, router } = setup;
    serverA.enqueue(turn.reset("mid-body", turn.text("a fairly long answer that will be cut", { deltaSize: 3 })));
    serverB.enqueue(turn.text("never"));
    const stream = router.stream(new Context().user("Hi"));
    const heard: string[] = [];
    await expect(
      (async () => {
        for await (const event of stream) if (event.type === "text-delta") heard.push(event.text);
      })(),
    ).rejects.toThrow();
    await expect(stream.completion).rejects.toThrow();
    expect(heard.length).toBeGreaterThan(0);
    expect(serverB.requests).toHaveLength(0);
  });

  it("rejects a stream's completion for a bad argument instead of throwing, and appends no prompt", async () => {
    const stream = setup.router.stream("Hi", { maxToolRounds: 1.5 });
    await expect(stream.completion).rejects.toBeInstanceOf(RangeError);
    expect(setup.router.context.messages).toEqual([]);
  });
});

describe("Router: an OpenAI and an Anthropic target", () => {
  let serverA: ScriptedModelServer;
  let serverB: ScriptedModelServer;
  let openai: OpenAI;
  let claude: Anthropic;
  beforeEach(async () => {
    [serverA, serverB] = await Promise.all([ScriptedModelServer.start(), ScriptedModelServer.start()]);
    openai = new OpenAI({ baseURL: serverA.url, retries: 0 });
    claude = new Anthropic({ baseURL: serverB.origin, apiKey: "sk-ant-router-secret", retries: 0 });
  });
  afterEach(async () => {
    await Promise.all([openai.close(), claude.close()]);
    await Promise.all([serverA.close(), serverB.close()]);
  });

  it("hands the same conversation, tool results included, from OpenAI to Claude", async () => {
    const router = new Router([
      { endpoint: openai, model: "gpt-scripted" },
      { endpoint: claude, model: "claude-scripted" },
    ]);
    const cities: string[] = [];
    router.tools.define<{ city: string }>({
      name: "getWeather",
      description: "Current weather in a city.",
      schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      impl: ({ city }) => (cities.push(city), `${city}: 21°`),
    });
    claude.config("claude-scripted").maxTokens = 512;
    router.context.toolPolicy.allow("getWeather");
    serverA.enqueue(
      turn.toolCalls([{ id: "call_oslo", name: "getWeather", arguments: '{"city":"Oslo"}' }]),
      unavailable(),
    );
    serverB.enqueue(
      turn.toolCalls([{ id: "toolu_rome", name: "getWeather", arguments: { city: "Rome" } }]),
      turn.text("Oslo and Rome: 21°."),
    );

    const completion = await router.completions("Weather in Oslo, then Rome?");

    expect(completion).toMatchObject({
      stopped: "done",
      text: "Oslo and Rome: 21°.",
      target: { baseURL: claude.baseURL, model: "claude-scripted" },
    });
    expect(cities).toEqual(["Oslo", "Rome"]);
    expect(serverB.requests.every((r) => r.path === "/v1/messages")).toBe(true);
    const first = serverB.requests[0]!.body as {
      max_tokens: number;
      tools: Array<{ name: string }>;
      messages: Array<{ role: string; content: unknown }>;
    };
    expect(first.max_tokens).toBe(512); // the answering target's own config
    expect(first.tools.map((t) => t.name)).toEqual(["getWeather"]);
    expect(first.messages.slice(1)).toEqual([
      {
        role: "assistant",
        content: [{ type: "tool_use", id: "call_oslo", name: "getWeather", input: { city: "Oslo" } }],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "call_oslo", content: "Oslo: 21°" }] },
    ]);
    expect(serverA.requests.map((_, i) => bodyOf(serverA, i).model)).toEqual(["gpt-scripted", "gpt-scripted"]);
    expect(JSON.stringify(router)).not.toContain("sk-ant-router-secret");
  });
});
