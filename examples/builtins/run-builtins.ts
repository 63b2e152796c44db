import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { builtins } from "@tooltype/builtins";
import { Context, OpenAI, type Completion } from "@tooltype/core";

/** Where the builtins example sends its requests. */
export interface BuiltinsRunOptions {
  /** An OpenAI-compatible base URL (LM Studio: http://localhost:1234). */
  baseURL: string;
  /** Sent as a bearer token; never printed. */
  apiKey?: string;
  /** The model to ask. */
  model: string;
  /** Receives each line the example prints. */
  print?: (line: string) => void;
  /** Gives up on the whole run. */
  signal?: AbortSignal;
}

/** What the run did: both completions and the notes file as it ended. */
export interface BuiltinsRun {
  first: Completion;
  second: Completion;
  notes: string;
}

/**
 * A workspace with a notes file, the file and time builtins on it, and a policy that lets the
 * model read and tell the time on its own but holds every write for the application to approve.
 */
export async function runBuiltins(options: BuiltinsRunOptions): Promise<BuiltinsRun> {
  const print = options.print ?? console.log;
  const workspace = mkdtempSync(join(tmpdir(), "tooltype-builtins-example-"));
  writeFileSync(join(workspace, "notes.md"), "# Notes\n- ship the release\n");
  const ep = new OpenAI({ baseURL: options.baseURL, apiKey: options.apiKey, timeoutMs: 60_000 });
  try {
    for (const tool of builtins({ files: { root: workspace, write: true }, time: true })) ep.tools.add(tool);
    print(
      `Tools offered: ${ep.tools
        .list()
        .map((tool) => tool.name)
        .join(", ")}`,
    );

    const ctx = new Context();
    ctx.system("You keep the user's notes in notes.md. Use the tools; paths are relative to the workspace.");
    ctx.user("Add a line to my notes saying when I asked, in Paris time.");
    ctx.toolPolicy.allow("files_read", "files_list", "files_search", "time_now"); // writes wait for a person

    const first = await ep.completions(options.model, ctx, { maxToolRounds: 4, signal: options.signal });
    report(first, print);
    for (const call of ctx.pending()) {
      print(`Approving ${call.name}(${call.rawArguments}) as the application would after asking the user.`);
      ctx.approve(call.id);
    }
    const second = await ep.completions(options.model, ctx, { maxToolRounds: 4, signal: options.signal });
    report(second, print);
    const notes = readFileSync(join(workspace, "notes.md"), "utf8");
    print(`notes.md now:\n${notes}`);
    return { first, second, notes };
  } finally {
    await ep.close();
    rmSync(workspace, { recursive: true, force: true });
  }
}

function report(completion: Completion, print: (line: string) => void): void {
  for (const call of completion.calls) {
    print(`Model called ${call.name}(${call.rawArguments})`);
    print(`  policy: ${call.policyResult?.status ?? "none"}; result: ${call.result?.output ?? "(not run)"}`);
  }
  print(`Stopped: ${completion.stopped}${completion.text ? `; answer: ${completion.text}` : ""}`);
}
