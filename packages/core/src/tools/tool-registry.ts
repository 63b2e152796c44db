import { DuplicateToolError } from "../errors/duplicate-tool-error.js";
import { ToolDefinitionError } from "../errors/tool-definition-error.js";
import { UnknownToolError } from "../errors/unknown-tool-error.js";
import type { JSONObject } from "../json.js";
import { errorOutput } from "./result-conversion.js";
import { nextRevision } from "./revision-clock.js";
import { toolFromFunction, toolsFromInstance, type ToolOverrides } from "./tool-factories.js";
import { Tool } from "./tool.js";
import type { ToolCallOptions, ToolFunction, ToolInit } from "./tool-types.js";
import type { ToolCallContext } from "./tool-call-context.js";
import type { ToolMetadata } from "./tool-metadata.js";
import type { ToolResult } from "./tool-result.js";

/** Options of `registry.add`. */
export interface AddToolOptions extends ToolOverrides {
  /** Replace a registered tool of the same name instead of throwing `DuplicateToolError`. */
  replace?: boolean;
}

/** A hand-built tool for `registry.define`. */
export interface DefineToolSpec<Args = JSONObject> extends Omit<ToolInit, "impl" | "dates"> {
  /** Receives the validated arguments object (with `custom: true`, the model's raw text) and the call's context. */
  impl: (args: Args, context: ToolCallContext) => unknown;
}

/**
 * The tools an endpoint offers. Names are unique; insertion order is kept. `version` changes
 * whenever the offer could change (a tool added, removed or replaced, or a tool's description,
 * schema or `strict` reassigned), so a request builder can cache the tools payload per version.
 */
export class ToolRegistry implements Iterable<Tool> {
  #tools = new Map<string, Tool>();
  #stamp = nextRevision();
  #list: readonly Tool[] | undefined;

  /**
   * Registers tools: every `@Description` method of an instance (bound to it; all or nothing),
   * a function (its metadata injected by the transformer as the third argument, or registered by
   * the sidecar), or a `Tool`. Returns the tools added. A taken name throws `DuplicateToolError`
   * unless `{ replace: true }`.
   */
  add(target: object, options: AddToolOptions = {}, metadata?: ToolMetadata): Tool[] {
    const { replace, ...overrides } = options;
    let tools: Tool[];
    if (Tool.isInstance(target)) {
      const changed = Object.values(overrides).some((value) => value !== undefined);
      tools = [changed ? target.clone(overrides) : target];
    } else if (typeof target === "function") {
      tools = [toolFromFunction(target, overrides, metadata)];
    } else if (typeof target === "object" && target !== null) {
      tools = toolsFromInstance(target, overrides);
    } else {
      throw new ToolDefinitionError(
        `tools.add takes an instance with @Description methods, a function or a Tool, not ${String(target)}.`,
      );
    }
    this.#insert(tools, replace === true);
    return tools;
  }

  /** Registers a hand-built tool. Without `schema` it takes no arguments. */
  define<Args = JSONObject>(spec: DefineToolSpec<Args>, options: { replace?: boolean } = {}): Tool {
    const tool = new Tool({ ...spec, impl: spec.impl as ToolFunction });
    this.#insert([tool], options.replace === true);
    return tool;
  }

  /** The tool named `name`; throws `UnknownToolError` when there is none. */
  get(name: string): Tool {
    const tool = this.#tools.get(name);
    if (tool === undefined) throw new UnknownToolError(name, [...this.#tools.keys()]);
    return tool;
  }

  /** The tool named `name`, or undefined. */
  find(name: string): Tool | undefined {
    return this.#tools.get(name);
  }

  /** Whether a tool named `name` is registered. */
  has(name: string): boolean {
    return this.#tools.has(name);
  }

  /** Removes the tool of that name (or that very Tool); true when one was removed. */
  remove(nameOrTool: string | Tool): boolean {
    const name = typeof nameOrTool === "string" ? nameOrTool : nameOrTool.name;
    const current = this.#tools.get(name);
    if (current === undefined || (typeof nameOrTool !== "string" && current !== nameOrTool)) return false;
    this.#tools.delete(name);
    this.#changed();
    return true;
  }

  /** Every tool in insertion order. The same frozen array is returned until a tool is added or removed. */
  list(): readonly Tool[] {
    this.#list ??= Object.freeze([...this.#tools.values()]);
    return this.#list;
  }

  /** How many tools are registered. */
  get size(): number {
    return this.#tools.size;
  }

  /**
   * A number that changes whenever the tools offered could change: a tool added, removed or
   * replaced, or a registered tool's `description`, `schema` or `strict` reassigned. Equal
   * versions mean an identical offer; compare for equality only (it grows by arbitrary steps).
   */
  get version(): number {
    let version = this.#stamp;
    for (const tool of this.#tools.values()) if (tool.revision > version) version = tool.revision;
    return version;
  }

  /** Iterates the tools in insertion order. */
  [Symbol.iterator](): Iterator<Tool> {
    return this.list()[Symbol.iterator]();
  }

  /** Runs the named tool (validated, bypassing policy). Never rejects: an unknown name is an error result. */
  async call(name: string, args: unknown, options?: ToolCallOptions): Promise<ToolResult> {
    const tool = this.#tools.get(name);
    if (tool === undefined)
      return { output: errorOutput(new UnknownToolError(name, [...this.#tools.keys()]).message), isError: true };
    return tool.call(args, options);
  }

  #insert(tools: readonly Tool[], replace: boolean): void {
    const names = new Set<string>();
    for (const tool of tools) {
      if (names.has(tool.name) || (!replace && this.#tools.has(tool.name))) throw new DuplicateToolError(tool.name);
      names.add(tool.name);
    }
    for (const tool of tools) this.#tools.set(tool.name, tool);
    this.#changed();
  }

  #changed(): void {
    this.#stamp = nextRevision();
    this.#list = undefined;
  }
}
