// The one scenario every contender runs: four tools with realistic schemas, the call the
// scripted model makes in each round, and what each tool returns. Shared by the server
// process (which picks the calls) and the clients (which declare and run the tools).

/** Tool rounds per conversation; the model then answers with text (one more request). */
export const ROUNDS = 20;
/** The model name sent by every contender. */
export const MODEL = "bench-model";

const cities = ["Oslo", "Lisbon", "Nairobi", "Osaka", "Lima", "Quebec", "Tbilisi"];
const units = ["celsius", "fahrenheit"];
const languages = ["typescript", "python", "go", "rust"];
const priorities = ["low", "medium", "high", "urgent"];
const currencies = ["EUR", "USD", "JPY", "GBP", "CHF"];

/** Hand-written JSON Schemas (draft 2020-12 subset that every contender can express). */
export const tools = [
  {
    name: "get_weather",
    description: "Get the weather forecast for a city, for today and the following days.",
    schema: {
      type: "object",
      properties: {
        city: { type: "string", minLength: 1, description: "City name, e.g. Oslo" },
        unit: { type: "string", enum: units, default: "celsius", description: "Temperature unit" },
        days: { type: "integer", minimum: 1, maximum: 7, default: 1, description: "Days to forecast" },
      },
      required: ["city"],
      additionalProperties: false,
    },
  },
  {
    name: "search_docs",
    description: "Search the documentation and return the best matching pages.",
    schema: {
      type: "object",
      properties: {
        query: { type: "string", minLength: 1, description: "What to look for" },
        filters: {
          type: "object",
          properties: {
            language: { type: "string", enum: languages },
            tags: { type: "array", items: { type: "string" }, maxItems: 10 },
            since_year: { type: "integer", minimum: 2000, maximum: 2100 },
          },
          additionalProperties: false,
        },
        limit: { type: "integer", minimum: 1, maximum: 50, default: 10 },
      },
      required: ["query"],
      additionalProperties: false,
    },
  },
  {
    name: "create_ticket",
    description: "Open a ticket in the issue tracker and return its id.",
    schema: {
      type: "object",
      properties: {
        title: { type: "string", minLength: 1, maxLength: 200 },
        priority: { type: "string", enum: priorities },
        assignees: {
          type: "array",
          items: {
            type: "object",
            properties: { id: { type: "string" }, role: { type: "string", enum: ["owner", "reviewer"] } },
            required: ["id", "role"],
            additionalProperties: false,
          },
        },
        labels: { type: "array", items: { type: "string" } },
      },
      required: ["title", "priority"],
      additionalProperties: false,
    },
  },
  {
    name: "convert_currency",
    description: "Convert an amount of money between two currencies at today's rate.",
    schema: {
      type: "object",
      properties: {
        amount: { type: "number", exclusiveMinimum: 0 },
        from: { type: "string", pattern: "^[A-Z]{3}$" },
        to: { type: "string", pattern: "^[A-Z]{3}$" },
      },
      required: ["amount", "from", "to"],
      additionalProperties: false,
    },
  },
];

/** The call the model makes in round `r` (0-based) of conversation `c`: the tools in turn. */
export function callFor(r, c = 0) {
  const k = r + c;
  switch (r % 4) {
    case 0:
      return {
        name: "get_weather",
        arguments: { city: cities[k % cities.length], unit: units[k % 2], days: 1 + (k % 5) },
      };
    case 1:
      return {
        name: "search_docs",
        arguments: {
          query: `how to stream tool calls, part ${k}`,
          filters: { language: languages[k % 4], tags: ["streaming", "tools", `v${k % 3}`], since_year: 2023 },
          limit: 5,
        },
      };
    case 2:
      return {
        name: "create_ticket",
        arguments: {
          title: `Round ${k}: follow up on the forecast`,
          priority: priorities[k % 4],
          assignees: [
            { id: `u${k}`, role: "owner" },
            { id: "u7", role: "reviewer" },
          ],
          labels: ["bench", "auto"],
        },
      };
    default:
      return {
        name: "convert_currency",
        arguments: { amount: 100 + k * 3.25, from: currencies[k % 5], to: currencies[(k + 2) % 5] },
      };
  }
}

/** What the tools return: plain JSON of a realistic size (a search returns five hits). */
export const impls = {
  get_weather: ({ city, unit = "celsius", days = 1 }) => ({
    city,
    unit,
    forecast: Array.from({ length: days }, (_, d) => ({
      day: d,
      high: 18 + d,
      low: 9 + d,
      summary: "Partly cloudy, light wind from the west",
    })),
  }),
  search_docs: ({ query, limit = 10 }) => ({
    query,
    results: Array.from({ length: Math.min(limit, 5) }, (_, i) => ({
      title: `Streaming tool calls, section ${i + 1}`,
      url: `https://docs.example.com/tools/streaming#s${i + 1}`,
      snippet:
        "Tool call deltas arrive in fragments; assemble the arguments by index before parsing, then validate them against the schema.",
    })),
  }),
  create_ticket: ({ title, priority }) => ({
    id: `T-${title.length}${priority.length}`,
    status: "open",
    url: "https://tracker.example.com/T-1",
  }),
  convert_currency: ({ amount, from, to }) => ({
    amount,
    from,
    to,
    rate: 1.0825,
    converted: Math.round(amount * 108.25) / 100,
  }),
};

/** The user message that opens conversation `c`. */
export function promptFor(c) {
  return `Conversation ${c}: plan my trip, check the weather, look up the docs and file the tickets.`;
}

/**
 * The scenario's tools plus filler tools up to `count` (a big registry): each filler has a
 * description and a small object schema of its own (a string, an enum, an integer range, an
 * optional array), is offered every round and never called.
 */
export function toolsFor(count = tools.length) {
  const fillers = Array.from({ length: Math.max(0, count - tools.length) }, (_, i) => ({
    name: `lookup_record_${i + 1}`,
    description: `Look up record kind ${i + 1} in the archive by key and return its fields.`,
    schema: {
      type: "object",
      properties: {
        key: { type: "string", minLength: 1, description: `Key of the kind-${i + 1} record` },
        view: { type: "string", enum: ["summary", "full"], default: "summary" },
        version: { type: "integer", minimum: 1, maximum: 1000 },
        fields: { type: "array", items: { type: "string" }, maxItems: 20 },
      },
      required: ["key"],
      additionalProperties: false,
    },
  }));
  return [...tools, ...fillers];
}

/** The small call of the long conversation (about 300 bytes a round on the wire with its result). */
export function smallCallFor(r, c = 0) {
  return callFor(3, r + c);
}
