// A lone UTF-16 surrogate (half of an emoji cut by a model, a tool or a user) is valid in a
// JavaScript string, and JSON.stringify writes it as a `\ud83d` escape that llama.cpp and other
// strict servers refuse (HTTP 500 to every later request of the conversation). Request bodies
// carry U+FFFD in its place; the context keeps what it was given.
import { type ScriptedModelServer, turn } from "@tooltype/testing";
import { Context } from "../context/context.js";
import { Anthropic } from "./anthropic/anthropic.js";
import { OpenAI } from "./openai/openai.js";
import { scriptedServerHooks } from "./fixtures/endpoint-setup.js";
import { wellFormedJSON } from "./well-formed-json.js";

describe("wellFormedJSON", () => {
  it("writes JSON.stringify's text when every string is well formed, surrogate pairs and escapes as text included", () => {
    const value = { text: "snow ☃ 😀", escaped: "\\ud83d written out", control: "a\u0001b" };
    expect(wellFormedJSON(value)).toBe(JSON.stringify(value));
  });

  it("writes U+FFFD for a lone high or low surrogate, in values and in keys, and leaves pairs alone", () => {
    // parsed, so that `__proto__` is an own key, as in any parsed reply
    const value: unknown = JSON.parse(
      String.raw`{"k\udc00": ["cut \ud83d", "\ude00 cut", "pair 😀"], "n": 1, "__proto__": "kept"}`,
    );
    const text = wellFormedJSON(value);
    expect(text).not.toMatch(/\\u[dD][89a-fA-F]/);
    expect(text).toBe(String.raw`{"k�":["cut �","� cut","pair 😀"],"n":1,"__proto__":"kept"}`);
  });
});

let server: ScriptedModelServer;
const track = scriptedServerHooks((started) => (server = started));

describe.each([
  ["OpenAI", () => new OpenAI({ baseURL: server.url, retries: 0 })],
  ["Anthropic", () => new Anthropic({ baseURL: server.url, retries: 0 })],
])("%s: history holding lone surrogates", (_name, make) => {
  it("goes out with U+FFFD in their place, and the context keeps the text it was given", async () => {
    const ep = track(make());
    ep.tools.define<{ city: string }>({
      name: "getWeather",
      description: "Current weather in a city.",
      schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      impl: () => "snow \udc00", // a tool's text cut inside a character
    });
    server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }), turn.text("Sunny \ud83d"), turn.text("Yes."));
    const ctx = new Context().user("Weather in Oslo \ude00?");
    ctx.toolPolicy.allow("*");
    await ep.completions("m", ctx);
    await ep.completions("m", ctx.user("Sure?"));

    const sent = server.requests[2]!.rawBody;
    expect(sent).not.toMatch(/\\u[dD][89a-fA-F]/);
    expect(sent).toContain("Oslo \uFFFD?");
    expect(sent).toContain("snow \uFFFD");
    expect(sent).toContain("Sunny \uFFFD");
    // the context is what it was given, and stores and restores as it is
    const restored = Context.fromJSON(JSON.parse(JSON.stringify(ctx)));
    expect(restored.messages.map((m) => ("content" in m ? m.content : undefined))).toEqual(
      ctx.messages.map((m) => ("content" in m ? m.content : undefined)),
    );
    expect(ctx.messages.at(-3)).toMatchObject({ role: "assistant", content: "Sunny \ud83d" });
  });
});
