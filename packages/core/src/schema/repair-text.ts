import { isPlainObject, type JSONObject } from "../json.js";
import { REPAIR_CODES, type RepairCode, type RepairRecord } from "./repair-record.js";
import { TolerantScanner } from "./repair-scanner.js";

/** Arguments text made into a JSON object and what was changed, or why it was not; `work` counts characters examined. */
export type TextRepair =
  { ok: true; value: JSONObject; repaired: RepairRecord[]; work: number } | { ok: false; reason: string; work: number };

const messages: Partial<Record<RepairCode, string>> = {
  fence: "removed a markdown code fence around the JSON",
  prose: "removed the prose around the JSON object",
  "template-tag": "removed chat-template tags around the JSON object",
  comment: "removed comments",
  "trailing-comma": "removed trailing commas",
  "single-quotes": "turned single-quoted strings into JSON strings",
  "typographic-quotes": "turned typographic quotes used as JSON quotes into straight quotes",
  "python-literal": "turned Python's True, False and None into true, false and null",
  "unquoted-key": "quoted unquoted keys",
  "control-character": "escaped raw newlines, tabs and other control characters inside strings",
  "plus-sign": "removed a leading + from numbers",
  "string-arguments": "decoded arguments sent as a JSON string",
};

// Chat-template tags a model or server may leave around a call: <|im_end|>, <｜tool▁call▁end｜>,
// </tool_call>, [TOOL_CALLS]. Bounded quantifiers: each try looks at most ~70 characters.
const templateTag = /<\|[^|<>\s]{1,64}\|>|<｜[^｜<>\s]{1,64}｜>|<\/?[A-Za-z_][\w:.-]{0,63}>|\[\/?[A-Z][A-Z_]{1,31}\]/g;
const structure = /[{}[\]]|```/;
const fenceLanguage = /[A-Za-z0-9_+-]*/y;

interface Surroundings {
  tags: boolean;
  prose: boolean;
}

/** Text around the one object: tags and prose are fine, another bracket or fence is not (two readings). */
function surroundings(piece: string): Surroundings | undefined {
  let tags = false;
  const rest = piece.replace(templateTag, () => {
    tags = true;
    return " ";
  });
  if (structure.test(rest)) return undefined;
  return { tags, prose: rest.trim() !== "" };
}

const skipSpaces = (text: string, i: number) => {
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
};

/**
 * Repairs arguments text that is almost JSON, exactly as the model meant it, or not at all: one
 * object (or one fenced block holding it) with prose or chat-template tags around it, comments,
 * trailing commas, single or typographic quotes (and a `”` closing a straight-quoted string, when
 * no other reading parses), unquoted keys, Python literals, raw control characters in strings, a
 * leading `+`, or the whole text sent as a JSON string. Truncated text is never closed and several
 * objects are never merged or picked from.
 */
export function repairArgumentText(text: string, maxDepth = 64): TextRepair {
  const decoded = stringArguments(text);
  if (decoded !== undefined) {
    const inner = repairObjectText(decoded, maxDepth);
    if (!inner.ok) return { ...inner, work: inner.work + text.length };
    return { ...inner, repaired: [record("string-arguments"), ...inner.repaired], work: inner.work + text.length };
  }
  return repairObjectText(text, maxDepth);
}

/** The text of arguments sent as one JSON string (`"{…}"`), or undefined. */
function stringArguments(text: string): string | undefined {
  if (text.trimStart()[0] !== '"') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

function record(code: RepairCode): RepairRecord {
  return { code, message: messages[code]! };
}

function repairObjectText(text: string, maxDepth: number): TextRepair {
  const scanner = new TolerantScanner(text, maxDepth);
  const refuse = (reason: string): TextRepair => ({ ok: false, reason, work: scanner.work + 3 * text.length });
  const fenceAt = text.indexOf("```");
  const objectAt = text.indexOf("{");
  if (objectAt < 0) return refuse("There is no JSON object in the text.");
  const fenced = fenceAt >= 0 && fenceAt < objectAt;
  let start = objectAt;
  if (fenced) {
    fenceLanguage.lastIndex = fenceAt + 3;
    fenceLanguage.exec(text);
    start = skipSpaces(text, fenceLanguage.lastIndex);
    if (text[start] !== "{") return refuse("The code block does not hold one JSON object.");
  }
  let scanned = scanner.scanObject(start);
  if (!scanned.ok && text.includes("\u201d", start)) {
    // The second reading: a straight-quoted string closed by a ” (kept only where it is the one reading).
    const curly = new TolerantScanner(text, maxDepth, true);
    const second = curly.scanObject(start);
    scanner.work += curly.work;
    if (second.ok) scanned = second;
  }
  if (!scanned.ok) return refuse(scanned.reason);
  let end = scanned.end;
  if (fenced) {
    end = skipSpaces(text, end);
    if (!text.startsWith("```", end)) return refuse("The code block holds more than one JSON object.");
    end += 3;
  }
  const before = surroundings(text.slice(0, fenced ? fenceAt : start));
  const after = surroundings(text.slice(end));
  if (before === undefined || after === undefined)
    return refuse("The text holds more than one JSON object or code block, so it is ambiguous.");
  const codes = new Set(scanned.codes);
  if (fenced) codes.add("fence");
  if (before.tags || after.tags) codes.add("template-tag");
  if (before.prose || after.prose) codes.add("prose");
  if (codes.size === 0) return refuse("There is nothing to repair.");
  let value: unknown;
  try {
    value = JSON.parse(scanned.json);
  } catch (error) {
    return refuse(error instanceof Error ? error.message : String(error));
  }
  if (!isPlainObject(value)) return refuse("The arguments are not a JSON object.");
  const repaired = REPAIR_CODES.filter((code) => codes.has(code)).map(record);
  return { ok: true, value: value as JSONObject, repaired, work: scanner.work + 3 * text.length };
}
