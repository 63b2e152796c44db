// Type-level conformance with the `openai` package: what we send is what its Responses request
// types allow, and what its response types describe is what our reader parses.
import type { Reasoning } from "openai/resources/shared";
import type {
  CustomTool,
  EasyInputMessage,
  FunctionTool,
  Response,
  ResponseCreateParams,
  ResponseCustomToolCall,
  ResponseCustomToolCallOutput,
  ResponseFormatTextJSONSchemaConfig,
  ResponseFunctionToolCall,
  ResponseInputItem,
  ResponseOutputMessage,
  ToolChoiceCustom,
  ToolChoiceFunction,
  ToolChoiceOptions,
} from "openai/resources/responses/responses";
import { ToolRegistry } from "../../tools/tool-registry.js";
import { endpointRequest, limits } from "../fixtures/endpoint-setup.js";
import { buildResponsesBody } from "./request.js";
import { parseResponsesReply } from "./reply.js";
import type {
  ResponsesRequestBody,
  ResponsesWireAssistantMessage,
  ResponsesWireCallOutput,
  ResponsesWireCustomCall,
  ResponsesWireCustomTool,
  ResponsesWireFunctionCall,
  ResponsesWireFunctionTool,
  ResponsesWireInputItem,
  ResponsesWireInputMessage,
  ResponsesWireKeptItem,
  ResponsesWireReasoning,
  ResponsesWireTextFormat,
  ResponsesWireTool,
  ResponsesWireToolChoice,
} from "./wire.js";

// Compile-time checks: each line fails the test file's type check when our shapes drift.
type Assignable<T, U> = [T] extends [U] ? true : false;
// Two members are not ours to type: items sent back exactly as the server gave them
// (`ResponsesWireKeptItem`), and the server tools the application configures (`serverTools`).
// The one deliberate difference: the SDK's output message requires `id` and `status`; as input the
// API takes an assistant message without them (what there is for messages another server wrote).
type AssistantAsSent = ResponsesWireAssistantMessage & { id: string; status: "completed" };
type OwnItems =
  Exclude<ResponsesWireInputItem, ResponsesWireKeptItem | ResponsesWireAssistantMessage> | AssistantAsSent;
type OwnBody = Omit<ResponsesRequestBody, "input" | "tools"> & {
  input: OwnItems[];
  tools?: Exclude<ResponsesWireTool, Record<string, unknown>>[];
};

const checks = {
  body: true satisfies Assignable<OwnBody, ResponseCreateParams>,
  items: true satisfies Assignable<OwnItems, ResponseInputItem>,
  message: true satisfies Assignable<ResponsesWireInputMessage, EasyInputMessage>,
  assistant: true satisfies Assignable<AssistantAsSent, ResponseOutputMessage>,
  functionCall: true satisfies Assignable<ResponsesWireFunctionCall, ResponseFunctionToolCall>,
  customCall: true satisfies Assignable<ResponsesWireCustomCall, ResponseCustomToolCall>,
  output: true satisfies Assignable<
    ResponsesWireCallOutput & { type: "custom_tool_call_output" },
    ResponseCustomToolCallOutput
  >,
  functionTool: true satisfies Assignable<ResponsesWireFunctionTool, FunctionTool>,
  customTool: true satisfies Assignable<ResponsesWireCustomTool, CustomTool>,
  toolChoice: true satisfies Assignable<
    ResponsesWireToolChoice,
    ToolChoiceOptions | ToolChoiceFunction | ToolChoiceCustom
  >,
  textFormat: true satisfies Assignable<ResponsesWireTextFormat, ResponseFormatTextJSONSchemaConfig>,
  reasoning: true satisfies Assignable<ResponsesWireReasoning, Reasoning>,
};

describe("conformance with the openai package's Responses types", () => {
  it("our request body type is assignable to ResponseCreateParams, and a built body is one", () => {
    expect(Object.values(checks).every(Boolean)).toBe(true);
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
    tools.define({ name: "applyPatch", description: "Patch.", custom: true, impl: () => "ok" });
    const request = endpointRequest({
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Hi" },
      ],
      tools: tools.list(),
      toolChoice: { name: "getWeather" },
      stream: true,
      output: { name: "answer", schema: { type: "object", properties: { a: { type: "string" } }, required: ["a"] } },
    });
    const built = buildResponsesBody(
      request,
      { strict: true, maxTokens: 10, parallelToolCalls: true, temperature: 0, reasoning: { effort: "low" } },
      { baseURL: "http://127.0.0.1/v1" },
    );
    const params: ResponseCreateParams = JSON.parse(built.text) as OwnBody;
    expect(Object.keys(params).sort()).toEqual([
      "include",
      "input",
      "instructions",
      "max_output_tokens",
      "model",
      "parallel_tool_calls",
      "reasoning",
      "store",
      "stream",
      "temperature",
      "text",
      "tool_choice",
      "tools",
    ]);
  });

  it("parses a typed Response", () => {
    const response: Response = {
      id: "resp_1",
      object: "response",
      created_at: 1,
      model: "gpt-x",
      status: "completed",
      output_text: "",
      error: null,
      incomplete_details: null,
      instructions: null,
      metadata: null,
      parallel_tool_calls: true,
      temperature: null,
      tool_choice: "auto",
      tools: [],
      top_p: null,
      access_programs: null,
      output: [
        { id: "rs_1", type: "reasoning", summary: [{ type: "summary_text", text: "Hm." }], encrypted_content: "ENC" },
        {
          id: "msg_1",
          type: "message",
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text: "Checking.", annotations: [] }],
        },
        { id: "fc_1", type: "function_call", call_id: "call_1", name: "getWeather", arguments: '{"city":"Oslo"}' },
        { id: "ctc_1", type: "custom_tool_call", call_id: "call_2", name: "applyPatch", input: "diff" },
      ],
      usage: {
        input_tokens: 10,
        input_tokens_details: { cached_tokens: 4, cache_write_tokens: 0 },
        output_tokens: 5,
        output_tokens_details: { reasoning_tokens: 2 },
        total_tokens: 15,
      },
    };
    const reply = parseResponsesReply(response, { ...limits, baseURL: "http://127.0.0.1/v1", stored: false });
    expect(reply.choices[0]).toMatchObject({
      text: "Checking.",
      reasoning: "Hm.",
      toolCalls: [
        { id: "call_1", type: "function", name: "getWeather", arguments: { city: "Oslo" } },
        { id: "call_2", type: "custom", name: "applyPatch", rawArguments: "diff" },
      ],
    });
    expect(reply.usage).toEqual({
      promptTokens: 10,
      completionTokens: 5,
      totalTokens: 15,
      cachedTokens: 4,
      reasoningTokens: 2,
    });
  });
});
