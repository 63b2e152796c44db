import type { SchemaContext } from "../context.js";
import { DiagnosticCode } from "../diagnostics.js";
import type { SchemaObject } from "../types.js";

import type { TagText } from "../jsdoc.js";

type TagKind = "number" | "count" | "string" | "token" | "flag" | "json" | "example" | "integer";

/** The constraint tags, by lower-cased name: keyword written, how the text is read. */
const tags = new Map<string, { keyword: string; kind: TagKind; scalar: boolean }>([
  ["minimum", { keyword: "minimum", kind: "number", scalar: true }],
  ["maximum", { keyword: "maximum", kind: "number", scalar: true }],
  ["exclusiveminimum", { keyword: "exclusiveMinimum", kind: "number", scalar: true }],
  ["exclusivemaximum", { keyword: "exclusiveMaximum", kind: "number", scalar: true }],
  ["multipleof", { keyword: "multipleOf", kind: "number", scalar: true }],
  ["minlength", { keyword: "minLength", kind: "count", scalar: true }],
  ["maxlength", { keyword: "maxLength", kind: "count", scalar: true }],
  ["pattern", { keyword: "pattern", kind: "string", scalar: true }],
  ["format", { keyword: "format", kind: "token", scalar: true }],
  ["minitems", { keyword: "minItems", kind: "count", scalar: false }],
  ["maxitems", { keyword: "maxItems", kind: "count", scalar: false }],
  ["uniqueitems", { keyword: "uniqueItems", kind: "flag", scalar: false }],
  ["default", { keyword: "default", kind: "json", scalar: false }],
  ["example", { keyword: "examples", kind: "example", scalar: false }],
  ["integer", { keyword: "type", kind: "integer", scalar: true }],
  ["description", { keyword: "description", kind: "string", scalar: false }],
]);

const numberText = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * Applies constraint tags to `schema`. Value constraints (`@minimum`, `@pattern`, `@integer`, …)
 * on an array apply to its items; a value that cannot be read is a diagnostic.
 */
export function applyTags(ctx: SchemaContext, schema: SchemaObject, list: readonly TagText[]): void {
  for (const tag of list) {
    const known = tags.get(tag.name.toLowerCase());
    if (!known) continue;
    const text = tag.text.trim();
    const target = known.scalar && schema.type === "array" && isObject(schema.items) ? schema.items : schema;
    const first = text.split(/\s+/)[0] ?? "";
    const bad = (expected: string): void => {
      ctx.fail(
        DiagnosticCode.InvalidTag,
        `@${tag.name} "${text}" is not ${expected}; write e.g. @${tag.name} ${example(known.kind)}`,
      );
    };
    switch (known.kind) {
      case "number":
        if (numberText.test(first)) target[known.keyword] = Number(first);
        else bad("a number");
        break;
      case "count":
        if (/^\d+$/.test(first)) target[known.keyword] = Number(first);
        else bad("a whole number");
        break;
      case "token":
        if (first) target[known.keyword] = first;
        else bad("a format name");
        break;
      case "string":
        if (known.keyword === "pattern" && !validPattern(text)) bad("a valid regular expression");
        else if (text) target[known.keyword] = text;
        break;
      case "flag":
        target[known.keyword] = first !== "false";
        break;
      case "json":
        target[known.keyword] = readJson(text);
        break;
      case "example":
        target.examples = [...(Array.isArray(target.examples) ? target.examples : []), readJson(text)];
        break;
      case "integer":
        if (!toInteger(target)) bad("applicable: @integer needs a number type");
        break;
    }
  }
}

/** Turns `number` into `integer` in a schema (and its union branches); false when there was none. */
export function toInteger(schema: SchemaObject): boolean {
  let changed = false;
  if (schema.type === "number") {
    schema.type = "integer";
    changed = true;
  } else if (Array.isArray(schema.type) && schema.type.includes("number")) {
    schema.type = schema.type.map((name: unknown) => (name === "number" ? "integer" : name));
    changed = true;
  }
  for (const key of ["anyOf", "oneOf"]) {
    const branches = schema[key];
    if (Array.isArray(branches))
      for (const branch of branches) if (isObject(branch) && toInteger(branch)) changed = true;
  }
  return changed;
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function validPattern(text: string): boolean {
  try {
    new RegExp(text, "u");
    return text.length > 0;
  } catch {
    return false;
  }
}

function example(kind: TagKind): string {
  return kind === "number" ? "0.5" : kind === "count" ? "3" : kind === "token" ? "email" : "^[a-z]+$";
}

function isObject(value: unknown): value is SchemaObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
