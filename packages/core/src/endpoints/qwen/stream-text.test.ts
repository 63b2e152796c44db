import { QwenTextDeltas } from "./stream-text.js";
import type { StreamEvent } from "../stream-event.js";

function filter(): { deltas: QwenTextDeltas; seen: () => string; events: StreamEvent[] } {
  const events: StreamEvent[] = [];
  const deltas = new QwenTextDeltas((event) => events.push(event));
  // What the listener has been shown so far (how it was cut into deltas does not matter).
  const seen = () => events.flatMap((e) => (e.type === "text-delta" ? [e.text] : [])).join("");
  return { deltas, seen, events };
}

const text = (deltas: QwenTextDeltas, piece: string) => deltas.onEvent({ type: "text-delta", round: 3, text: piece });

describe("QwenTextDeltas (streamed text in the qwen dialect)", () => {
  it("holds a possible partial tag until it is resolved", () => {
    const { deltas, seen, events } = filter();
    text(deltas, "Hello <tool_c");
    expect(seen()).toBe("Hello");
    text(deltas, "ards>");
    expect(seen()).toBe("Hello <tool_cards>");
    text(deltas, '<tool_call>{"name": "f", ');
    text(deltas, '"arguments": {}}</tool_c');
    expect(seen()).toBe("Hello <tool_cards>");
    text(deltas, "all>  bye  ");
    deltas.end();
    expect(seen()).toBe("Hello <tool_cards>  bye");
    expect(events.every((e) => e.round === 3)).toBe(true);
  });

  it("holds a bare <function=NAME> until its body says whether it is a call", () => {
    const { deltas, seen } = filter();
    text(deltas, "Use <function=get_weather>");
    expect(seen()).toBe("Use");
    text(deltas, " tags.");
    expect(seen()).toBe("Use <function=get_weather> tags.");
    text(deltas, " <function=f>\n<parameter=a>\n1\n</parameter>\n</function> ok");
    deltas.end();
    expect(seen()).toBe("Use <function=get_weather> tags.  ok");
  });

  it("reports held characters that never became a tag when the stream ends", () => {
    const { deltas, seen } = filter();
    text(deltas, "a <thi");
    expect(seen()).toBe("a");
    deltas.end();
    expect(seen()).toBe("a <thi");
  });

  it("never reports reasoning, and passes other events through", () => {
    const { deltas, seen, events } = filter();
    text(deltas, "<think>secret");
    deltas.onEvent({ type: "tool-call-delta", round: 3, index: 0, argumentsDelta: "{}" });
    text(deltas, "</think>\n\nAnswer.");
    deltas.end();
    expect(seen()).toBe("Answer.");
    expect(events[0]).toEqual({ type: "tool-call-delta", round: 3, index: 0, argumentsDelta: "{}" });
  });
});
