// Type-level conformance with the `openai` package: what we send is what its request type allows,
// and what its response types describe is what our reader parses.
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionCreateParams,
  ChatCompletionMessageParam,
  ChatCompletionTool,
  ChatCompletionToolChoiceOption,
} from "openai/resources/chat/completions";
import { ToolRegistry } from "../../tools/tool-registry.js";
import { bodyText } from "../fixtures/body-text.js";
import { buildOpenAIBody } from "./request.js";
import { parseOpenAIReply } from "./reply.js";
import { OpenAIStreamAssembler } from "./stream.js";
import type { OpenAIRequestBody, OpenAIWireMessage, OpenAIWireTool, OpenAIWireToolChoice } from "./wire.js";
import { limits } from "../fixtures/endpoint-setup.js";

// Compile-time checks: each line fails the test file's type check when our shapes drift.
type Assignable<T, U> = [T] extends [U] ? true : false;
const bodyFits: Assignable<OpenAIRequestBody, ChatCompletionCreateParams> = true;
const messageFits: Assignable<OpenAIWireMessage, ChatCompletionMessageParam> = true;
const toolFits: Assignable<OpenAIWireTool, ChatCompletionTool> = true;
const choiceFits: Assignable<OpenAIWireToolChoice, ChatCompletionToolChoiceOption> = true;

describe("conformance with the openai package's types", () => {
  it("our request body type is assignable to ChatCompletionCreateParams", () => {
    expect([bodyFits, messageFits, toolFits, choiceFits]).toEqual([true, true, true, true]);
    const tools = new ToolRegistry();
    tools.define({
      name: "getWeather",
      description: "Weather.",
      schema: {
        type: "object",
        properties: { city: { type: "string" } },
        required: ["city"],
        additionalProperties: false,
      },
      impl: () => "sunny",
    });
    const built = JSON.parse(
      bodyText(
        buildOpenAIBody(
          {
            model: "gpt-x",
            messages: [{ role: "user", content: "Hi" }],
            tools: tools.list(),
            toolChoice: { name: "getWeather" },
            stream: true,
            round: 1,
            maxToolInput: 1 << 20,
            maxDepth: 64,
          },
          { strict: true, maxTokens: 10, parallelToolCalls: true, temperature: 0 },
          { maxTokensField: "max_completion_tokens" },
        ),
      ),
    ) as OpenAIRequestBody;
    const params: ChatCompletionCreateParams = built;
    expect(Object.keys(params).sort()).toEqual([
      "max_completion_tokens",
      "messages",
      "model",
      "parallel_tool_calls",
      "stream",
      "stream_options",
      "temperature",
      "tool_choice",
      "tools",
    ]);
  });

  it("parses a typed ChatCompletion", () => {
    const completion: ChatCompletion = {
      id: "chatcmpl-1",
      object: "chat.completion",
      created: 1,
      model: "gpt-x",
      choices: [
        {
          index: 0,
          finish_reason: "tool_calls",
          logprobs: null,
          message: {
            role: "assistant",
            content: null,
            refusal: null,
            tool_calls: [
              { id: "call_1", type: "function", function: { name: "getWeather", arguments: '{"city":"Oslo"}' } },
              { id: "call_2", type: "custom", custom: { name: "patch", input: "diff" } },
            ],
          },
        },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    };
    const reply = parseOpenAIReply(completion, limits);
    expect(reply.choices[0]!.toolCalls).toEqual([
      {
        id: "call_1",
        type: "function",
        name: "getWeather",
        arguments: { city: "Oslo" },
        rawArguments: '{"city":"Oslo"}',
      },
      { id: "call_2", type: "custom", name: "patch", arguments: {}, rawArguments: "diff" },
    ]);
    expect(reply.usage).toEqual({ promptTokens: 10, completionTokens: 5, totalTokens: 15 });
  });

  it("assembles typed ChatCompletionChunks", () => {
    const base = { id: "chatcmpl-2", object: "chat.completion.chunk" as const, created: 1, model: "gpt-x" };
    const chunks: ChatCompletionChunk[] = [
      { ...base, choices: [{ index: 0, delta: { role: "assistant", content: "Sure" }, finish_reason: null }] },
      {
        ...base,
        choices: [
          {
            index: 0,
            delta: {
              tool_calls: [
                { index: 0, id: "call_1", type: "function", function: { name: "getWeather", arguments: '{"ci' } },
              ],
            },
            finish_reason: null,
          },
        ],
      },
      {
        ...base,
        choices: [
          {
            index: 0,
            delta: { tool_calls: [{ index: 0, function: { arguments: 'ty":"Oslo"}' } }] },
            finish_reason: "tool_calls",
          },
        ],
      },
      { ...base, choices: [], usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 } },
    ];
    const assembler = new OpenAIStreamAssembler(1);
    for (const chunk of chunks) assembler.push({ data: JSON.stringify(chunk) });
    const reply = parseOpenAIReply(assembler.finish(), limits);
    expect(reply.choices[0]).toMatchObject({
      text: "Sure",
      finishReason: "tool_calls",
      toolCalls: [{ id: "call_1", name: "getWeather", arguments: { city: "Oslo" } }],
    });
    expect(reply.usage.totalTokens).toBe(7);
  });
});
