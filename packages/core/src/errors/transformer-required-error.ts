import { TooltypeError, isTooltypeErrorWithCode } from "./tooltype-error.js";

/** A call-site macro (`jsonSchema<T>()`, `defineTool<T>()`) that ran without the transformer's injected schema. */
export class TransformerRequiredError extends TooltypeError {
  /** `fix` replaces the default advice (build with the transformer, or pass a schema explicitly). */
  constructor(what: string, fix?: string) {
    super(
      "TRANSFORMER_REQUIRED",
      fix !== undefined
        ? `${what} has no schema. ${fix}`
        : `${what} needs the tooltype transformer: call-site macros get their schema injected at compile time ` +
            `(ts-patch plugin, \`tooltype build\`, ts-jest astTransformers, or the bundler plugin). ` +
            `Sidecar mode (\`tooltype generate\`) cannot provide them: pass a schema explicitly instead.`,
    );
  }

  /** True for any `TransformerRequiredError`, even one thrown by another installed copy of the package. */
  static override isInstance(value: unknown): value is TransformerRequiredError {
    return isTooltypeErrorWithCode(value, "TRANSFORMER_REQUIRED");
  }
}
