import { TooltypeError, isTooltypeErrorWithCode } from "./tooltype-error.js";

/**
 * A decorated method or a function that reached `tools.add` without its schema: the build skipped
 * the tooltype transformer and no generated sidecar registered it.
 */
export class ToolNotTransformedError extends TooltypeError {
  /** `Class.method` or the function's name; several, comma-separated, when more than one lacked metadata. */
  readonly target: string;

  /** `targets`: each `Class.method` (or `The function name`) without metadata. */
  constructor(targets: string | readonly string[]) {
    const list = typeof targets === "string" ? [targets] : targets;
    const target = list.join(", ");
    const one = list.length === 1;
    super(
      "TOOL_NOT_TRANSFORMED",
      `${target} ${one ? "has" : "have"} no tool metadata: ${one ? "its schema was" : "their schemas were"} never generated. ` +
        `Fix: build with the tooltype transformer (\`tooltype build -p tsconfig.json\`, the ts-patch plugin ` +
        `{ "transform": "@tooltype/transformer" }, ts-jest astTransformers "@tooltype/transformer/jest", or for esbuild, ` +
        `Vite, Rollup and webpack the bundler plugin tooltypePlugin from "@tooltype/transformer/bundler"), or run ` +
        `\`tooltype generate -p tsconfig.json -o src/tooltype.generated.ts\` and import the generated sidecar once at ` +
        `start-up, before tools.add.`,
    );
    this.target = target;
  }

  /** True for any `ToolNotTransformedError`, even one thrown by another installed copy of the package. */
  static override isInstance(value: unknown): value is ToolNotTransformedError {
    return isTooltypeErrorWithCode(value, "TOOL_NOT_TRANSFORMED");
  }
}
