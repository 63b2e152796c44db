import type { ArgumentIssue } from "../errors/tool-argument-error.js";
import type { JSONSchema } from "../json.js";
import { argumentIssues } from "../schema/argument-issues.js";
import { validatorFor } from "../schema/validation.js";

/** The problems with `value` against a tool's `returns` schema; a schema that does not compile is one problem. */
export function returnIssues(returns: JSONSchema, value: unknown): ArgumentIssue[] {
  let validate;
  try {
    validate = validatorFor(returns);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return [{ path: "", message: `cannot be checked: the return schema does not compile (${why})` }];
  }
  const errors = validate(value);
  return errors === undefined ? [] : argumentIssues(errors);
}
