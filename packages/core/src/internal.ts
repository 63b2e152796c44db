// @tooltype/core/internal: what the sibling packages (@tooltype/mcp, …) need from core and
// applications do not. Not covered by semver: it may change in any release.
export { validatorFor } from "./schema/validation.js";
export type { SchemaValidator } from "./schema/validation.js";
export { argumentIssues, formatArgumentIssues } from "./schema/argument-issues.js";
