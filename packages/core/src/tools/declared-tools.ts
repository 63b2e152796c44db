import type { ToolMetadata } from "./tool-metadata.js";
import { globalWeakMap } from "./global-maps.js";

/** Options of `@Description(text, options)`. */
export interface DescriptionOptions {
  /** Tool name instead of the method's name (`^[A-Za-z0-9_-]{1,64}$`). */
  name?: string;
  /** Per-call timeout in milliseconds. */
  timeoutMs?: number;
  /** Ask providers for strict schema adherence. */
  strict?: boolean;
}

/**
 * What `@Description` records about one method, keyed by the method's name (not the function,
 * so another decorator replacing the function loses nothing). In legacy mode it is also readable
 * as `Reflect.getMetadata("tooltype:tool", prototype, methodName)`.
 */
export interface ToolDeclaration {
  /** The decorated method's name. */
  readonly method: string;
  /** The `@Description` text. */
  readonly description: string;
  /** The decorator's options. */
  readonly options: DescriptionOptions;
  /** The metadata the transformer injected, when it ran. */
  readonly metadata: ToolMetadata | undefined;
}

/** A declaration found on an instance, with the class that declared it. */
export interface FoundDeclaration {
  readonly declaration: ToolDeclaration;
  /** The declaring class (for messages and sidecar lookup), when it is known. */
  readonly owner: Function | undefined;
}

const toolsKey = Symbol.for("tooltype.tools");
const legacyStore = globalWeakMap<object, Map<string, ToolDeclaration>>("tooltype.legacyTools");

/** Records a declaration in a standard decorator's `context.metadata` (one own map per class). */
export function recordInClassMetadata(metadata: object, declaration: ToolDeclaration): void {
  const holder = metadata as Record<symbol, Map<string, ToolDeclaration> | undefined>;
  let own = Object.prototype.hasOwnProperty.call(metadata, toolsKey) ? holder[toolsKey] : undefined;
  if (own === undefined) {
    own = new Map();
    Object.defineProperty(metadata, toolsKey, { value: own, enumerable: false, configurable: true });
  }
  own.set(declaration.method, declaration);
}

/** Records a declaration for a prototype (legacy decorators, and the standard-mode fallback). */
export function recordOnPrototype(prototype: object, declaration: ToolDeclaration): void {
  let own = legacyStore.get(prototype);
  if (own === undefined) {
    own = new Map();
    legacyStore.set(prototype, own);
  }
  own.set(declaration.method, declaration);
}

function ownClassMetadata(owner: Function | undefined): Map<string, ToolDeclaration> | undefined {
  const symbol = (Symbol as { metadata?: symbol }).metadata;
  if (owner === undefined || symbol === undefined || !Object.prototype.hasOwnProperty.call(owner, symbol))
    return undefined;
  const metadata = (owner as unknown as Record<symbol, unknown>)[symbol];
  if (typeof metadata !== "object" || metadata === null || !Object.prototype.hasOwnProperty.call(metadata, toolsKey))
    return undefined;
  return (metadata as Record<symbol, Map<string, ToolDeclaration>>)[toolsKey];
}

/**
 * Every `@Description` method of `instance`, walking its prototype chain: a subclass inherits its
 * parents' tools, and a subclass's own `@Description` on an overriding method wins.
 */
export function declaredTools(instance: object): FoundDeclaration[] {
  const found = new Map<string, FoundDeclaration>();
  for (
    let proto = Object.getPrototypeOf(instance) as object | null;
    proto !== null && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    const owner = Object.prototype.hasOwnProperty.call(proto, "constructor")
      ? (proto as { constructor: Function }).constructor
      : undefined;
    for (const own of [ownClassMetadata(owner), legacyStore.get(proto)]) {
      if (own === undefined) continue;
      for (const declaration of own.values())
        if (!found.has(declaration.method)) found.set(declaration.method, { declaration, owner });
    }
  }
  return [...found.values()];
}
