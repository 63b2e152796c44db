import type { JSONObject } from "../../json.js";

/** Where a chunk's one changing string lives: its parent object and key (the key as written in the JSON text). */
export interface StringSlot {
  parent: JSONObject;
  key: string;
}

/** Finds the string a stream's chunks are expected to differ in (the arguments or text delta), in a parsed chunk. */
export type SlotFinder = (chunk: unknown) => StringSlot | undefined;

interface Template {
  /** The chunk's text up to and including the opening quote of the slot's value. */
  prefix: string;
  /** The chunk's text from the slot value's closing quote on. */
  suffix: string;
  /** The parse of prefix + a probe string + suffix; its slot is overwritten by each matching chunk. */
  value: unknown;
  slot: StringSlot;
}

// Two probe bodies of the same length: `~` is invalid outside a string, so a probe that parses lies inside one.
const probes = ["~tooltype-probe-1~", "~tooltype-probe-2~"] as const;
/** After this many templates that the next chunk did not match, a stream's chunks are parsed whole. */
const maxMisses = 8;

/**
 * Parses the successive JSON chunks of one stream, skipping most of `JSON.parse` when a chunk is
 * the previous chunk's text with only one string value changed (each delta of a long reply).
 * After a full parse, the chunk becomes a template: its text before the opening quote of the
 * slot's value (`prefix`) and from the closing quote on (`suffix`). A later chunk that is
 * `prefix + body + suffix`, with `body` a valid JSON string body, decodes to the template's
 * structure with only that string changed (docs/wire-format.md, "Stream assembly"): JSON is read
 * left to right, so the prefix leaves the reader inside a freshly opened string, the body stays
 * inside it, and the suffix is then read exactly as before. The template's position is proved,
 * not guessed: the prefix and suffix around two different probe bodies must parse, with the
 * slot holding each probe. Anything else is a full `JSON.parse`.
 *
 * The value returned for a matching chunk is the template's own object with its slot
 * overwritten: callers read it before the next chunk and keep no reference to the slot's
 * parent object.
 */
// What it is worth, bench `stream` (a reply of ~4,000 argument deltas, replayed without a socket;
// A/B in one run on the loaded 2-core machine, 6 passes): 7.1 ms of CPU per reply read with it,
// 13.9 ms with `JSON.parse` of every chunk (one piece per event); 4.8 and 10.4 ms in 16 KiB pieces.
export class RepeatedChunkParser {
  #template: Template | undefined;
  #misses = 0;
  #matchedSinceBuilt = false;

  constructor(private readonly findSlot: SlotFinder) {}

  /** The chunk parsed (as `JSON.parse` would); throws `JSON.parse`'s SyntaxError for text that is not JSON. */
  parse(text: string): unknown {
    const template = this.#template;
    if (template !== undefined) {
      const matched = matchTemplate(template, text);
      if (matched) {
        this.#matchedSinceBuilt = true;
        return template.value;
      }
      if (!this.#matchedSinceBuilt) this.#misses++;
      this.#template = undefined;
    }
    const value = JSON.parse(text) as unknown;
    if (this.#misses < maxMisses) {
      this.#template = buildTemplate(text, value, this.findSlot);
      this.#matchedSinceBuilt = false;
    }
    return value;
  }
}

/** Whether `text` is the template's prefix + a valid string body + its suffix; if so, the slot holds the body decoded. */
function matchTemplate(template: Template, text: string): boolean {
  const { prefix, suffix } = template;
  const end = text.length - suffix.length;
  // slice + === compares with memcmp; startsWith walks the characters one by one (several times slower here).
  if (end < prefix.length || text.slice(0, prefix.length) !== prefix || text.slice(end) !== suffix) return false;
  const body = text.slice(prefix.length, end);
  const decoded = decodeStringBody(body);
  if (decoded === undefined) return false;
  template.slot.parent[template.slot.key] = decoded;
  return true;
}

/** A JSON string body (the text between the quotes) decoded, or undefined when it is not a valid one. */
function decodeStringBody(body: string): string | undefined {
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    if (code === 0x5c) {
      // An escape: JSON.parse validates and decodes the whole body (a quote or a trailing backslash fails it).
      try {
        return JSON.parse(`"${body}"`) as string;
      } catch {
        return undefined;
      }
    }
    if (code === 0x22 || code < 0x20) return undefined;
  }
  return body;
}

function buildTemplate(text: string, value: unknown, findSlot: SlotFinder): Template | undefined {
  const slot = findSlot(value);
  if (slot === undefined) return undefined;
  const bounds = slotBounds(text, slot.key);
  if (bounds === undefined) return undefined;
  const prefix = text.slice(0, bounds.start);
  const suffix = text.slice(bounds.end);
  const parsed: unknown[] = [];
  for (const probe of probes) {
    let probeValue: unknown;
    try {
      probeValue = JSON.parse(prefix + probe + suffix) as unknown;
    } catch {
      return undefined;
    }
    const probeSlot = findSlot(probeValue);
    if (probeSlot === undefined || probeSlot.key !== slot.key || probeSlot.parent[probeSlot.key] !== probe)
      return undefined;
    parsed.push(probeValue);
  }
  const templateValue = parsed[0];
  const templateSlot = findSlot(templateValue);
  return templateSlot && { prefix, suffix, value: templateValue, slot: templateSlot };
}

/**
 * A candidate position for the slot's value in the text: after the last `"key":` and its
 * whitespace, up to the next quote not escaped. Only a candidate: the probes decide.
 */
function slotBounds(text: string, key: string): { start: number; end: number } | undefined {
  const marker = `"${key}":`;
  let at = text.lastIndexOf(marker);
  if (at < 0) return undefined;
  at += marker.length;
  while (at < text.length && isJSONSpace(text.charCodeAt(at))) at++;
  if (text.charCodeAt(at) !== 0x22) return undefined;
  const start = at + 1;
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x5c) i++;
    else if (code === 0x22) return { start, end: i };
  }
  return undefined;
}

function isJSONSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}
