import {
  parseBaseURL,
  resolveTransportLimits,
  type ResolvedTransportOptions,
  type TransportOptions,
} from "../http/transport-options.js";
import type { GeminiThinkingConfig } from "./wire.js";

/** Where a Vertex AI endpoint lives: the URL form `…/v1/projects/{project}/locations/{location}/publishers/google/models/{model}`. */
export interface GeminiVertexOptions {
  /** The Google Cloud project id. */
  project: string;
  /** The region, e.g. `us-central1`, or `global`. */
  location: string;
}

/** Options of `new Gemini(options)`. */
export interface GeminiOptions extends TransportOptions {
  /**
   * The server's base URL without the API version: Google's Gemini API by default, or a proxy or
   * gateway that speaks the same wire (requests go to `{baseURL}/{apiVersion}/models/{model}:generateContent`).
   * With `vertex`, default `https://{location}-aiplatform.googleapis.com`.
   */
  baseURL?: string;
  /** The API version in the path: `v1beta` (default; the Gemini API's newest fields are there), `v1`, or `""` for none. With `vertex`, default `v1`. */
  apiVersion?: string;
  /** Sent as the `x-goog-api-key` header, never in the URL. Kept private: never in an error, a log, `toJSON` or `util.inspect`. */
  apiKey?: string;
  /**
   * An OAuth access token (Vertex AI), sent as `Authorization: Bearer …`. Kept private like the key.
   * Tokens expire (an hour for Google's): make a new endpoint with a fresh one, as `close()` frees the old.
   */
  accessToken?: string;
  /** Vertex AI instead of the Gemini API: the project and location that form the URL. */
  vertex?: GeminiVertexOptions;
  /** Extra headers for every request (e.g. a proxy's key, `x-goog-user-project`). */
  headers?: Record<string, string>;
  /**
   * `generationConfig.thinkingConfig` for every request (a model's `config(model).extra.generationConfig`
   * may set another): `thinkingLevel` (Gemini 3), `thinkingBudget` (Gemini 2.5), `includeThoughts`.
   */
  thinkingConfig?: GeminiThinkingConfig;
}

/** Options after defaults and checks. */
export interface ResolvedGeminiOptions extends ResolvedTransportOptions {
  /** What comes between `baseURL` and the model name: `/models/` or, on Vertex AI, `/publishers/google/models/`. */
  modelsPath: string;
}

/** Google's Gemini API, used when no base URL is given. */
const geminiDefaultBaseURL = "https://generativelanguage.googleapis.com";

const segment = /^[A-Za-z0-9._-]+$/;

function vertexBase(vertex: GeminiVertexOptions): string {
  for (const [name, value] of Object.entries({ project: vertex.project, location: vertex.location }))
    if (typeof value !== "string" || !segment.test(value))
      throw new TypeError(
        `Gemini: vertex.${name} must be a project id or region name (letters, digits, . _ -), got ${JSON.stringify(value)}.`,
      );
  return vertex.location === "global"
    ? "https://aiplatform.googleapis.com"
    : `https://${vertex.location}-aiplatform.googleapis.com`;
}

function versionOf(apiVersion: string | undefined, fallback: string): string {
  const version = apiVersion ?? fallback;
  if (version !== "" && !segment.test(version))
    throw new TypeError(
      `Gemini: apiVersion must be one path segment such as "v1beta", got ${JSON.stringify(version)}.`,
    );
  return version;
}

/** Checks the options and applies the defaults; credentials go into headers, never into `baseURL`. */
export function resolveGeminiOptions(options: GeminiOptions): ResolvedGeminiOptions {
  const vertex = options.vertex;
  const { url, credentials } = parseBaseURL(
    "Gemini",
    options.baseURL ?? (vertex ? vertexBase(vertex) : geminiDefaultBaseURL),
    geminiDefaultBaseURL,
  );
  if (url.search !== "" || url.hash !== "")
    throw new TypeError(
      "Gemini: baseURL must not have a query string or fragment; pass the key as apiKey (it goes in the x-goog-api-key header).",
    );
  const version = versionOf(options.apiVersion, vertex ? "v1" : "v1beta");
  const location = vertex ? `/projects/${vertex.project}/locations/${vertex.location}` : "";
  const path = url.pathname.replace(/\/+$/, "");
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
  Object.assign(headers, credentials);
  if (options.apiKey !== undefined && options.apiKey !== "") headers["x-goog-api-key"] = options.apiKey;
  if (options.accessToken !== undefined && options.accessToken !== "")
    headers.authorization = `Bearer ${options.accessToken}`;
  return {
    baseURL: `${url.origin}${path}${version === "" ? "" : `/${version}`}${location}`,
    headers,
    ...resolveTransportLimits(options, { label: "Gemini", timeoutMs: "number > 0", maxResponseBytes: "integer ≥ 1" }),
    modelsPath: vertex ? "/publishers/google/models/" : "/models/",
  };
}

/**
 * The path of one model's method below the base URL: `models/x` and `tunedModels/x` (Gemini API),
 * `publishers/…` and `projects/…` (Vertex AI) are used as given, a bare name gets the models path.
 * Each segment is escaped, so a model name cannot change the path's meaning.
 */
export function modelPath(modelsPath: string, model: string, method: string): string {
  const named = /^(models|tunedModels|publishers|projects)\//.test(model);
  const escaped = model.split("/").map(encodeURIComponent).join("/");
  return `${named ? "/" : modelsPath}${escaped}:${method}`;
}
