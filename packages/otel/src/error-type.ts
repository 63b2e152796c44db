import { EndpointError, TooltypeError } from "@tooltype/core";

/**
 * The `error.type` of an error a completion or request failed with: an HTTP status for a server
 * that answered with one (`"429"`, `"500"`), else tooltype's stable error code (`"ENDPOINT"`,
 * `"ABORTED"`, `"PROTOCOL"`…), else the error's class name, else `"_OTHER"`.
 */
export function errorTypeOf(error: unknown): string {
  if (EndpointError.isInstance(error) && error.status !== undefined) return String(error.status);
  if (TooltypeError.isInstance(error)) return error.code;
  if (error instanceof Error) return error.constructor.name || error.name;
  return "_OTHER";
}
