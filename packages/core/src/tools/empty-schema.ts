import type { JSONObject } from "../json.js";

/** The parameters schema of a tool that takes no arguments. A fresh object on every call. */
export function emptySchema(): JSONObject {
  return { type: "object", properties: {}, additionalProperties: false };
}
