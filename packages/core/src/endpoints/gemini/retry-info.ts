import { asObject } from "../../json.js";

// Google's APIs (Gemini, Vertex AI) say how long to wait in the error body rather than in a
// header: `error.details` holds a `google.rpc.RetryInfo` whose `retryDelay` is a protobuf
// Duration in JSON ("20s", "1.500s"). Gemini's reply readers hand it to the transport, which honours it as it does `Retry-After`.

const duration = /^\s*(\d+(?:\.\d+)?)s\s*$/;

/** The wait a `google.rpc.RetryInfo` in an error body asks for, in milliseconds; undefined when there is none. */
export function retryInfoDelayMs(body: string): number | undefined {
  if (!body.includes("RetryInfo")) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  // A stream request's error may come as an array holding the one error object.
  const error = asObject(asObject(Array.isArray(parsed) ? parsed[0] : parsed)?.error);
  if (!Array.isArray(error?.details)) return undefined;
  for (const item of error.details) {
    const detail = asObject(item);
    if (typeof detail?.["@type"] !== "string" || !detail["@type"].endsWith("google.rpc.RetryInfo")) continue;
    const match = typeof detail.retryDelay === "string" ? duration.exec(detail.retryDelay) : null;
    if (match) return Math.round(Number(match[1]) * 1000);
  }
  return undefined;
}
