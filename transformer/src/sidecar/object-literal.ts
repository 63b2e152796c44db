const identifierKey = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function key(name: string): string {
  // A plain `__proto__:` key would set the prototype instead of defining a property.
  if (name === "__proto__") return '["__proto__"]';
  return identifierKey.test(name) ? name : JSON.stringify(name);
}

function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(", ")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.keys(value).map((name) => `${key(name)}: ${inline((value as Record<string, unknown>)[name])}`);
    return entries.length === 0 ? "{}" : `{ ${entries.join(", ")} }`;
  }
  return JSON.stringify(value);
}

/**
 * A JSON value as a TypeScript object literal that reads like hand-written code: identifier keys
 * unquoted, anything that fits in `width` columns on one line, the rest indented by two spaces.
 * `__proto__` keys are written computed, so the literal defines them as data.
 */
export function objectLiteral(value: unknown, indent = "", width = 100): string {
  const flat = inline(value);
  if (indent.length + flat.length <= width || typeof value !== "object" || value === null) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    return `[\n${value.map((item) => `${inner}${objectLiteral(item, inner, width)},`).join("\n")}\n${indent}]`;
  }
  const lines = Object.keys(value).map((name) => {
    const prefix = `${key(name)}: `;
    return `${inner}${prefix}${objectLiteral((value as Record<string, unknown>)[name], inner, width - prefix.length)},`;
  });
  return `{\n${lines.join("\n")}\n${indent}}`;
}
