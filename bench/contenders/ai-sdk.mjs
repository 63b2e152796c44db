// The Vercel AI SDK: generateText with zod tools and @ai-sdk/openai's chat completions model,
// stepping until the model answers with text (ROUNDS tool steps + the final one).
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, stepCountIs, tool } from "ai";
import { MODEL, promptFor, ROUNDS, toolsFor } from "../scenario.mjs";
import { zodSchemaFor } from "./zod-schemas.mjs";

/** Builds the provider and the tool set once; `run(c)` plays conversation `c`. */
export async function create(url, impls, options = {}) {
  const rounds = options.rounds ?? ROUNDS;
  const model = createOpenAI({ baseURL: url, apiKey: "bench" }).chat(MODEL);
  const toolSet = Object.fromEntries(
    toolsFor(options.tools).map((t) => [
      t.name,
      tool({ description: t.description, inputSchema: zodSchemaFor(t.name), execute: impls[t.name] ?? (() => ({})) }),
    ]),
  );
  return {
    async run(c) {
      const result = await generateText({
        model,
        tools: toolSet,
        prompt: promptFor(c),
        stopWhen: stepCountIs(rounds + 1),
        maxRetries: 0,
      });
      const calls = result.steps.reduce((n, step) => n + step.toolResults.length, 0);
      if (calls !== rounds || result.finishReason !== "stop")
        throw new Error(`ai-sdk: ${calls} tool results, finish "${result.finishReason}"`);
      return result.text;
    },
  };
}
