import type AjvClass from "ajv";
import type { Options } from "ajv";

/** The Ajv classes (draft-07, 2019-09, 2020-12) and ajv-formats' `addFormats`. */
export interface AjvModules {
  readonly Ajv: new (options: Options) => AjvClass;
  readonly Ajv2019: new (options: Options) => AjvClass;
  readonly Ajv2020: new (options: Options) => AjvClass;
  readonly addFormats: (ajv: AjvClass) => unknown;
}

let loaded: AjvModules | undefined;

/**
 * Ajv and ajv-formats, loaded at the first schema compiled rather than at `require("@tooltype/core")`:
 * they are most of core's import cost, and a program that never validates never pays it. A
 * synchronous `require` because validators are synchronous (bundlers follow it in CommonJS).
 * The ESM build uses ajv-modules-esm.ts instead (scripts/build.mjs).
 */
export function ajvModules(): AjvModules {
  if (loaded === undefined) {
    /* eslint-disable @typescript-eslint/no-require-imports -- lazy on purpose, see above */
    const ajv = require("ajv") as { default: AjvModules["Ajv"] };
    const ajv2019 = require("ajv/dist/2019.js") as { default: AjvModules["Ajv2019"] };
    const ajv2020 = require("ajv/dist/2020.js") as { default: AjvModules["Ajv2020"] };
    const formats = require("ajv-formats") as { default: AjvModules["addFormats"] };
    /* eslint-enable @typescript-eslint/no-require-imports */
    loaded = { Ajv: ajv.default, Ajv2019: ajv2019.default, Ajv2020: ajv2020.default, addFormats: formats.default };
  }
  return loaded;
}
