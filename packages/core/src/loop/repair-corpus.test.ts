// The repair corpus end to end: each case is sent by the scripted model server over a real socket
// (a native tool call, or a call written in the reply's text for the qwen dialect), the loop runs
// with `repair: true`, and the tool either runs with exactly the arguments the model meant, the
// repairs recorded on the call, or is not run at all and the model is asked again.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ScriptedModelServer, turn } from "@tooltype/testing";
import { Context } from "../context/context.js";
import { OpenAI } from "../endpoints/openai/openai.js";
import type { JSONObject, JSONSchema } from "../json.js";
import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import { completions } from "../completions.js";

interface CorpusCase {
  id: string;
  tool: string;
  raw?: string;
  args?: JSONObject;
  dialect?: "qwen";
  text?: string;
  expect: "repaired" | "ask";
  arguments?: JSONObject;
  codes?: string[];
}

const folder = join(__dirname, "..", "schema", "repair-corpus");
const read = <T>(name: string): T => JSON.parse(readFileSync(join(folder, name), "utf8")) as T;
const tools = read<Record<string, JSONSchema>>("tools.json");
const cases = ["text.json", "values.json", "qwen.json"].flatMap((name) => read<CorpusCase[]>(name));

let server: ScriptedModelServer;
let ep: OpenAI;
let runs: Array<[string, unknown]>;

beforeAll(async () => {
  server = await ScriptedModelServer.start();
  ep = new OpenAI({ baseURL: server.url, retries: 0 });
  ep.config("qwen3").dialect = "qwen";
  for (const [name, schema] of Object.entries(tools)) {
    ep.tools.define<JSONObject>({
      name,
      description: `The ${name} tool.`,
      schema,
      impl: (args) => (runs.push([name, args]), "ok"),
    });
  }
});
afterAll(async () => {
  await ep.close();
  await server.close();
});

it.each(cases.map((c) => [c.id, c] as const))("%s", async (_id, c) => {
  runs = [];
  server.enqueue(c.dialect === "qwen" ? turn.text(c.text!) : turn.toolCall(c.tool, c.raw ?? JSON.stringify(c.args)));
  const ctx = new Context().user("Go.");
  ctx.toolPolicy.allow("*");
  const completion = await completions(ep, c.dialect === "qwen" ? "qwen3" : "m", ctx, 1, { repair: true });
  expect(completion.calls).toHaveLength(1);
  const call = completion.calls[0]!;
  if (c.expect === "ask") {
    expect([call.policyResult?.status, call.repaired, runs]).toEqual([ToolPolicyStatus.Failed, undefined, []]);
    return;
  }
  expect(call.repaired?.map((r) => r.code)).toEqual(c.codes);
  expect(runs).toEqual([[c.tool, c.arguments]]);
});
