import { assemble, completed, sse } from "../fixtures/responses-stream.js";

describe("assembling a Responses stream: what servers do differently (llama.cpp, vLLM, framings, final output)", () => {
  it("reads llama.cpp's stream: no output_index or sequence_number, reasoning_text, items matched by id and call_id", () => {
    const text = [
      `event: response.created\ndata: {"type":"response.created","response":{"id":"resp_l","object":"response","status":"in_progress"}}\n\n`,
      `event: response.output_item.added\ndata: {"type":"response.output_item.added","item":{"id":"rs_l","summary":[],"type":"reasoning","content":[],"encrypted_content":"","status":"in_progress"}}\n\n`,
      `event: response.reasoning_text.delta\ndata: {"type":"response.reasoning_text.delta","delta":"Hmm","item_id":"rs_l"}\n\n`,
      `event: response.output_item.added\ndata: {"type":"response.output_item.added","item":{"arguments":"","call_id":"fc_abc","name":"getWeather","type":"function_call","status":"in_progress"}}\n\n`,
      `event: response.function_call_arguments.delta\ndata: {"type":"response.function_call_arguments.delta","delta":"{\\"city\\":\\"Oslo\\"}","item_id":"fc_abc"}\n\n`,
      `event: response.output_item.added\ndata: {"type":"response.output_item.added","item":{"arguments":"","call_id":"fc_def","name":"getTime","type":"function_call","status":"in_progress"}}\n\n`,
      `event: response.function_call_arguments.delta\ndata: {"type":"response.function_call_arguments.delta","delta":"{}","item_id":"fc_def"}\n\n`,
      `event: response.output_item.done\ndata: {"type":"response.output_item.done","item":{"id":"rs_l","summary":[],"type":"reasoning","content":[{"text":"Hmm","type":"reasoning_text"}],"encrypted_content":""}}\n\n`,
      `event: response.output_item.done\ndata: {"type":"response.output_item.done","item":{"type":"function_call","status":"completed","arguments":"{\\"city\\":\\"Oslo\\"}","call_id":"fc_abc","name":"getWeather"}}\n\n`,
      `event: response.output_item.done\ndata: {"type":"response.output_item.done","item":{"type":"function_call","status":"completed","arguments":"{}","call_id":"fc_def","name":"getTime"}}\n\n`,
      `event: response.completed\ndata: {"type":"response.completed","response":{"id":"resp_l","object":"response","status":"completed","output":[],"usage":{"input_tokens":9,"output_tokens":3,"total_tokens":12}}}\n\n`,
    ].join("");
    const { reply, body } = assemble(text);
    expect(reply.choices[0]).toMatchObject({
      reasoning: "Hmm",
      toolCalls: [
        { id: "fc_abc", name: "getWeather", arguments: { city: "Oslo" } },
        { id: "fc_def", name: "getTime", arguments: {} },
      ],
    });
    expect((body.output as unknown[]).length).toBe(3);
    // Its reasoning item goes back as it came: llama.cpp reads `content`, not the summary.
    expect(reply.choices[0]!.providerData).toMatchObject({
      responses: {
        output: [{ id: "rs_l", type: "reasoning", content: [{ type: "reasoning_text", text: "Hmm" }] }, {}, {}],
      },
    });
  });

  it("matches items by order when a server sends neither indexes nor ids: added is new, done the first open, a delta the last", () => {
    const { reply } = assemble(
      sse([
        { type: "response.output_item.added", item: { type: "function_call", name: "first", arguments: "" } },
        { type: "response.function_call_arguments.delta", delta: '{"n":1}' },
        { type: "response.output_item.added", item: { type: "function_call", name: "second", arguments: "" } },
        { type: "response.function_call_arguments.delta", delta: '{"m":2}' },
        { type: "response.output_item.done", item: { type: "function_call", name: "first", arguments: '{"n":1}' } },
        { type: "response.output_item.done", item: { type: "function_call", name: "second", arguments: '{"m":2}' } },
        completed(),
      ]),
    );
    expect(reply.choices[0]!.toolCalls.map((call) => [call.name, call.arguments])).toEqual([
      ["first", { n: 1 }],
      ["second", { m: 2 }],
    ]);
  });

  it("takes the output of response.completed when it has one, the assembled items when it is empty", () => {
    const streamed = [
      {
        type: "response.output_item.added",
        output_index: 0,
        item: { id: "msg_1", type: "message", role: "assistant", content: [] },
      },
      {
        type: "response.output_text.delta",
        item_id: "msg_1",
        output_index: 0,
        content_index: 0,
        delta: "<tool_call>{…}",
      },
    ];
    const final = [{ id: "fc_1", type: "function_call", call_id: "call_1", name: "f", arguments: "{}" }];
    expect(assemble(sse([...streamed, completed(final)])).reply.choices[0]).toMatchObject({
      text: null,
      toolCalls: [{ name: "f" }],
    });
    expect(assemble(sse([...streamed, completed([])])).reply.choices[0]).toMatchObject({
      text: "<tool_call>{…}",
      toolCalls: [],
    });
  });

  it("reads SSE framings: comments, event lines after data or none, [DONE], CRLF, bytes split anywhere", () => {
    const text = [
      ": keep-alive\n\n",
      `data: {"type":"response.output_item.added","output_index":0,"item":{"id":"msg_1","type":"message","role":"assistant","content":[]}}\nevent: response.output_item.added\n\n`,
      `data: {"type":"response.output_text.delta","output_index":0,"content_index":0,"delta":"Grüße 👋"}\n\n`,
      `data: {"output_index":0,"content_index":0,"delta":"!"}\nevent: response.output_text.delta\n\n`,
      "data: [DONE]\n\n",
    ].join("");
    expect(assemble(text).reply.choices[0]!.text).toBe("Grüße 👋!");
    const crlf = Buffer.from(text.replace(/\n/g, "\r\n"));
    const pieces = Array.from({ length: crlf.length }, (_, i) => crlf.subarray(i, i + 1));
    expect(assemble(pieces).reply.choices[0]!.text).toBe("Grüße 👋!");
  });

  it("reads numbers sent as floats where the spec has integers (vLLM's created_at, indexes, counts)", () => {
    const text = [
      `data: {"type":"response.created","response":{"id":"r","created_at":1773040157.0,"status":"in_progress"}}`,
      `data: {"type":"response.output_item.added","output_index":0.0,"item":{"id":"m","type":"message","role":"assistant","content":[]}}`,
      `data: {"type":"response.output_text.delta","output_index":0.0,"content_index":0.0,"item_id":"m","delta":"Hi"}`,
      `data: {"type":"response.completed","response":{"id":"r","status":"completed","output":[],"usage":{"input_tokens":12.0,"output_tokens":3.0,"total_tokens":15.0}}}`,
    ].join("\n\n");
    const { reply } = assemble(text);
    expect([reply.choices[0]!.text, reply.usage.totalTokens]).toEqual(["Hi", 15]);
  });
});
