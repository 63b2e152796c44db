import { ToolDefinitionError } from "../errors/tool-definition-error.js";
import {
  recordInClassMetadata,
  recordOnPrototype,
  type DescriptionOptions,
  type ToolDeclaration,
} from "./declared-tools.js";
import { assertToolMetadata } from "./sidecar-registry.js";
import type { ToolMetadata } from "./tool-metadata.js";
import { assertToolName } from "./tool-name.js";

// Standard decorators read `Symbol.metadata` when a class is defined; Node 20 and 22 lack it.
// Defined here, on import, before any class that uses @Description is evaluated.
if ((Symbol as { metadata?: symbol }).metadata === undefined) {
  Object.defineProperty(Symbol, "metadata", { value: Symbol.for("Symbol.metadata"), configurable: true });
}

/**
 * The decorator `@Description(…)` returns: a standard (TC39) method decorator and an
 * `experimentalDecorators` one at once; which one runs is decided from its arguments.
 */
export interface DescriptionDecorator {
  /** Standard decorators. */
  (value: Function, context: ClassMethodDecoratorContext): void;
  /** `experimentalDecorators` (NestJS). */
  (target: object, propertyKey: string | symbol, descriptor?: PropertyDescriptor): void;
}

type ReflectWithMetadata = typeof Reflect & {
  defineMetadata?: (key: unknown, value: unknown, target: object, property: string | symbol) => void;
};

function isStandardContext(value: unknown): value is DecoratorContext {
  return typeof value === "object" && value !== null && "kind" in value;
}

function refuse(what: string, fix: string): never {
  throw new ToolDefinitionError(`@Description cannot go on ${what}: ${fix}`);
}

const instanceFix =
  "tools are public instance methods with a string name; add the instance with tools.add(new MyClass()).";

/**
 * Marks a method as a tool the model may call. `text` is what the model reads about it; the
 * parameter schema comes from the method's signature, injected by the tooltype transformer as
 * `metadata` (or registered by the generated sidecar). `options`: `name` (instead of the
 * method's), `timeoutMs`, `strict`. Static, `#private` and symbol-named methods are refused.
 */
export function Description(text: string, options?: DescriptionOptions, metadata?: ToolMetadata): DescriptionDecorator {
  if (typeof text !== "string")
    throw new ToolDefinitionError("@Description needs the tool's description as its first argument (a string).");
  if (options?.name !== undefined) assertToolName(options.name, `@Description("${text.slice(0, 40)}")`);
  if (metadata !== undefined)
    assertToolMetadata(metadata, metadata && typeof metadata.name === "string" ? metadata.name : "@Description");
  const frozenOptions: DescriptionOptions = Object.freeze({ ...options });

  function declare(method: string, where: string): ToolDeclaration {
    if (options?.name === undefined) assertToolName(method, where);
    return Object.freeze({ method, description: text, options: frozenOptions, metadata });
  }

  function decorator(target: unknown, keyOrContext: unknown, descriptor?: PropertyDescriptor): void {
    if (isStandardContext(keyOrContext)) {
      const context = keyOrContext;
      const name = typeof context.name === "symbol" ? context.name.toString() : String(context.name);
      if (context.kind !== "method") refuse(`the ${context.kind} ${name}`, "it goes on methods only.");
      if (typeof context.name === "symbol") refuse(`the symbol-named method ${name}`, instanceFix);
      if (context.static) refuse(`the static method ${name}`, instanceFix);
      if (context.private) refuse(`the private method ${name}`, instanceFix);
      const declaration = declare(context.name, `method ${name}`);
      if (typeof context.metadata === "object" && context.metadata !== null) {
        recordInClassMetadata(context.metadata, declaration);
      } else {
        // No Symbol.metadata at class definition: record on the declaring prototype at first construction.
        context.addInitializer(function (this: unknown) {
          let proto = Object.getPrototypeOf(this) as object | null;
          while (proto !== null && !Object.prototype.hasOwnProperty.call(proto, declaration.method))
            proto = Object.getPrototypeOf(proto) as object | null;
          if (proto !== null) recordOnPrototype(proto, declaration);
        });
      }
      return;
    }

    const key = keyOrContext;
    const owner =
      typeof target === "function"
        ? target.name
        : ((target as { constructor?: { name?: string } } | null)?.constructor?.name ?? "(anonymous)");
    if (typeof key === "symbol") refuse(`the symbol-named method ${owner}.${key.toString()}`, instanceFix);
    if (typeof key !== "string" || (typeof target !== "object" && typeof target !== "function")) {
      refuse("this target", 'it is a method decorator (@Description("…") on a class method).');
    }
    if (typeof target === "function") refuse(`the static method ${owner}.${key}`, instanceFix);
    if (descriptor === undefined || typeof descriptor.value !== "function") {
      refuse(`${owner}.${key}, which is not a method`, "it goes on methods only (not properties or accessors).");
    }
    const declaration = declare(key, `method ${owner}.${key}`);
    recordOnPrototype(target as object, declaration);
    const reflect = Reflect as ReflectWithMetadata;
    if (typeof reflect.defineMetadata === "function")
      reflect.defineMetadata("tooltype:tool", declaration, target as object, key);
  }

  return decorator as DescriptionDecorator;
}
