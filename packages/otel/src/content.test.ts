import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { Context, completions } from "@tooltype/core";
import { turn } from "@tooltype/testing";
import { startOtel, type OtelSetup } from "./fixtures/otel-setup.js";

let otel: OtelSetup;
afterEach(() => otel.close());

const API_KEY = "sk-test-do-not-record-4f9a";

/** Every string recorded on a span: attributes and event attributes. */
function recordedText(spans: readonly ReadableSpan[]): string {
  return JSON.stringify(
    spans.map((span) => [span.name, span.attributes, span.events.map((event) => event.attributes)]),
  );
}

/** Half of a surrogate pair without its other half: not Unicode text, not writable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Every string recorded on `spans`, the strings inside JSON attributes included (parsed). */
function allStrings(spans: readonly ReadableSpan[]): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === "string") {
      found.push(value);
      if (value.startsWith("[") || value.startsWith("{")) {
        try {
          walk(JSON.parse(value));
        } catch {
          // Text that only looks like JSON (cut arguments): checked as text above.
        }
      }
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === "object" && value !== null) Object.values(value).forEach(walk);
  };
  for (const span of spans) walk([span.attributes, span.events.map((event) => event.attributes)]);
  return found;
}

async function weatherConversation(setup: OtelSetup): Promise<void> {
  const { server, endpoint, telemetry } = setup;
  endpoint.tools.define<{ city: string }>({
    name: "getWeather",
    description: "Current weather in a city.",
    schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    impl: ({ city }) => `Sunny in ${city}, ${"very ".repeat(20)}warm.`,
  });
  const ctx = new Context().system("Be brief.").user("Weather in Oslo?");
  ctx.toolPolicy.allow("getWeather");
  server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }), turn.text("Sunny."));
  await completions(setup.endpoint, "gpt-test", ctx, 8, { hooks: telemetry.hooks });
}

describe("content", () => {
  it("is not recorded unless asked for, and the API key never is", async () => {
    otel = await startOtel({}, { apiKey: API_KEY });
    await weatherConversation(otel);
    const text = recordedText(otel.spans());
    expect(text).not.toContain("Oslo");
    expect(text).not.toContain("Sunny");
    expect(text).not.toContain("Be brief");
    expect(text).not.toContain(API_KEY);
    expect(otel.server.requests[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`); // it was sent, just not recorded
  });

  it("records prompts, replies, arguments and results when asked for, in the conventions' shapes", async () => {
    otel = await startOtel({ recordContent: true }, { apiKey: API_KEY });
    await weatherConversation(otel);
    const [first, second] = otel.spans().filter((span) => span.name === "chat gpt-test");
    expect(JSON.parse(first!.attributes["gen_ai.system_instructions"] as string)).toEqual([
      { type: "text", content: "Be brief." },
    ]);
    expect(JSON.parse(first!.attributes["gen_ai.input.messages"] as string)).toEqual([
      { role: "user", parts: [{ type: "text", content: "Weather in Oslo?" }] },
    ]);
    const output = JSON.parse(first!.attributes["gen_ai.output.messages"] as string);
    expect(output).toEqual([
      {
        role: "assistant",
        parts: [{ type: "tool_call", id: expect.any(String), name: "getWeather", arguments: '{"city":"Oslo"}' }],
        finish_reason: "tool_calls",
      },
    ]);
    const input = JSON.parse(second!.attributes["gen_ai.input.messages"] as string);
    expect(input.at(-1)).toMatchObject({ role: "tool", parts: [{ type: "tool_call_response" }] });
    const tool = otel.span("execute_tool getWeather");
    expect(tool.attributes["gen_ai.tool.call.arguments"]).toBe('{"city":"Oslo"}');
    expect(tool.attributes["gen_ai.tool.call.result"]).toMatch(/^Sunny in Oslo, very/);
    expect(recordedText(otel.spans())).not.toContain(API_KEY);
  });

  it("is bounded: each piece cut to maxLength, only the last maxMessages messages", async () => {
    otel = await startOtel({ recordContent: { maxLength: 12, maxMessages: 1 } });
    await weatherConversation(otel);
    const tool = otel.span("execute_tool getWeather");
    expect(tool.attributes["gen_ai.tool.call.result"]).toMatch(/^Sunny in Osl…\[\d+ more characters\]$/);
    const second = otel.spans().filter((span) => span.name === "chat gpt-test")[1]!;
    const input = JSON.parse(second.attributes["gen_ai.input.messages"] as string);
    expect(input).toHaveLength(1);
    expect(input[0].role).toBe("tool");
  });

  it("is cut between code points: an emoji at the limit is left out whole, never halved", async () => {
    // Each recorded piece has 7 characters before an emoji (2 UTF-16 units), so a limit of 8 lands inside it.
    otel = await startOtel({ recordContent: { maxLength: 8 } });
    const { server, endpoint, telemetry } = otel;
    endpoint.tools.define<{ qq: string }>({
      name: "look",
      description: "Looks.",
      schema: { type: "object", properties: { qq: { type: "string" } }, required: ["qq"] },
      impl: () => "Result:🌧 rain",
    });
    const ctx = new Context().system("System:🙂 be brief").user("Weather🌧 in Oslo?");
    ctx.toolPolicy.allow("look");
    server.enqueue(turn.toolCalls([{ name: "look", arguments: '{"qq":"🌧 Oslo"}' }]), turn.text("Sunny, 🌞 and warm."));

    await completions(endpoint, "gpt-test", ctx, 8, { hooks: telemetry.hooks });

    const tool = otel.span("execute_tool look");
    expect(tool.attributes["gen_ai.tool.call.arguments"]).toBe('{"qq":"…[9 more characters]');
    expect(tool.attributes["gen_ai.tool.call.result"]).toBe("Result:…[7 more characters]");
    const [first, second] = otel.spans().filter((span) => span.name === "chat gpt-test");
    const input = JSON.parse(first!.attributes["gen_ai.input.messages"] as string);
    expect(input[0].parts[0].content).toBe("Weather…[11 more characters]");
    const system = JSON.parse(first!.attributes["gen_ai.system_instructions"] as string);
    expect(system[0].content).toBe("System:…[11 more characters]");
    const output = JSON.parse(second!.attributes["gen_ai.output.messages"] as string);
    expect(output[0].parts[0].content).toBe("Sunny, …[12 more characters]");
    for (const text of allStrings(otel.spans())) expect(text).not.toMatch(LONE_SURROGATE);
  });

  it("adds the policy's message to decision events only when content is recorded", async () => {
    otel = await startOtel({ recordContent: true });
    const { server, endpoint, telemetry } = otel;
    const ctx = new Context().user("Pay.");
    endpoint.tools.define({ name: "pay", description: "Pays.", impl: () => "paid" });
    ctx.toolPolicy.deny("pay");
    server.enqueue(turn.toolCall("pay", {}));
    await completions(endpoint, "gpt-test", ctx, 8, { hooks: telemetry.hooks });
    const [event] = otel.span("invoke_agent").events;
    expect(event!.attributes?.["tooltype.policy.status"]).toBe("denied");
    expect(event!.attributes?.["tooltype.policy.message"]).toEqual(expect.stringMatching(/./));
  });
});
