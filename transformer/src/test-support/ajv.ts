import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";

/** A draft 2020-12 validator in strict mode (unknown keywords are errors), with formats. */
export function createAjv(): Ajv2020 {
  // strictTuples off: a tuple with optional or rest elements is rightly not "fully constrained".
  const ajv = new Ajv2020({ strict: true, strictTuples: false, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  return ajv;
}
