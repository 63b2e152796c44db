// Google's `@google/genai`: `ai.models.generateContent` in a loop, as its function-calling guide
// writes it: the model's content appended as it came, each call run and answered with a
// functionResponse part. No argument validation (the SDK has none).
import { GoogleGenAI } from "@google/genai";
import { MODEL, promptFor, ROUNDS, toolsFor } from "../scenario.mjs";

/** Builds the client once; `run(c)` plays conversation `c`. */
export async function create(url, impls, options = {}) {
  const rounds = options.rounds ?? ROUNDS;
  const ai = new GoogleGenAI({ apiKey: "bench", httpOptions: { baseUrl: new URL(url).origin } });
  const config = {
    tools: [
      {
        functionDeclarations: toolsFor(options.tools).map((t) => ({
          name: t.name,
          description: t.description,
          parametersJsonSchema: t.schema,
        })),
      },
    ],
  };
  return {
    async run(c) {
      const contents = [{ role: "user", parts: [{ text: promptFor(c) }] }];
      for (let round = 0; round <= rounds; round++) {
        const response = await ai.models.generateContent({ model: MODEL, contents, config });
        contents.push(response.candidates[0].content);
        const calls = response.functionCalls ?? [];
        if (calls.length === 0) return response.text;
        const parts = [];
        for (const call of calls) {
          const result = await impls[call.name](call.args ?? {});
          parts.push({
            functionResponse: { name: call.name, id: call.id, response: { output: JSON.stringify(result) } },
          });
        }
        contents.push({ role: "user", parts });
      }
      throw new Error("genai: the model did not finish");
    },
  };
}
