import { Anthropic, OpenAI, Router, type Completion } from "@tooltype/core";
import { Parcels } from "./parcels.js";

/** One place the router may ask: an OpenAI-compatible server or Anthropic's Messages API. */
export interface TargetSpec {
  kind: "openai" | "anthropic";
  /** Base URL (a URL with no path gets /v1); Anthropic's own API when left out for `anthropic`. */
  baseURL?: string;
  /** Sent as the key; never printed. */
  apiKey?: string;
  /** The model to ask there. */
  model: string;
  /** The endpoint's own tries after the first, before the router moves on (default 1). */
  retries?: number;
}

/** What the router example asks, and of whom. */
export interface RouterRunOptions {
  /** The targets, in the order the router tries them. */
  targets: readonly TargetSpec[];
  /** What the user asks. */
  prompt?: string;
  /** Receives each line the example prints. */
  print?: (line: string) => void;
  /** Gives up on the whole run (the example never hangs). */
  signal?: AbortSignal;
}

/** What a run produced. */
export interface RouterRun {
  completion: Completion;
  /** The carrier the tool ran against (its `lookups` count the runs). */
  parcels: Parcels;
}

function endpointFor(spec: TargetSpec): OpenAI | Anthropic {
  const retries = spec.retries ?? 1;
  if (spec.kind === "openai")
    return new OpenAI({ baseURL: spec.baseURL, apiKey: spec.apiKey, retries, timeoutMs: 60_000 });
  const claude = new Anthropic({ baseURL: spec.baseURL, apiKey: spec.apiKey, retries, timeoutMs: 60_000 });
  claude.config(spec.model).maxTokens = 1024; // the Messages API requires max_tokens (default 4096)
  return claude;
}

/**
 * Asks where a parcel is through a router: the first target that answers gets the conversation,
 * and a target that fails with a retryable error (after its own retries) hands it to the next.
 * The tool and the policy belong to the router, so they are the same whichever model answers.
 */
export async function runRouter(options: RouterRunOptions): Promise<RouterRun> {
  const print = options.print ?? console.log;
  const targets = options.targets.map((spec) => ({ endpoint: endpointFor(spec), model: spec.model }));
  try {
    const router = new Router(targets, {
      onFailover: ({ from, to, error }) =>
        print(
          `Failover: ${from.model} at ${from.baseURL} failed (${error.message}); asking ${to.model} at ${to.baseURL}`,
        ),
    });
    const parcels = new Parcels();
    router.tools.add(parcels);
    router.context.system("You track parcels. Use the trackParcel tool; never guess where a parcel is.");
    router.context.toolPolicy.allow("trackParcel"); // nothing runs unless the policy says so

    // A prompt goes into router.context, so the conversation can go on with another call.
    const completion = await router.completions(options.prompt ?? "Where is my parcel PX-1001?", {
      maxToolRounds: 4,
      signal: options.signal,
    });
    for (const call of completion.calls)
      print(`Tool ${call.name}(${call.rawArguments}) → ${call.result?.output ?? "(not run)"}`);
    print(`Answer: ${completion.text ?? "(no text)"}`);
    print(
      `Answered by ${completion.target?.model ?? "?"} at ${completion.target?.baseURL ?? "?"} (stopped: ${completion.stopped})`,
    );
    return { completion, parcels };
  } finally {
    await Promise.all(targets.map((target) => target.endpoint.close()));
  }
}
