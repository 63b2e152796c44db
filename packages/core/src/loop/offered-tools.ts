import { UnknownToolError } from "../errors/unknown-tool-error.js";
import type { Tool } from "../tools/tool.js";
import type { ToolRegistry } from "../tools/tool-registry.js";

interface Offer {
  version: number;
  key: string;
  tools: readonly Tool[];
}

// Per registry: the last subset built, reused while the registry and the names are the same,
// so the endpoint sees the same array object (its tools payload cache is keyed on it).
const offers = new WeakMap<ToolRegistry, Offer>();

/**
 * The tools to offer: the registry's whole list (the same array until it changes), or the named
 * subset (`options.tools`), built once per registry version and list of names. An unknown name
 * throws `UnknownToolError` before anything is sent.
 */
export function offeredTools(registry: ToolRegistry, names: readonly string[] | undefined): readonly Tool[] {
  if (names === undefined) return registry.list();
  const version = registry.version;
  const key = names.join("\u0000");
  const cached = offers.get(registry);
  if (cached !== undefined && cached.version === version && cached.key === key) return cached.tools;
  const unique = [...new Set(names)];
  const tools = Object.freeze(unique.map((name) => registry.find(name) ?? throwUnknown(registry, name)));
  offers.set(registry, { version, key, tools });
  return tools;
}

function throwUnknown(registry: ToolRegistry, name: string): never {
  throw new UnknownToolError(
    name,
    registry.list().map((tool) => tool.name),
  );
}
