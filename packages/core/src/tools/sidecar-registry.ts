import { ToolDefinitionError } from "../errors/tool-definition-error.js";
import { globalWeakMap } from "./global-maps.js";
import type { ToolMetadata } from "./tool-metadata.js";

// Metadata registered by the generated sidecar (`tooltype generate`), for builds where the
// transformer did not run. Looked up at `tools.add` when nothing was injected.
const methods = globalWeakMap<Function, Map<string, ToolMetadata>>("tooltype.sidecarMethods");
const functions = globalWeakMap<Function, ToolMetadata>("tooltype.sidecarFunctions");

/** Throws unless `metadata` has the documented shape (version 1, a schema, a parameter list). */
export function assertToolMetadata(metadata: unknown, where: string): asserts metadata is ToolMetadata {
  const m = metadata as Partial<ToolMetadata> | null;
  if (typeof m !== "object" || m === null || m.v !== 1 || m.schema === undefined || !Array.isArray(m.parameters)) {
    throw new ToolDefinitionError(
      `Tool metadata for ${where} is not version-1 tooltype metadata ({ v: 1, name, schema, parameters }). ` +
        `Rebuild with the same version of the tooltype transformer, or regenerate the sidecar (tooltype generate).`,
    );
  }
}

/**
 * Attaches tool metadata to a class method (`registerToolMetadata(Weather, "getWeather", meta)`)
 * or to a function (`registerToolMetadata(greet, undefined, meta)`). The generated sidecar calls
 * this; `tools.add` uses it when the transformer injected nothing.
 */
export function registerToolMetadata(target: Function, methodName: string | undefined, metadata: ToolMetadata): void {
  if (typeof target !== "function")
    throw new ToolDefinitionError("registerToolMetadata needs a class or a function as its first argument.");
  const where = methodName === undefined ? target.name || "(anonymous function)" : `${target.name}.${methodName}`;
  assertToolMetadata(metadata, where);
  if (methodName === undefined) {
    functions.set(target, metadata);
    return;
  }
  let own = methods.get(target);
  if (own === undefined) {
    own = new Map();
    methods.set(target, own);
  }
  own.set(methodName, metadata);
}

/** Sidecar metadata of `methodName`, on `owner` or the nearest base class that has it. */
export function sidecarMethodMetadata(owner: Function | undefined, methodName: string): ToolMetadata | undefined {
  for (
    let current: unknown = owner;
    typeof current === "function" && current !== Function.prototype;
    current = Object.getPrototypeOf(current)
  ) {
    const metadata = methods.get(current)?.get(methodName);
    if (metadata !== undefined) return metadata;
  }
  return undefined;
}

/** Sidecar metadata of a function. */
export function sidecarFunctionMetadata(fn: Function): ToolMetadata | undefined {
  return functions.get(fn);
}
