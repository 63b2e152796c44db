import { asObject } from "../../json.js";

// `content` may be an array of parts, streamed or not (Mistral's reasoning models send
// `[{ type: "thinking", thinking: [...] }, { type: "text", text }]`): text parts are the
// visible text, thinking parts are reasoning, and neither is ever dropped.

/** Part types that carry reasoning rather than visible text. */
const reasoningPartTypes = new Set(["thinking", "reasoning"]);

/** The text of a thinking part: a string, or an array of `{ type: "text", text }` parts. */
function thinkingText(value: unknown): string {
  if (typeof value === "string") return value;
  if (!Array.isArray(value)) return "";
  let text = "";
  for (const item of value) {
    const part = asObject(item);
    if (typeof part?.text === "string") text += part.text;
  }
  return text;
}

/** The pieces of one `content` value: visible text and reasoning, `""` when there is none of a kind. */
export interface ContentPieces {
  text: string;
  reasoning: string;
}

/** Splits `content` (a string, or an array of parts) into visible text and reasoning. */
export function contentPieces(content: unknown): ContentPieces {
  if (typeof content === "string") return { text: content, reasoning: "" };
  const pieces: ContentPieces = { text: "", reasoning: "" };
  if (!Array.isArray(content)) return pieces;
  for (const item of content) {
    const part = asObject(item);
    if (part === undefined) continue;
    if (part.type === "text" && typeof part.text === "string") pieces.text += part.text;
    else if (typeof part.type === "string" && reasoningPartTypes.has(part.type))
      pieces.reasoning += thinkingText(part.thinking ?? part.reasoning ?? part.text);
  }
  return pieces;
}

/** The reasoning held in thinking parts of `content`, or undefined when there is none. */
export function contentReasoning(content: unknown): string | undefined {
  const reasoning = contentPieces(content).reasoning;
  return reasoning === "" ? undefined : reasoning;
}
