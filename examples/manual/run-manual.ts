import { Context, OpenAI, type Completion, type ToolCall } from "@tooltype/core";
import { Calendar } from "./calendar.js";

/** Where the manual example sends its requests, and who confirms a change. */
export interface ManualRunOptions {
  /** An OpenAI-compatible base URL (LM Studio: http://localhost:1234). */
  baseURL: string;
  /** Sent as a bearer token; never printed. */
  apiKey?: string;
  /** The model to ask. */
  model: string;
  /** Decides on each call that changes something (here: cancelEvent). Default: yes. */
  confirm?: (call: ToolCall) => boolean | Promise<boolean>;
  /** Receives each line the example prints. */
  print?: (line: string) => void;
  /** Gives up on the whole run (the example never hangs). */
  signal?: AbortSignal;
}

/** What a run produced. */
export interface ManualRun {
  /** The calls the model planned for a plain prompt (none of them ran). */
  plan: Completion;
  /** The conversation's last completion. */
  completion: Completion;
  /** The calendar the tools ran against. */
  calendar: Calendar;
}

/** Tools the application runs itself without asking anyone. */
const readOnly = new Set(["listEvents"]);

/** The most times the application goes back to the model. */
const maxTurns = 5;

/**
 * Manual execution: the model asks for tool calls, nothing runs on its own, and the application
 * decides call by call. It runs read-only calls itself and sends their results; a call that
 * changes something is approved (after `confirm`) and run by the loop on the next request.
 */
export async function runManual(options: ManualRunOptions): Promise<ManualRun> {
  const print = options.print ?? console.log;
  const confirm = options.confirm ?? (() => true);
  const signal = options.signal;
  const ep = new OpenAI({ baseURL: options.baseURL, apiKey: options.apiKey, timeoutMs: 60_000 });
  try {
    const calendar = new Calendar();
    ep.tools.add(calendar);

    // 1. A prompt string: one request; the model's calls come back and none of them runs,
    //    whatever any policy says (tools run only in a Context).
    const plan = await ep.completions(options.model, "What is on my calendar on Friday?", signal ? { signal } : {});
    for (const call of plan.toolCalls)
      print(`Planned: ${call.name}(${call.rawArguments}), ${call.policyResult?.status}`);

    // 2. A conversation with maxToolRounds 0: the policy is never asked and nothing runs;
    //    every call comes back Pending and the completion stops with "attention".
    const ctx = new Context();
    ctx.system("You manage the user's calendar with the tools. Look events up before changing them.");
    ctx.user("Cancel my dentist appointment on Friday.");
    let completion = await ep.completions(options.model, ctx, { maxToolRounds: 0, signal });
    for (let turn = 0; completion.stopped === "attention" && turn < maxTurns; turn++) {
      for (const call of ctx.pending()) {
        if (readOnly.has(call.name)) {
          // Run it here: validated against the schema, no policy. It never throws: a bad
          // argument or an unknown name is an error result, which goes back to the model.
          const result = await ep.tools.call(call.name, call.arguments, { callId: call.id, signal });
          ctx.tool(call.id, result.output, { isError: result.isError });
          print(`Ran ${call.name}(${call.rawArguments}) myself → ${result.output}`);
        } else if (await confirm(call)) {
          // Or let the loop run it: approved calls run at the start of the next completions
          // call, bound to exactly these arguments.
          ctx.approve(call.id);
          print(`Approved ${call.name}(${call.rawArguments})`);
        } else {
          ctx.reject(call.id, "The user wants to keep this event.");
          print(`Rejected ${call.name}(${call.rawArguments})`);
        }
      }
      // Sends the results (and runs the approved calls); new calls come back Pending again.
      completion = await ep.completions(options.model, ctx, { maxToolRounds: 0, signal });
    }
    for (const call of completion.calls)
      print(`  ${call.name}: ${call.policyResult?.status} → ${call.result?.output ?? "(no result)"}`);
    print(`Answer: ${completion.text ?? "(no text)"}`);
    print(`Stopped: ${completion.stopped}`);
    return { plan, completion, calendar };
  } finally {
    await ep.close();
  }
}
