// The floor: a bare undici loop. Serialises the whole conversation each round, parses the
// reply, JSON.parses the arguments and runs the tool: no validation, no policy, no retries.
import { request } from "undici";
import { MODEL, promptFor, ROUNDS, toolsFor } from "../scenario.mjs";

/**
 * The bare loop, shared with the typia contender. `parameters(tool)` is the schema sent for a
 * tool; `check(name, args)`, when given, returns an error text for arguments it rejects.
 * `options.rounds`: tool rounds per conversation; `options.tools`: how many tools are offered.
 */
export function bareLoop(url, impls, parameters, check, options = {}) {
  const rounds = options.rounds ?? ROUNDS;
  const endpoint = `${url}/chat/completions`;
  const toolsPayload = toolsFor(options.tools).map((t) => ({
    type: "function",
    function: { name: t.name, description: t.description, parameters: parameters(t) },
  }));
  const headers = { "content-type": "application/json", authorization: "Bearer bench" };
  return {
    async run(c) {
      const messages = [{ role: "user", content: promptFor(c) }];
      for (let round = 0; round <= rounds; round++) {
        const body = JSON.stringify({ model: MODEL, messages, tools: toolsPayload });
        const res = await request(endpoint, { method: "POST", headers, body });
        if (res.statusCode !== 200) throw new Error(`bare loop: HTTP ${res.statusCode}: ${await res.body.text()}`);
        const reply = await res.body.json();
        const message = reply.choices[0].message;
        messages.push(message);
        if (!message.tool_calls?.length) return message.content;
        for (const call of message.tool_calls) {
          const args = JSON.parse(call.function.arguments);
          const problem = check?.(call.function.name, args);
          if (problem) throw new Error(`bare loop: ${call.function.name} got invalid arguments: ${problem}`);
          const result = await impls[call.function.name](args);
          messages.push({ role: "tool", tool_call_id: call.id, content: JSON.stringify(result) });
        }
      }
      throw new Error("bare loop: the model did not finish");
    },
  };
}

/** Builds the floor's client once; `run(c)` plays conversation `c`. `impls`: the metered tools. */
export async function create(url, impls, options = {}) {
  return bareLoop(url, impls, (t) => t.schema, undefined, options);
}
