// The scenario's four schemas written in zod, the way an AI SDK or OpenAI SDK user writes them.
// Same constraints as the JSON Schemas in scenario.mjs.
import { z } from "zod";

/** zod schema per tool name. */
export const zodSchemas = {
  get_weather: z
    .object({
      city: z.string().min(1).describe("City name, e.g. Oslo"),
      unit: z.enum(["celsius", "fahrenheit"]).default("celsius").describe("Temperature unit"),
      days: z.number().int().min(1).max(7).default(1).describe("Days to forecast"),
    })
    .strict(),
  search_docs: z
    .object({
      query: z.string().min(1).describe("What to look for"),
      filters: z
        .object({
          language: z.enum(["typescript", "python", "go", "rust"]).optional(),
          tags: z.array(z.string()).max(10).optional(),
          since_year: z.number().int().min(2000).max(2100).optional(),
        })
        .strict()
        .optional(),
      limit: z.number().int().min(1).max(50).default(10),
    })
    .strict(),
  create_ticket: z
    .object({
      title: z.string().min(1).max(200),
      priority: z.enum(["low", "medium", "high", "urgent"]),
      assignees: z.array(z.object({ id: z.string(), role: z.enum(["owner", "reviewer"]) }).strict()).optional(),
      labels: z.array(z.string()).optional(),
    })
    .strict(),
  convert_currency: z
    .object({
      amount: z.number().positive(),
      from: z.string().regex(/^[A-Z]{3}$/),
      to: z.string().regex(/^[A-Z]{3}$/),
    })
    .strict(),
};

/** The zod schema of a scenario tool, or of a filler tool of a big registry (scenario.mjs `toolsFor`). */
export function zodSchemaFor(name) {
  const known = zodSchemas[name];
  if (known) return known;
  const kind = /^lookup_record_(\d+)$/.exec(name)?.[1];
  if (kind === undefined) throw new Error(`no zod schema for tool "${name}"`);
  return z
    .object({
      key: z.string().min(1).describe(`Key of the kind-${kind} record`),
      view: z.enum(["summary", "full"]).default("summary"),
      version: z.number().int().min(1).max(1000).optional(),
      fields: z.array(z.string()).max(20).optional(),
    })
    .strict();
}
