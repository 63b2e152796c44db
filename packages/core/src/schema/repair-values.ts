import { isPlainObject, setOwn, type JSONObject, type JSONSchema, type JSONValue } from "../json.js";
import { pointerSegment } from "./argument-issues.js";
import { pythonList } from "./repair-list.js";
import type { RepairCode, RepairRecord } from "./repair-record.js";
import {
  accepts,
  branchFor,
  itemSchema,
  jsonType,
  propertySchema,
  resolve,
  stringMembers,
  typesOf,
  uniformItems,
  type SchemaObject,
} from "./repair-schema.js";

/** Values converted to what the schema wants, and what was converted. */
export interface ValueRepair {
  value: JSONObject;
  repaired: RepairRecord[];
}

// Plain decimal notation only: no hex, no leading +, no spaces, no "Infinity", no units, no separators.
const decimal = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
// A string that a model meant as JSON (an object or array it encoded once more).
const looksLikeJSON = (text: string) => /^\s*[[{]/.test(text);
// A lone string holding a list separator: `"Lyon, Nantes"` may be one item or two.
const listSeparator = /[,;\n\r]/;

/**
 * Converts values to what the schema wants, where the value's own type cannot be valid there and
 * exactly one reading remains: a strict decimal string to a number, `"true"`/`"false"` to a
 * boolean, a string holding JSON to the object or array it encodes (or a Python list of strings
 * and numbers to that array), one value to an array of it (not a string holding `,` `;` or a line
 * break), and a string matching exactly one enum member ignoring case to that member. A place whose
 * schema accepts the value's type, or whose type cannot be known for sure, is left alone, so a
 * valid value is never changed. Returns undefined when nothing changed.
 */
export function repairArgumentValues(args: JSONObject, schema: JSONSchema, maxDepth = 64): ValueRepair | undefined {
  const repaired: RepairRecord[] = [];
  const value = new ValueWalker(schema, maxDepth, repaired).walk(args, schema, "", 1);
  return repaired.length === 0 || !isPlainObject(value) ? undefined : { value: value as JSONObject, repaired };
}

class ValueWalker {
  constructor(
    readonly root: JSONSchema,
    readonly maxDepth: number,
    readonly repaired: RepairRecord[],
  ) {}

  walk(value: JSONValue, schema: JSONSchema | undefined, path: string, depth: number): JSONValue {
    const node = resolve(schema, this.root);
    if (node === undefined || depth > this.maxDepth) return value;
    return this.walkNode(value, node, path, depth);
  }

  record(code: RepairCode, path: string, message: string): void {
    this.repaired.push({ code, path, message });
  }

  walkNode(value: JSONValue, node: SchemaObject, path: string, depth: number): JSONValue {
    if (typeof value === "string") return this.string(value, node, path, depth);
    if (typeof value !== "object" || value === null) return this.wrap(value, node, path, depth);
    if (Array.isArray(value)) {
      const shape = branchFor(node, this.root, "array");
      return shape === undefined ? value : this.items(value, shape, path, depth);
    }
    const shape = branchFor(node, this.root, "object");
    return shape === undefined ? this.wrap(value, node, path, depth) : this.properties(value, shape, path, depth);
  }

  items(value: JSONValue[], shape: SchemaObject, path: string, depth: number): JSONValue {
    let copy: JSONValue[] | undefined;
    value.forEach((item, i) => {
      const next = this.walk(item, itemSchema(shape, i), `${path}/${i}`, depth + 1);
      if (next !== item) (copy ??= value.slice())[i] = next;
    });
    return copy ?? value;
  }

  properties(value: JSONObject, shape: SchemaObject, path: string, depth: number): JSONValue {
    let copy: JSONObject | undefined;
    for (const key of Object.keys(value)) {
      const child = value[key]!;
      const next = this.walk(child, propertySchema(shape, key), `${path}/${pointerSegment(key)}`, depth + 1);
      if (next !== child) {
        copy ??= { ...value };
        setOwn(copy, key, next);
      }
    }
    return copy ?? value;
  }

  string(text: string, node: SchemaObject, path: string, depth: number): JSONValue {
    const types = typesOf(node, this.root);
    if (types === "any") return text;
    if (types.has("string")) return this.enumCase(text, node, path);
    if ((types.has("number") || types.has("integer")) && decimal.test(text)) {
      const number = Number(text);
      if (Number.isFinite(number) && (types.has("number") || Number.isInteger(number))) {
        this.record("string-to-number", path, `the string ${JSON.stringify(text)} became the number ${number}`);
        return number;
      }
    }
    if (types.has("boolean") && (text === "true" || text === "false")) {
      this.record("string-to-boolean", path, `the string "${text}" became the boolean ${text}`);
      return text === "true";
    }
    if (looksLikeJSON(text)) return this.decode(text, node, path, depth);
    return this.wrap(text, node, path, depth);
  }

  /**
   * A string holding the JSON object or array the schema wants there (encoded once more), or a
   * Python list of strings and numbers where an array is wanted. Decoding comes before any
   * wrapping: a text that spells a list is that list, never one item holding the text.
   */
  decode(text: string, node: SchemaObject, path: string, depth: number): JSONValue {
    const types = typesOf(node, this.root);
    let decoded: JSONValue;
    try {
      decoded = JSON.parse(text) as JSONValue;
    } catch {
      const list = accepts(types, "array") ? pythonList(text) : undefined;
      if (list === undefined) return text;
      this.record("python-list", path, "the string holding a Python list became the array it spells");
      return this.walkNode(list, node, path, depth);
    }
    const kind = jsonType(decoded);
    if ((kind !== "object" && kind !== "array") || !accepts(types, kind)) return text;
    this.record("string-to-json", path, `the string holding JSON became the ${kind} it encodes`);
    return this.walkNode(decoded, node, path, depth);
  }

  /** The items schema when `value` may become `[value]` here: an array is wanted, and its items take this type. */
  wrappable(value: JSONValue, node: SchemaObject): JSONSchema | undefined {
    const types = typesOf(node, this.root);
    if (value === null || types === "any" || !types.has("array") || accepts(types, jsonType(value))) return undefined;
    const shape = branchFor(node, this.root, "array");
    const items = shape === undefined ? undefined : uniformItems(shape);
    if (items === undefined) return undefined;
    const itemNode = items === true ? undefined : resolve(items, this.root);
    if (items !== true && itemNode === undefined) return undefined;
    const itemTypes = itemNode === undefined ? "any" : typesOf(itemNode, this.root);
    return accepts(itemTypes, jsonType(value)) ? items : undefined;
  }

  wrap(value: JSONValue, node: SchemaObject, path: string, depth: number): JSONValue {
    const items = this.wrappable(value, node);
    if (items === undefined) return value;
    // A string that looks like JSON but did not decode, or one holding a list separator, has
    // two readings (one item, or a list written another way): neither is taken.
    if (typeof value === "string" && (looksLikeJSON(value) || listSeparator.test(value))) return value;
    this.record("value-to-array", path, `the single ${jsonType(value)} became an array holding it`);
    return [this.walk(value, items, `${path}/0`, depth + 1)];
  }

  enumCase(text: string, node: SchemaObject, path: string): JSONValue {
    const members = stringMembers(node, this.root);
    if (members === undefined || members.includes(text)) return text;
    const lower = text.toLowerCase();
    const matches = [...new Set(members.filter((member) => member.toLowerCase() === lower))];
    if (matches.length !== 1) return text;
    this.record(
      "enum-case",
      path,
      `${JSON.stringify(text)} became ${JSON.stringify(matches[0])}, the one allowed value that matches ignoring case`,
    );
    return matches[0]!;
  }
}
