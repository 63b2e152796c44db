// The Responses floor: a bare undici loop over POST /v1/responses. Serialises the whole input each
// round, parses the reply, appends its output items, JSON.parses each call's arguments and runs
// the tool: no validation, no policy, no retries, no reasoning kept.
import { request } from "undici";
import { MODEL, promptFor, ROUNDS, toolsFor } from "../scenario.mjs";

/** Builds the loop once; `run(c)` plays conversation `c`. `impls`: the metered tools. */
export async function create(url, impls, options = {}) {
  const rounds = options.rounds ?? ROUNDS;
  const endpoint = `${url}/responses`;
  const tools = toolsFor(options.tools).map((t) => ({
    type: "function",
    name: t.name,
    description: t.description,
    parameters: t.schema,
    strict: false,
  }));
  const headers = { "content-type": "application/json", authorization: "Bearer bench" };
  return {
    async run(c) {
      const input = [{ role: "user", content: promptFor(c) }];
      for (let round = 0; round <= rounds; round++) {
        const body = JSON.stringify({ model: MODEL, input, tools });
        const res = await request(endpoint, { method: "POST", headers, body });
        if (res.statusCode !== 200)
          throw new Error(`responses floor: HTTP ${res.statusCode}: ${await res.body.text()}`);
        const reply = await res.body.json();
        input.push(...reply.output);
        const calls = reply.output.filter((item) => item.type === "function_call");
        if (calls.length === 0) return reply.output.find((item) => item.type === "message")?.content[0]?.text;
        for (const call of calls) {
          const result = await impls[call.name](JSON.parse(call.arguments));
          input.push({ type: "function_call_output", call_id: call.call_id, output: JSON.stringify(result) });
        }
      }
      throw new Error("responses floor: the model did not finish");
    },
  };
}
