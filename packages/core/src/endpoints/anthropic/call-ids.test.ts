// Call ids the Messages API would refuse, from a server that repeats them across rounds or writes
// them with other characters (Kimi K2's `functions.getWeather:0`, met when a conversation moves
// to Claude): on the wire each gets a stand-in, unique in the request and the same in every
// request; the context keeps the ids the model sent.
import { type ScriptedModelServer, turn } from "@tooltype/testing";
import { Context } from "../../context/context.js";
import { Anthropic } from "./anthropic.js";
import { scriptedServerHooks } from "../fixtures/endpoint-setup.js";

let server: ScriptedModelServer;
const track = scriptedServerHooks((started) => (server = started));

type Block = { type: string; id?: string; tool_use_id?: string };
const blocksOf = (i: number) =>
  (server.requests[i]!.body as { messages: Array<{ content: Block[] }> }).messages.flatMap((m) => m.content);

it("repeated ids and ids with other characters go out unique and well-formed, each result naming its call", async () => {
  const ep = track(new Anthropic({ baseURL: server.url, retries: 0 }));
  ep.tools.define<{ city: string }>({
    name: "getWeather",
    description: "Current weather in a city.",
    schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    impl: ({ city }) => `21 °C in ${city}`,
  });
  const call = (id: string, city: string) => ({ id, name: "getWeather", arguments: JSON.stringify({ city }) });
  server.enqueue(
    turn.toolCalls([call("functions.getWeather:0", "Oslo"), call("dup", "Rome")]),
    turn.toolCalls([call("functions.getWeather:0", "Bern"), call("dup", "Lima")]),
    turn.toolCalls([call("dup", "Kyiv")]),
    turn.text("Done."),
  );
  const ctx = new Context().user("Weather in five cities?");
  ctx.toolPolicy.allow("*");
  const done = await ep.completions("claude-test", ctx);
  expect(done.stopped).toBe("done");

  const sent = blocksOf(3);
  const uses = sent.filter((b) => b.type === "tool_use").map((b) => b.id!);
  const results = sent.filter((b) => b.type === "tool_result").map((b) => b.tool_use_id!);
  expect(uses).toEqual(["functions_getWeather_0", "dup", "functions_getWeather_0_2", "dup_2", "dup_3"]);
  expect(results).toEqual(uses); // one result per call, in the model's order
  expect(uses.every((id) => /^[A-Za-z0-9_-]+$/.test(id))).toBe(true);
  // the same stand-ins in every request: a cached prefix stays the same
  expect(
    blocksOf(2)
      .filter((b) => b.type === "tool_use")
      .map((b) => b.id),
  ).toEqual(uses.slice(0, 4));
  // the context keeps what the model sent
  expect(done.calls.map((c) => c.id)).toEqual([
    "functions.getWeather:0",
    "dup",
    "functions.getWeather:0",
    "dup",
    "dup",
  ]);
});
