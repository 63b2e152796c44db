// The Vercel AI SDK: generateText with zod tools and @ai-sdk/openai's chat completions model,
// stepping until the model answers with text (ROUNDS tool steps + the final one).
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, stepCountIs, tool } from "ai";
import { MODEL, promptFor, ROUNDS, tools } from "../scenario.mjs";
import { zodSchemas } from "./zod-schemas.mjs";

/** Builds the provider and the tool set once; `run(c)` plays conversation `c`. */
export async function create(url, impls) {
  const model = createOpenAI({ baseURL: url, apiKey: "bench" }).chat(MODEL);
  const toolSet = Object.fromEntries(
    tools.map((t) => [
      t.name,
      tool({ description: t.description, inputSchema: zodSchemas[t.name], execute: impls[t.name] }),
    ]),
  );
  return {
    async run(c) {
      const result = await generateText({
        model,
        tools: toolSet,
        prompt: promptFor(c),
        stopWhen: stepCountIs(ROUNDS + 1),
        maxRetries: 0,
      });
      const calls = result.steps.reduce((n, step) => n + step.toolResults.length, 0);
      if (calls !== ROUNDS || result.finishReason !== "stop")
        throw new Error(`ai-sdk: ${calls} tool results, finish "${result.finishReason}"`);
      return result.text;
    },
  };
}
