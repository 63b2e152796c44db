// The Claude example end to end. Build the examples (`node scripts/build.mjs && node
// transformer/dist/cjs/cli/main.js build -p examples/tsconfig.json`), then run
// `node examples/dist/claude/main.js`. With ANTHROPIC_API_KEY set it talks to Anthropic's API
// (ANTHROPIC_BASE_URL and TOOLTYPE_MODEL may change where and which model); otherwise to the
// scripted model server, and says so.
import { ScriptedModelServer, type RecordedRequest } from "@tooltype/testing";
import { runClaude } from "./run-claude.js";
import { runMain } from "../shared/model-target.js";

/** The scripted Claude: look the author up, reserve the oldest book found, then say so. */
function script(server: ScriptedModelServer): void {
  const lastResult = (request: RecordedRequest): string => {
    const messages = (request.body as { messages: Array<{ content: Array<{ type: string; content?: string }> }> })
      .messages;
    return messages.at(-1)?.content.find((block) => block.type === "tool_result")?.content ?? "";
  };
  server.enqueue(
    {
      reasoning: "I should search the catalogue first.",
      text: "Let me look that up.",
      toolCalls: [{ name: "findBooks", arguments: { author: "Le Guin" } }],
    },
    (request) => {
      const books = JSON.parse(lastResult(request)) as Array<{ isbn: string; year: number }>;
      const oldest = books.sort((a, b) => a.year - b.year)[0]!;
      return {
        text: "The oldest one is from " + oldest.year + ". I'll reserve it.",
        toolCalls: [{ name: "reserve", arguments: { isbn: oldest.isbn } }],
      };
    },
    (request) => ({ text: `Done: ${lastResult(request)}` }),
  );
}

async function main(): Promise<void> {
  const signal = AbortSignal.timeout(120_000);
  const apiKey = process.env.ANTHROPIC_API_KEY;
  let server: ScriptedModelServer | undefined;
  if (!apiKey) {
    server = await ScriptedModelServer.start();
    script(server);
    console.log(`ANTHROPIC_API_KEY is not set: using the scripted model server at ${server.origin}`);
  }
  try {
    const { completion } = await runClaude({
      baseURL: server?.origin ?? process.env.ANTHROPIC_BASE_URL,
      apiKey,
      model: process.env.TOOLTYPE_MODEL ?? (server ? "scripted-claude" : "claude-sonnet-4-5"),
      signal,
    });
    if (completion.stopped !== "done") process.exitCode = 1;
  } finally {
    await server?.close();
  }
}

runMain(main);
