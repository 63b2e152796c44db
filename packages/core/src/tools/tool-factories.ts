import { ToolDefinitionError } from "../errors/tool-definition-error.js";
import { ToolNotTransformedError } from "../errors/tool-not-transformed-error.js";
import { positionalArguments } from "./argument-mapping.js";
import { declaredTools } from "./declared-tools.js";
import { assertToolMetadata, sidecarFunctionMetadata, sidecarMethodMetadata } from "./sidecar-registry.js";
import { Tool } from "./tool.js";
import type { ToolInit } from "./tool-types.js";
import type { ToolCallContext } from "./tool-call-context.js";
import type { ToolMetadata } from "./tool-metadata.js";
import type { JSONObject } from "../json.js";

/** Per-add overrides: they win over `@Description` options and the metadata. */
export type ToolOverrides = Partial<Pick<ToolInit, "name" | "description" | "timeoutMs" | "strict">>;

function className(instance: object): string {
  const name = (instance as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === "string" && name !== "" ? name : "(anonymous class)";
}

/** One Tool per `@Description` method of `instance`, bound to it. Throws before creating any when one is unusable. */
export function toolsFromInstance(instance: object, overrides: ToolOverrides): Tool[] {
  const found = declaredTools(instance);
  const owner = className(instance);
  if (found.length === 0) {
    throw new ToolDefinitionError(
      `${owner} has no @Description methods, so there is no tool to add. Put @Description("…") on the methods the model may call, or add a function or a Tool.`,
    );
  }
  if (found.length > 1 && (overrides.name !== undefined || overrides.description !== undefined)) {
    throw new ToolDefinitionError(
      `${owner} has ${found.length} tools: { name } and { description } apply to one tool only. Use @Description's options per method.`,
    );
  }
  const missing: string[] = [];
  const resolved = found.map(({ declaration, owner: declaringClass }) => {
    const metadata =
      declaration.metadata ??
      sidecarMethodMetadata(declaringClass ?? (instance as { constructor?: Function }).constructor, declaration.method);
    if (metadata === undefined) missing.push(`${declaringClass?.name || owner}.${declaration.method}`);
    return { declaration, metadata };
  });
  if (missing.length > 0) throw new ToolNotTransformedError(missing);

  return resolved.map(({ declaration, metadata }) => {
    const meta = metadata as ToolMetadata;
    const method: unknown = (instance as Record<string, unknown>)[declaration.method];
    if (typeof method !== "function")
      throw new ToolDefinitionError(`${owner}.${declaration.method} is not a function on this instance.`);
    return new Tool({
      name: overrides.name ?? declaration.options.name ?? declaration.method,
      description:
        overrides.description ?? (declaration.description !== "" ? declaration.description : (meta.description ?? "")),
      schema: meta.schema,
      returns: meta.returns,
      dates: meta.dates,
      timeoutMs: overrides.timeoutMs ?? declaration.options.timeoutMs,
      strict: overrides.strict ?? declaration.options.strict,
      impl: (args: JSONObject, context: ToolCallContext) =>
        (method as Function).apply(instance, positionalArguments(meta.parameters, args, context)),
    });
  });
}

function looksLikeClass(fn: Function): boolean {
  return /^class[\s{]/.test(Function.prototype.toString.call(fn));
}

/** A Tool from a plain function, with the metadata the transformer injected at the `add` call (or the sidecar's). */
export function toolFromFunction(fn: Function, overrides: ToolOverrides, injected: ToolMetadata | undefined): Tool {
  const label = fn.name || "(anonymous function)";
  if (injected !== undefined) assertToolMetadata(injected, label);
  const metadata = injected ?? sidecarFunctionMetadata(fn);
  if (metadata === undefined) {
    if (looksLikeClass(fn)) {
      throw new ToolDefinitionError(
        `${label} is a class: add an instance of it, tools.add(new ${label}(…)), to register its @Description methods.`,
      );
    }
    throw new ToolNotTransformedError(`The function ${label}`);
  }
  return new Tool({
    name: overrides.name ?? metadata.name ?? fn.name,
    description: overrides.description ?? metadata.description ?? "",
    schema: metadata.schema,
    returns: metadata.returns,
    dates: metadata.dates,
    timeoutMs: overrides.timeoutMs,
    strict: overrides.strict,
    impl: (args: JSONObject, context: ToolCallContext) =>
      (fn as (...args: unknown[]) => unknown)(...positionalArguments(metadata.parameters, args, context)),
  });
}
