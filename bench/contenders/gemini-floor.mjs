// The Gemini floor: a bare undici loop on the Gemini wire. Serialises the whole conversation each
// round, parses the reply, sends the model's content back as it came (its signatures with it),
// runs each call and answers it: no validation, no policy, no retries.
import { request } from "undici";
import { MODEL, promptFor, ROUNDS, toolsFor } from "../scenario.mjs";

/** Builds the loop once; `run(c)` plays conversation `c`. `impls`: the metered tools. */
export async function create(url, impls, options = {}) {
  const rounds = options.rounds ?? ROUNDS;
  const endpoint = `${new URL(url).origin}/v1beta/models/${MODEL}:generateContent`;
  const tools = [
    {
      functionDeclarations: toolsFor(options.tools).map((t) => ({
        name: t.name,
        description: t.description,
        parametersJsonSchema: t.schema,
      })),
    },
  ];
  const headers = { "content-type": "application/json", "x-goog-api-key": "bench" };
  return {
    async run(c) {
      const contents = [{ role: "user", parts: [{ text: promptFor(c) }] }];
      for (let round = 0; round <= rounds; round++) {
        const res = await request(endpoint, { method: "POST", headers, body: JSON.stringify({ contents, tools }) });
        if (res.statusCode !== 200) throw new Error(`gemini floor: HTTP ${res.statusCode}: ${await res.body.text()}`);
        const reply = await res.body.json();
        const content = reply.candidates[0].content;
        contents.push(content);
        const calls = content.parts.filter((part) => part.functionCall).map((part) => part.functionCall);
        if (calls.length === 0) return content.parts.map((part) => part.text ?? "").join("");
        const parts = [];
        for (const call of calls) {
          const result = await impls[call.name](call.args ?? {});
          parts.push({
            functionResponse: { name: call.name, id: call.id, response: { output: JSON.stringify(result) } },
          });
        }
        contents.push({ role: "user", parts });
      }
      throw new Error("gemini floor: the model did not finish");
    },
  };
}
