import Ajv from "ajv";
import Ajv2019 from "ajv/dist/2019.js";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { AjvModules } from "./ajv-modules.js";

// The ESM build's `ajv-modules` (scripts/build.mjs puts it in place of ajv-modules.ts): ES modules
// have no synchronous lazy load that every bundler follows (a `require` made with createRequire
// breaks when an application bundles core into CommonJS, and bundlers do not see what it loads),
// so here Ajv is imported with the module, as before.
const modules: AjvModules = { Ajv, Ajv2019, Ajv2020, addFormats };

/** Ajv and ajv-formats (imported with the module in the ESM build). */
export function ajvModules(): AjvModules {
  return modules;
}
