import { ToolPolicyStatus, type Context, type ToolCall } from "@tooltype/core";

/** A call a worker acts on: approved (it runs), or denied or failed (the model is told). */
export function isDecided(call: ToolCall): boolean {
  const status = call.policyResult?.status;
  return (
    status === ToolPolicyStatus.Allowed || status === ToolPolicyStatus.Denied || status === ToolPolicyStatus.Failed
  );
}

/**
 * Whether resuming `context` has something to do: a call was decided, or started and never
 * answered (a worker died running it), or the model has yet to answer the last message (a user
 * message, or results of calls it has not read). Nothing when every open call still waits for a
 * decision, or when the model had the last word: then a resume would only repeat a request.
 */
export function hasWorkToResume(context: Context): boolean {
  const open = context.unanswered();
  if (open.length > 0) return open.some((call) => call.started === true || isDecided(call));
  const last = context.messages.at(-1);
  return last !== undefined && last.role !== "assistant";
}
