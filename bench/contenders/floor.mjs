// The floor: a bare undici loop. Serialises the whole conversation each round, parses the
// reply, JSON.parses the arguments and runs the tool: no validation, no policy, no retries.
import { request } from "undici";
import { MODEL, promptFor, ROUNDS, tools } from "../scenario.mjs";

/**
 * The bare loop, shared with the typia contender. `parameters(name)` is the schema sent for a
 * tool; `check(name, args)`, when given, returns an error text for arguments it rejects.
 */
export function bareLoop(url, impls, parameters, check) {
  const endpoint = `${url}/chat/completions`;
  const toolsPayload = tools.map((t) => ({
    type: "function",
    function: { name: t.name, description: t.description, parameters: parameters(t.name) },
  }));
  const headers = { "content-type": "application/json", authorization: "Bearer bench" };
  return {
    async run(c) {
      const messages = [{ role: "user", content: promptFor(c) }];
      for (let round = 0; round <= ROUNDS; round++) {
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
export async function create(url, impls) {
  const schemas = Object.fromEntries(tools.map((t) => [t.name, t.schema]));
  return bareLoop(url, impls, (name) => schemas[name]);
}
