import { defineTool, type JSONSchema, type Tool, type ToolCallContext } from "@tooltype/core";
import { toolTimeoutMs } from "../call-deadline.js";
import { answerRefusals, Refusal } from "../refusal.js";
import { allowedFetch } from "./allowed-fetch.js";
import { httpSettings, type HttpOptions, type HttpSettings } from "./http-options.js";

// Headers the model may not set: they belong to the connection, or would carry state (cookies)
// the tools deliberately do not keep.
const RESERVED_HEADERS = new Set([
  "host",
  "connection",
  "content-length",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "keep-alive",
  "expect",
  "cookie",
  "cookie2",
  "proxy-authorization",
  "proxy-connection",
]);

const headersSchema: JSONSchema = {
  type: "object",
  additionalProperties: { type: "string" },
  description: 'extra request headers, e.g. {"accept": "application/json"}',
};

/** The HTTP tools for `options`: `http_get`, and `http_post` with `post: true`. */
export function httpTools(options: HttpOptions): Tool[] {
  const settings = httpSettings(options);
  const allowed = settings.allow.origins.join(", ");
  const tools = [
    defineTool<{ url: string; headers?: Record<string, string> }>({
      name: "http_get",
      description: `GET a URL and return the status, content type and body as text. Allowed origins: ${allowed}.`,
      schema: {
        type: "object",
        properties: { url: { type: "string", description: "an absolute http(s) URL" }, headers: headersSchema },
        required: ["url"],
        additionalProperties: false,
      },
      timeoutMs: toolTimeoutMs(settings.timeoutMs),
      impl: (args, context: ToolCallContext) =>
        answerRefusals(() =>
          allowedFetch(settings, { method: "GET", url: args.url, headers: modelHeaders(args.headers) }, context.signal),
        ),
    }),
  ];
  if (options.post === true) tools.push(postTool(settings, allowed));
  return tools;
}

function postTool(settings: HttpSettings, allowed: string): Tool {
  return defineTool<{ url: string; body: string; contentType?: string; headers?: Record<string, string> }>({
    name: "http_post",
    description: `POST a text body to a URL and return the status, content type and body as text. Allowed origins: ${allowed}.`,
    schema: {
      type: "object",
      properties: {
        url: { type: "string", description: "an absolute http(s) URL" },
        body: { type: "string", description: "the request body" },
        contentType: { type: "string", description: 'its content type (default "application/json")' },
        headers: headersSchema,
      },
      required: ["url", "body"],
      additionalProperties: false,
    },
    timeoutMs: toolTimeoutMs(settings.timeoutMs),
    impl: (args, context: ToolCallContext) =>
      answerRefusals(() => {
        const body = Buffer.from(args.body, "utf8");
        if (body.length > settings.maxRequestBytes)
          throw new Refusal(`The body is ${body.length} bytes, over the ${settings.maxRequestBytes}-byte limit.`);
        const headers = { ...modelHeaders(args.headers), "content-type": args.contentType ?? "application/json" };
        return allowedFetch(settings, { method: "POST", url: args.url, headers, body }, context.signal);
      }),
  });
}

function modelHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const key = name.toLowerCase();
    if (RESERVED_HEADERS.has(key) || key.startsWith("proxy-"))
      throw new Refusal(`The header "${name}" cannot be set (connection and cookie headers are the tool's own).`);
    if (/[\r\n\0]/.test(value)) throw new Refusal(`The header "${name}" holds a line break or NUL byte.`);
    result[key] = value;
  }
  return result;
}
