import type { JSONObject } from "../json.js";
import type { RepairRecord } from "../schema/repair-record.js";
import { ContextJSONError } from "./context-errors.js";
import { toJSONCopy } from "./json-clone.js";
import type { Message } from "./message.js";
import { signValue, verifyValue, type ContextSecret } from "./signing.js";
import { readStoredMessage, record } from "./stored-message.js";
import type { ToolCall } from "../policy/tool-call.js";

/** A context as plain JSON (what `ctx.toJSON()` returns and `Context.fromJSON` reads). */
export interface StoredContext {
  /** Always `"tooltype.context"`: marks the value as a stored context. */
  format: "tooltype.context";
  /** The layout it was written in: 1, the one this version writes and reads. */
  version: 1;
  /** Messages in order; assistant tool calls carry their decision, binding, progress, run outcome and result. */
  messages: JSONObject[];
  /** `hmac-sha256:<hex>` over the canonical JSON of `format`, `version` and `messages`, when a secret was given. */
  signature?: string;
}

/** The name in every stored context's `format` field. */
export const CONTEXT_FORMAT: StoredContext["format"] = "tooltype.context";
/** The stored layout this build writes and reads. */
export const CONTEXT_FORMAT_VERSION: StoredContext["version"] = 1;

/** The stored context of `messages` (a deep JSON copy: nothing in it is shared with the context). */
export function writeStoredContext(messages: readonly Message[], secret: ContextSecret | undefined): StoredContext {
  const body = {
    format: CONTEXT_FORMAT,
    version: CONTEXT_FORMAT_VERSION,
    messages: messages.map(writeMessage),
  } as const;
  const stored: StoredContext = { ...body, messages: body.messages };
  if (secret !== undefined) stored.signature = signValue(body, secret);
  return stored;
}

function writeMessage(message: Message): JSONObject {
  switch (message.role) {
    case "system":
    case "user":
      return { role: message.role, content: message.content };
    case "tool":
      return {
        role: "tool",
        callId: message.callId,
        name: message.name,
        content: message.content,
        isError: message.isError,
      };
    case "assistant": {
      const out: JSONObject = { role: "assistant", content: message.content };
      if (message.toolCalls !== undefined) out.toolCalls = message.toolCalls.map(writeCall);
      if (message.refusal !== undefined) out.refusal = message.refusal;
      if (message.providerData !== undefined) out.providerData = toJSONCopy(message.providerData);
      return out;
    }
  }
}

function writeCall(call: ToolCall): JSONObject {
  const out: JSONObject = {
    id: call.id,
    type: call.type,
    name: call.name,
    arguments: call.arguments === null ? null : toJSONCopy(call.arguments),
    rawArguments: call.rawArguments,
  };
  if (call.argumentError !== undefined) out.argumentError = call.argumentError;
  if (call.repaired !== undefined) out.repaired = call.repaired.map(writeRepair);
  if (call.policyResult !== undefined)
    out.policyResult = { status: call.policyResult.status, message: call.policyResult.message };
  if (call.outcome !== undefined) out.outcome = { status: call.outcome.status, message: call.outcome.message };
  if (call.binding !== undefined) out.binding = call.binding;
  if (call.started === true) out.started = true;
  if (call.result !== undefined) out.result = { output: call.result.output, isError: call.result.isError };
  if (call.extra !== undefined) out.extra = toJSONCopy(call.extra);
  return out;
}

/** What a valid stored context holds: its messages, and the calls of the last assistant message still unanswered. */
export interface RestoredMessages {
  messages: Message[];
  open: ToolCall[];
}

/**
 * Reads an untrusted stored context: checks the format, the version, the signature (when `secret` is
 * given, an unsigned or altered one is refused) and every field, and that the conversation is
 * coherent (each result answers one call of the message before it). Throws `ContextJSONError`.
 */
export function readStoredContext(input: unknown, secret: ContextSecret | undefined): RestoredMessages {
  let value = input;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch (error) {
      throw new ContextJSONError("", `The stored context is not valid JSON (${(error as Error).message}).`);
    }
  }
  const root = record(value, "", "a stored context (an object with format, version and messages)");
  if (root.format !== CONTEXT_FORMAT)
    throw new ContextJSONError("format", `expected "${CONTEXT_FORMAT}": this is not a stored tooltype context.`);
  if (root.version !== CONTEXT_FORMAT_VERSION) {
    throw new ContextJSONError(
      "version",
      `unsupported version ${JSON.stringify(root.version)}; this build reads version ${CONTEXT_FORMAT_VERSION}.`,
    );
  }
  if (!Array.isArray(root.messages)) throw new ContextJSONError("messages", "expected an array.");
  if (secret !== undefined) checkSignature(root, secret);
  else if (root.signature !== undefined && typeof root.signature !== "string")
    throw new ContextJSONError("signature", "expected a string.");
  return replay(root.messages.map((message, i) => readStoredMessage(message, `messages[${i}]`)));
}

/** The keys a stored context's root may hold: anything else beside them is a change the signature does not cover. */
const rootKeys = new Set(["format", "version", "messages", "signature"]);

function checkSignature(root: Record<string, unknown>, secret: ContextSecret): void {
  const unknown = Object.keys(root).find((key) => !rootKeys.has(key));
  if (unknown !== undefined)
    throw new ContextJSONError(
      unknown,
      "is not part of a stored context: with a secret, any change to the stored document is refused. It was not restored.",
    );
  if (typeof root.signature !== "string") {
    throw new ContextJSONError(
      "signature",
      "missing: a secret was given, so only a signed stored context is accepted (sign it with toJSON({ secret })).",
    );
  }
  let valid: boolean;
  try {
    valid = verifyValue(
      { format: root.format, version: root.version, messages: root.messages },
      root.signature,
      secret,
    );
  } catch {
    valid = false;
  }
  if (!valid)
    throw new ContextJSONError(
      "signature",
      "does not match: the stored context was altered, or signed with another secret. It was not restored.",
    );
}

// Each tool message must answer a call of the latest assistant message that has a result; a
// new non-tool message may come only once every call before it is answered.
function replay(messages: Message[]): RestoredMessages {
  let open: ToolCall[] = [];
  let openAt = -1;
  const closeBatch = (at: number) => {
    const unanswered = open.find((call) => call.result !== undefined) ?? open[0];
    if (unanswered === undefined) return;
    const what =
      unanswered.result !== undefined
        ? "has a result but no tool message"
        : "is not answered, yet another message follows";
    throw new ContextJSONError(`messages[${at}]`, `call "${unanswered.id}" of messages[${openAt}] ${what}.`);
  };
  messages.forEach((message, at) => {
    if (message.role === "tool") {
      const call = open.find((candidate) => candidate.id === message.callId);
      const path = `messages[${at}]`;
      if (call === undefined)
        throw new ContextJSONError(
          `${path}.callId`,
          `"${message.callId}" answers no waiting call of the assistant message before it.`,
        );
      if (
        call.result === undefined ||
        call.result.output !== message.content ||
        call.result.isError !== message.isError ||
        call.name !== message.name
      ) {
        throw new ContextJSONError(path, `does not match the result recorded on call "${call.id}".`);
      }
      open = open.filter((candidate) => candidate !== call);
      return;
    }
    closeBatch(at);
    if (message.role === "assistant" && message.toolCalls !== undefined) {
      const ids = new Set<string>();
      for (const call of message.toolCalls) {
        if (ids.has(call.id))
          throw new ContextJSONError(`messages[${at}].toolCalls`, `two calls share the id "${call.id}".`);
        ids.add(call.id);
      }
      open = message.toolCalls.slice();
      openAt = at;
    }
  });
  const answeredWithoutMessage = open.find((call) => call.result !== undefined);
  if (answeredWithoutMessage !== undefined) closeBatch(messages.length);
  return { messages, open };
}

function writeRepair(repair: RepairRecord): JSONObject {
  const out: JSONObject = { code: repair.code, message: repair.message };
  if (repair.path !== undefined) out.path = repair.path;
  return out;
}
