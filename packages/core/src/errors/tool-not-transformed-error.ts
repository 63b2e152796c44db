import { TooltypeError, isTooltypeErrorWithCode } from "./tooltype-error.js";

/**
 * A decorated method or a function that reached `tools.add` without its schema: the build skipped
 * the tooltype transformer and no generated sidecar registered it.
 */
export class ToolNotTransformedError extends TooltypeError {
  /** `Class.method` or the function's name. */
  readonly target: string;

  constructor(target: string) {
    super(
      "TOOL_NOT_TRANSFORMED",
      `${target} has no tool metadata: its schema was never generated. Either build with the tooltype transformer ` +
        `(the ts-patch plugin { "transform": "@tooltype/transformer" }, \`tooltype build -p tsconfig.json\`, or ts-jest ` +
        `astTransformers: "@tooltype/transformer/jest"), or run \`tooltype generate -p tsconfig.json -o src/tooltype.generated.ts\` ` +
        `and import the generated sidecar once at start-up, before tools.add.`,
    );
    this.target = target;
  }

  static override isInstance(value: unknown): value is ToolNotTransformedError {
    return isTooltypeErrorWithCode(value, "TOOL_NOT_TRANSFORMED");
  }
}
