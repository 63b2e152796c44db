// The OpenAI SDK's Responses API: client.responses.create in a loop, as the SDK's docs show it
// (append the response's output items, then a function_call_output per call), each call's
// arguments parsed with zod as the openai-runner contender does. The SDK has no tool runner for
// the Responses API.
import OpenAI from "openai";
import { z } from "zod";
import { MODEL, promptFor, ROUNDS, toolsFor } from "../scenario.mjs";
import { zodSchemaFor } from "./zod-schemas.mjs";

/** Builds the client and tools once; `run(c)` plays conversation `c`. */
export async function create(url, impls, options = {}) {
  const rounds = options.rounds ?? ROUNDS;
  const client = new OpenAI({ baseURL: url, apiKey: "bench", maxRetries: 0 });
  const offered = toolsFor(options.tools);
  const schemas = Object.fromEntries(offered.map((t) => [t.name, zodSchemaFor(t.name)]));
  const tools = offered.map((t) => ({
    type: "function",
    name: t.name,
    description: t.description,
    parameters: z.toJSONSchema(schemas[t.name], { io: "input" }),
    strict: false,
  }));
  return {
    async run(c) {
      const input = [{ role: "user", content: promptFor(c) }];
      for (let round = 0; round <= rounds; round++) {
        const response = await client.responses.create({ model: MODEL, input, tools });
        input.push(...response.output);
        const calls = response.output.filter((item) => item.type === "function_call");
        if (calls.length === 0) return response.output_text;
        for (const call of calls) {
          const args = schemas[call.name].parse(JSON.parse(call.arguments));
          const result = await impls[call.name](args);
          input.push({ type: "function_call_output", call_id: call.call_id, output: JSON.stringify(result) });
        }
      }
      throw new Error("openai-responses: the model did not finish");
    },
  };
}
