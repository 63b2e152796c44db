// The Responses API example end to end. Build the examples (`node scripts/build.mjs && node
// transformer/dist/cjs/cli/main.js build -p examples/tsconfig.json`), then run
// `node examples/dist/responses/main.js`. With TOOLTYPE_BASE_URL set it talks to that server's
// /v1/responses (OpenAI with TOOLTYPE_API_KEY and TOOLTYPE_MODEL=o4-mini, or llama.cpp, vLLM,
// Ollama, LM Studio); otherwise to the scripted model server, and says so.
import { runMain, withModelTarget } from "../shared/model-target.js";
import { runResponses } from "./run-responses.js";
import { script } from "./scripted-turns.js";

async function main(): Promise<void> {
  await withModelTarget(
    script,
    async ({ baseURL, apiKey, model }) => {
      const { completion } = await runResponses({ baseURL, apiKey, model, signal: AbortSignal.timeout(120_000) });
      return completion.stopped === "done";
    },
    "scripted-reasoner",
  );
}

runMain(main);
