import { EndpointError } from "../../errors/endpoint-error.js";
import { asObject } from "../../json.js";
import { errorMessageOf } from "../http/errors.js";
import { nonEmptyString } from "../tool-calls.js";

// A Responses server reports a failure after the status line in three ways: a body or stream
// event of type `error`, a response whose `status` is `failed` (its `error` says why), and an
// `error` field that is a bare string. Each becomes an EndpointError whose `retryable` says
// whether the same request may succeed later.

/** HTTP statuses the error codes stand for, so an error met in a body can say whether trying again may help. */
const statusOfCode: Record<string, number> = {
  server_error: 500,
  internal_error: 500,
  rate_limit_exceeded: 429,
  rate_limit_error: 429,
  overloaded_error: 529,
  invalid_request_error: 400,
  invalid_prompt: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
};

/** Whether `value` (a response's or an event's `error`) reports an error: a non-empty string, or an object with a message or code. */
export function isReportedError(value: unknown): boolean {
  if (typeof value === "string") return value.trim() !== "";
  const error = asObject(value);
  return nonEmptyString(error?.message) !== undefined || nonEmptyString(error?.code) !== undefined;
}

/**
 * The EndpointError for `holder`, an object carrying the error: an `error` event (`{ code,
 * message }` or `{ error: { … } }`), or a response (`{ error: { code, message } }`, `error` maybe
 * a string). `where` says where it was met ("mid-stream", "instead of a reply", …).
 */
export function responsesErrorOf(holder: unknown, where: string): EndpointError {
  const h = asObject(holder);
  const inner = asObject(h?.error);
  const code = nonEmptyString(h?.code) ?? nonEmptyString(inner?.code) ?? nonEmptyString(inner?.type);
  const status = code !== undefined && Object.hasOwn(statusOfCode, code) ? statusOfCode[code] : undefined;
  const retryable = status === 429 || (status !== undefined && status >= 500);
  const label = code !== undefined ? ` (${code})` : "";
  return new EndpointError(`The server reported an error ${where}${label}: ${errorMessageOf(holder) ?? "no message"}`, {
    retryable,
    ...(status !== undefined ? { status } : {}),
  });
}
