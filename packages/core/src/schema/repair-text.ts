import type { JSONObject } from "../json.js";

/** Arguments text made into a JSON object, and what was changed to get there. */
export interface TextRepair {
  value: JSONObject;
  repaired: string[];
}

// One fenced block and nothing else: ```json … ``` (or a bare ```), whitespace around it allowed.
const fence = /^\s*```(?:json)?[ \t]*\r?\n([\s\S]*?)\r?\n?[ \t]*```\s*$/i;

/**
 * Repairs arguments text that is almost JSON, exactly as the model meant it, or not at all:
 * a markdown fence around it, trailing commas before `}` / `]`, and single-quoted strings and
 * keys. The result must parse as one JSON object; otherwise there is no repair. Truncated text
 * is never closed, several objects are never merged or picked from, nothing else is guessed.
 */
export function repairArgumentText(text: string): TextRepair | undefined {
  const repaired: string[] = [];
  let body = text;
  const fenced = fence.exec(body);
  if (fenced !== null && !fenced[1]!.includes("```")) {
    body = fenced[1]!;
    repaired.push("removed a markdown code fence around the JSON");
  }
  const rewritten = rewrite(body);
  if (rewritten === undefined) return undefined;
  if (rewritten.trailingCommas) repaired.push("removed trailing commas");
  if (rewritten.singleQuotes) repaired.push("turned single-quoted strings into JSON strings");
  if (repaired.length === 0) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(rewritten.text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  return { value: value as JSONObject, repaired };
}

interface Rewritten {
  text: string;
  trailingCommas: boolean;
  singleQuotes: boolean;
}

// One pass, outside strings only: drops a comma whose next non-blank character closes an object
// or array, and re-quotes single-quoted strings. Strings in double quotes are copied untouched.
function rewrite(text: string): Rewritten | undefined {
  const out: string[] = [];
  let trailingCommas = false;
  let singleQuotes = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"') {
      const end = endOfString(text, i, '"');
      if (end < 0) return undefined;
      out.push(text.slice(i, end + 1));
      i = end + 1;
    } else if (ch === "'") {
      const end = endOfString(text, i, "'");
      if (end < 0) return undefined;
      out.push(requote(text.slice(i + 1, end)));
      singleQuotes = true;
      i = end + 1;
    } else if (ch === ",") {
      let next = i + 1;
      while (next < text.length && /\s/.test(text[next]!)) next++;
      if (text[next] === "}" || text[next] === "]") trailingCommas = true;
      else out.push(ch);
      i++;
    } else {
      out.push(ch);
      i++;
    }
  }
  return { text: out.join(""), trailingCommas, singleQuotes };
}

/** Index of the quote closing the string opened at `start`, or -1 when it is never closed. */
function endOfString(text: string, start: number, quote: string): number {
  for (let i = start + 1; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "\\") i++;
    else if (ch === quote) return i;
    else if (ch === "\n" || ch === "\r") return -1;
  }
  return -1;
}

/** A single-quoted string's body as a JSON string: `\'` becomes `'`, a bare `"` is escaped. */
function requote(inner: string): string {
  let out = '"';
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i]!;
    if (ch === "\\") {
      const next = inner[i + 1] ?? "";
      out += next === "'" ? "'" : `\\${next}`;
      i++;
    } else if (ch === '"') out += '\\"';
    else out += ch;
  }
  return `${out}"`;
}
