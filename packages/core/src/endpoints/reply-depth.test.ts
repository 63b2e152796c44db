// A reply nested thousands of levels deep in any field that is kept (a call's extra field, a
// signature, reasoning details, an arguments object) is refused whole with a ProtocolError: no
// tool runs, the context is left as it was and can still be stored.
import { turn, type ScriptedChunk, type ScriptedModelServer, type ScriptedTurn } from "@tooltype/testing";
import { Context } from "../context/context.js";
import { ProtocolError } from "../errors/protocol-error.js";
import { Anthropic } from "./anthropic/anthropic.js";
import { OpenAI } from "./openai/openai.js";
import { scriptedServerHooks } from "./fixtures/endpoint-setup.js";
import { MAX_REPLY_DEPTH } from "./reply-depth.js";

let server: ScriptedModelServer;
let runs = 0;
const track = scriptedServerHooks(
  (started) => (server = started),
  () => (runs = 0),
);

function withTool<E extends OpenAI | Anthropic>(endpoint: E): E {
  endpoint.tools.define<{ city: string }>({
    name: "getWeather",
    description: "Current weather in a city.",
    schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    impl: ({ city }) => {
      runs++;
      return `21 °C in ${city}`;
    },
  });
  return track(endpoint);
}

const openAI = () => withTool(new OpenAI({ baseURL: server.url, retries: 0 }));
const anthropic = () => withTool(new Anthropic({ baseURL: server.url, retries: 0 }));

/** JSON text of an array nested `levels` deep. */
const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
/** `value` as JSON text with the string "DEEP" replaced by `deep`. */
const withDeep = (value: unknown, deep: string) => JSON.stringify(value).replace('"DEEP"', deep);
const hostile = nested(10_000);

const weatherCall = {
  index: 0,
  id: "call_1",
  type: "function",
  function: { name: "getWeather", arguments: '{"city":"Oslo"}' },
};
const openAIReply = (message: object) => ({ choices: [{ index: 0, message, finish_reason: "tool_calls" }] });
const anthropicReply = (content: object[]) => ({
  type: "message",
  role: "assistant",
  content,
  stop_reason: "tool_use",
});
const toolUse = { type: "tool_use", id: "toolu_1", name: "getWeather", input: { city: "Oslo" } };

const cases: Array<[string, () => OpenAI | Anthropic, boolean, (deep: string) => ScriptedTurn]> = [
  [
    "OpenAI: a call's extra field",
    openAI,
    false,
    (deep) => turn.raw(withDeep(openAIReply({ tool_calls: [{ ...weatherCall, extra_content: "DEEP" }] }), deep)),
  ],
  [
    "OpenAI: reasoning_details beside a call",
    openAI,
    false,
    (deep) => turn.raw(withDeep(openAIReply({ reasoning_details: "DEEP", tool_calls: [weatherCall] }), deep)),
  ],
  [
    "OpenAI: arguments sent as an object",
    openAI,
    false,
    (deep) =>
      turn.raw(
        withDeep(
          openAIReply({ tool_calls: [{ ...weatherCall, function: { name: "getWeather", arguments: "DEEP" } }] }),
          deep.replace(/^\[/, '{"a":[').replace(/\]$/, "]}"),
        ),
      ),
  ],
  [
    "OpenAI streamed: a call delta's extra field",
    openAI,
    true,
    (deep) =>
      turn.chunks([
        `data: ${withDeep({ choices: [{ index: 0, delta: { tool_calls: [{ ...weatherCall, extra_content: "DEEP" }] } }] }, deep)}`,
        { choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] } as ScriptedChunk,
      ]),
  ],
  [
    "Anthropic: a thinking block's signature",
    anthropic,
    false,
    (deep) =>
      turn.raw(withDeep(anthropicReply([{ type: "thinking", thinking: "t", signature: "DEEP" }, toolUse]), deep)),
  ],
  [
    "Anthropic streamed: a tool_use block's input",
    anthropic,
    true,
    (deep) =>
      turn.chunks([
        { type: "message_start", message: { id: "msg_1", content: [] } },
        `data: ${withDeep({ type: "content_block_start", index: 0, content_block: { ...toolUse, input: { city: "DEEP" } } }, deep)}`,
        { type: "content_block_stop", index: 0 },
        { type: "message_delta", delta: { stop_reason: "tool_use" } },
        { type: "message_stop" },
      ]),
  ],
];

describe.each(cases)("%s", (_where, make, stream, reply) => {
  const complete = (endpoint: OpenAI | Anthropic, ctx: Context) =>
    stream ? endpoint.stream("m", ctx).completion : endpoint.completions("m", ctx);

  it("nested 10,000 levels: a ProtocolError naming the depth; no tool runs; the context is unchanged and storable", async () => {
    const endpoint = make();
    server.enqueue(reply(hostile), turn.text("never asked for"));
    const ctx = new Context().user("Weather in Oslo?");
    ctx.toolPolicy.allow("*");
    const error = await complete(endpoint, ctx).catch((e: unknown) => e);
    expect(ProtocolError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain(`deeper than ${MAX_REPLY_DEPTH} levels`);
    expect(runs).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(ctx.messages.map((m) => m.role)).toEqual(["user"]);
    expect(Context.fromJSON(JSON.parse(JSON.stringify(ctx.toJSON()))).messages).toEqual(ctx.messages);
  });

  it("nested just within the limit: the round completes, and the context stores and restores", async () => {
    const endpoint = make();
    server.enqueue(reply(nested(MAX_REPLY_DEPTH - 20)), turn.text("21 °C."));
    const ctx = new Context().user("Weather in Oslo?");
    ctx.toolPolicy.allow("*");
    const done = await complete(endpoint, ctx);
    expect(done.stopped).toBe("done");
    expect(server.requests).toHaveLength(2);
    expect(Context.fromJSON(JSON.parse(JSON.stringify(ctx.toJSON()))).messages).toEqual(ctx.messages);
  });
});
