import type Ajv from "ajv";
import type { ErrorObject } from "ajv";
import type { JSONSchema } from "../json.js";
import { ajvModules } from "./ajv-modules.js";

/** A compiled schema: true when `data` is valid, else the failures (Ajv's error objects). */
export type SchemaValidator = (data: unknown) => readonly ErrorObject[] | undefined;

// The JSON Schema drafts Ajv compiles (JSON Schema calls them dialects; here "dialect" is how a model writes calls).
type SchemaDraft = "draft-07" | "2019-09" | "2020-12";

// Lenient on purpose: schemas come from MCP servers and hand-written code. Unknown keywords are
// ignored, the meta-schema is not enforced, and `$id`s are not registered (two tools may share one).
// `ownProperties`: an absent parameter named `constructor` must not be seen through the prototype.
const options = {
  strict: false,
  allErrors: true,
  verbose: true,
  ownProperties: true,
  logger: false,
  validateSchema: false,
  addUsedSchema: false,
} as const;

const instances = new Map<SchemaDraft, Ajv>();
const cache = new WeakMap<object, SchemaValidator>();

function ajvFor(draft: SchemaDraft): Ajv {
  let ajv = instances.get(draft);
  if (ajv === undefined) {
    const { Ajv: Draft07, Ajv2019, Ajv2020, addFormats } = ajvModules();
    ajv =
      draft === "2020-12" ? new Ajv2020(options) : draft === "2019-09" ? new Ajv2019(options) : new Draft07(options);
    addFormats(ajv);
    instances.set(draft, ajv);
  }
  return ajv;
}

/** The draft a schema declares with `$schema`, or undefined when it declares none (or an unknown one). */
export function schemaDraft(schema: JSONSchema): SchemaDraft | undefined {
  if (typeof schema !== "object") return undefined;
  const uri = schema["$schema"];
  if (typeof uri !== "string") return undefined;
  if (uri.includes("2020-12")) return "2020-12";
  if (uri.includes("2019-09")) return "2019-09";
  if (/draft-0[4-7]/.test(uri)) return "draft-07";
  return undefined;
}

function compileWith(draft: SchemaDraft, schema: object): SchemaValidator {
  const ajv = ajvFor(draft);
  const validate = ajv.compile(schema);
  // Ajv keeps its own strong cache by schema object; ours is the WeakMap, so let go of Ajv's.
  ajv.removeSchema(schema);
  return (data) => (validate(data) ? undefined : (validate.errors ?? []));
}

const acceptAll: SchemaValidator = () => undefined;
const rejectAll: SchemaValidator = () => [
  { instancePath: "", schemaPath: "#", keyword: "false schema", params: {}, message: "no value is allowed" },
];

/**
 * The validator of `schema`, compiled on first use and cached per schema object (assign a new
 * schema object to get a new validator; mutating one in place after its first use is not seen).
 * `$schema` picks the draft (draft-07 and older, 2019-09, 2020-12); without one it is 2020-12,
 * and a schema that only compiles as draft-07 (array-form `items`) falls back to draft-07.
 * Throws when the schema cannot be compiled at all (Ajv's message).
 */
export function validatorFor(schema: JSONSchema): SchemaValidator {
  if (schema === true) return acceptAll;
  if (schema === false) return rejectAll;
  const cached = cache.get(schema);
  if (cached !== undefined) return cached;
  const declared = schemaDraft(schema);
  let validator: SchemaValidator;
  try {
    validator = compileWith(declared ?? "2020-12", schema);
  } catch (error) {
    if (declared !== undefined) throw error;
    try {
      validator = compileWith("draft-07", schema);
    } catch {
      throw error;
    }
  }
  cache.set(schema, validator);
  return validator;
}
