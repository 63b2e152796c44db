const identifierKey = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** How `objectLiteral` writes. */
export interface LiteralStyle {
  /** Indentation of the line the value starts on. */
  indent?: string;
  /** Column budget: a value that fits is written on one line. Default 100. */
  width?: number;
  /** Strict JSON (every key quoted) instead of a TypeScript literal. */
  json?: boolean;
}

function key(name: string, json: boolean): string {
  if (json) return JSON.stringify(name);
  // A plain `__proto__:` key would set the prototype instead of defining a property.
  if (name === "__proto__") return '["__proto__"]';
  return identifierKey.test(name) ? name : JSON.stringify(name);
}

function inline(value: unknown, json: boolean): string {
  if (Array.isArray(value)) return `[${value.map((item) => inline(item, json)).join(", ")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.keys(value).map(
      (name) => `${key(name, json)}: ${inline((value as Record<string, unknown>)[name], json)}`,
    );
    return entries.length === 0 ? "{}" : `{ ${entries.join(", ")} }`;
  }
  return JSON.stringify(value);
}

/**
 * A JSON value written to read like hand-written code: anything that fits in `width` columns on
 * one line, the rest indented by two spaces. As a TypeScript literal (the default) identifier keys
 * are bare and `__proto__` keys computed, so the literal defines them as data; with `json`, the
 * text is strict JSON.
 */
export function objectLiteral(value: unknown, style: LiteralStyle = {}): string {
  const { indent = "", width = 100, json = false } = style;
  const flat = inline(value, json);
  if (indent.length + flat.length <= width || typeof value !== "object" || value === null) return flat;
  const inner = `${indent}  `;
  const items = Array.isArray(value)
    ? value.map((item) => `${inner}${objectLiteral(item, { indent: inner, width, json })}`)
    : Object.keys(value).map((name) => {
        const prefix = `${key(name, json)}: `;
        return `${inner}${prefix}${objectLiteral((value as Record<string, unknown>)[name], { indent: inner, width: width - prefix.length, json })}`;
      });
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return `${open}\n${items.join(",\n")}\n${indent}${close}`;
}
