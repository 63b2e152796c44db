import { CallBlockState } from "./block-state.js";
import { FUNCTION, FUNCTION_END, PARAMETER, PARAMETER_END, skipSpaces, TOOL_CALL, TOOL_CALL_END } from "./tags.js";

const callOpenTags = [FUNCTION, TOOL_CALL_END];
const toolCallEnd = [TOOL_CALL_END];
const functionEnd = [FUNCTION_END];
const wrappedFunctionEnds = [FUNCTION_END, TOOL_CALL_END];
const bareParamNext = [PARAMETER, FUNCTION_END];
const wrappedParamNext = [PARAMETER, FUNCTION_END, TOOL_CALL_END];
const bareValueEnds = [PARAMETER_END, PARAMETER, FUNCTION_END];
const wrappedValueEnds = [PARAMETER_END, PARAMETER, FUNCTION_END, TOOL_CALL_END];
const maxNameLength = 256;

const noFunctionEnd =
  "The call has no closing </function>, so it may be incomplete; it was not run. Send the whole call again.";
const notACall = "The text inside <tool_call> is neither a JSON object nor a <function=NAME> block.";

/**
 * Reads one tool call block, from just after its opening tag (`<tool_call>`, or a bare
 * `<function=`) to its end, chunk by chunk: each `step` consumes input and never looks back
 * further than the characters of a possible tag (held by the shared `TagMatcher`). Missing
 * closing tags are tolerated when the payload is complete; a block cut off or unreadable is
 * reported as such, never guessed. A bare `<function=…` that turns out not to be a call is
 * handed back as text.
 */
export class CallBlockReader extends CallBlockState {
  /** Whether a block is being read. */
  get active(): boolean {
    return this.mode !== "idle";
  }

  /** Starts a block after its opening tag: `<tool_call>`, or `<function=` written bare. */
  start(tag: typeof TOOL_CALL | typeof FUNCTION): void {
    this.wrapped = tag === TOOL_CALL;
    this.raw.push(tag);
    this.mode = this.wrapped ? "callOpen" : "fnName";
  }

  /** Consumes input from `chunk[i]`; returns where it stopped. */
  step(chunk: string, i: number): number {
    switch (this.mode) {
      case "idle":
        return i;
      case "callOpen":
        return this.#callOpen(chunk, i);
      case "fnName":
      case "paramName":
        return this.#readName(chunk, i);
      case "fnBody":
        return this.#fnBody(chunk, i);
      case "json":
        return this.#jsonObject(chunk, i);
      case "afterJson":
      case "fnEnd":
        return this.#closing(chunk, i);
      case "paramValue":
        return this.#paramValue(chunk, i);
      case "afterParam":
        return this.#afterParam(chunk, i);
      case "junk":
        return this.#junk(chunk, i);
    }
  }

  /** The input ended: the open block is finished, as complete or cut off. */
  end(): void {
    const held = this.tags.take();
    switch (this.mode) {
      case "idle":
        return;
      case "afterJson":
      case "fnEnd": {
        const ws = this.afterWs;
        this.finish();
        if (ws + held !== "") this.out.text(ws + held);
        return;
      }
      case "fnName":
        this.raw.push(this.name);
        if (!this.wrapped) return void this.revert(0);
        return this.cutOff({ form: "unreadable", name: undefined, problem: "", cut: true });
      case "json":
        return this.cutOff({ form: "json", name: this.fnName, json: this.json.join(""), cut: true });
      case "callOpen":
      case "junk":
        this.raw.push(held);
        return this.cutOff({ form: "unreadable", name: this.fnName, problem: this.problem, cut: true });
      case "paramValue":
        this.value.push(held);
        this.raw.push(held);
        this.endParameter();
        break;
      case "paramName":
        this.raw.push(this.name);
        break;
      default:
        this.raw.push(held);
    }
    // fnBody, paramName, paramValue, afterParam: a function whose </function> never came.
    this.cutOff({ form: "xml", name: this.fnName ?? "", parameters: this.params, cut: true });
  }

  #callOpen(chunk: string, i: number): number {
    if (!this.tags.holding) {
      const j = skipSpaces(chunk, i, this.keep);
      if (j > i) return j;
      if (chunk[i] === "{") return this.#startJson(i);
      if (chunk[i] !== "<") return this.toJunk(i, notACall);
    }
    const found = this.tags.match(chunk, i, callOpenTags);
    if (found.tag === null) return this.toJunk(found.index, notACall);
    if (found.tag === FUNCTION) {
      this.raw.push(FUNCTION);
      this.mode = "fnName";
    } else if (found.tag === TOOL_CALL_END) {
      this.raw.push(TOOL_CALL_END);
      this.calls.push({ form: "unreadable", name: undefined, problem: "The <tool_call> block was empty.", cut: false });
      this.finish();
    }
    return found.index;
  }

  /** A function or parameter name, up to ">". */
  #readName(chunk: string, i: number): number {
    const forFunction = this.mode === "fnName";
    for (let j = i; j < chunk.length; j++) {
      const c = chunk[j]!;
      if (c === ">" && this.name.length + j - i > 0) {
        const name = this.name + chunk.slice(i, j);
        this.raw.push(name, ">");
        this.name = "";
        if (forFunction) this.fnName = name;
        else this.paramName = name;
        this.mode = forFunction ? "fnBody" : "paramValue";
        return j + 1;
      }
      if (c === "<" || c === ">" || c === "\n" || this.name.length + j - i >= maxNameLength) {
        this.raw.push(this.name + chunk.slice(i, j));
        this.name = "";
        if (forFunction && !this.wrapped) return this.revert(j);
        return this.toJunk(
          j,
          forFunction ? "The <function=…> tag has no valid name." : "A <parameter=…> tag has no valid name.",
        );
      }
    }
    this.name += chunk.slice(i);
    return chunk.length;
  }

  #fnBody(chunk: string, i: number): number {
    if (!this.tags.holding) {
      const j = skipSpaces(chunk, i, this.keep);
      if (j > i) return j;
      if (chunk[i] === "{") return this.#startJson(i);
      if (chunk[i] !== "<") return this.#notABody(i);
    }
    const found = this.tags.match(chunk, i, this.wrapped ? wrappedParamNext : bareParamNext);
    if (found.tag === null) return this.#notABody(found.index);
    if (found.tag !== undefined) this.#parameterOrEnd(found.tag);
    return found.index;
  }

  #notABody(i: number): number {
    if (!this.wrapped) return this.revert(i);
    return this.toJunk(i, "The <function=…> block holds neither a JSON object nor <parameter=…> tags.");
  }

  #startJson(i: number): number {
    this.json = [];
    this.extent.reset();
    this.mode = "json";
    return i;
  }

  #jsonObject(chunk: string, i: number): number {
    const { index, state } = this.extent.scan(chunk, i);
    this.#takeJson(chunk.slice(i, index));
    if (state === "closed") {
      this.calls.push({ form: "json", name: this.fnName, json: this.json.join(""), cut: false });
      this.afterWs = "";
      this.mode = "afterJson";
    } else if (state === "invalid") {
      return this.toJunk(index, 'The call\'s JSON is not valid (it has a "<" outside a string).');
    }
    return index;
  }

  #takeJson(piece: string): void {
    this.json.push(piece);
    this.raw.push(piece);
  }

  /** After a JSON object or `</function>`: the closing tags, which may be missing (the call is complete). */
  #closing(chunk: string, i: number): number {
    if (!this.tags.holding) {
      const j = skipSpaces(chunk, i, (ws) => (this.afterWs += ws));
      if (j > i) return j;
      // Several JSON objects in one Hermes <tool_call> are several calls.
      if (chunk[i] === "{" && this.mode === "afterJson" && this.wrapped && this.fnName === undefined) {
        this.raw.push(this.afterWs);
        this.afterWs = "";
        return this.#startJson(i);
      }
      if (chunk[i] !== "<") return this.endKeepingSpace(i);
    }
    const tags =
      this.mode === "fnEnd" || this.fnName === undefined
        ? toolCallEnd
        : this.wrapped
          ? wrappedFunctionEnds
          : functionEnd;
    const found = this.tags.match(chunk, i, tags);
    if (found.tag === null) return this.endKeepingSpace(found.index);
    if (found.tag !== undefined) {
      this.raw.push(this.afterWs, found.tag);
      this.afterWs = "";
      if (found.tag === FUNCTION_END && this.wrapped) this.mode = "fnEnd";
      else this.finish();
    }
    return found.index;
  }

  #paramValue(chunk: string, i: number): number {
    const { index, tag } = this.tags.content(chunk, i, this.wrapped ? wrappedValueEnds : bareValueEnds, (piece) => {
      this.value.push(piece);
      this.raw.push(piece);
    });
    if (tag === undefined) return index;
    this.endParameter();
    if (tag === PARAMETER_END) {
      this.raw.push(tag);
      this.mode = "afterParam";
    } else this.#parameterOrEnd(tag);
    return index;
  }

  #afterParam(chunk: string, i: number): number {
    if (!this.tags.holding) {
      const j = skipSpaces(chunk, i, this.keep);
      if (j > i) return j;
      if (chunk[i] !== "<") return this.toJunk(i, "There is text between the parameters of the call.");
    }
    const found = this.tags.match(chunk, i, this.wrapped ? wrappedParamNext : bareParamNext);
    if (found.tag === null) return this.toJunk(found.index, "There is text between the parameters of the call.");
    if (found.tag !== undefined) this.#parameterOrEnd(found.tag);
    return found.index;
  }

  /** After `<parameter=`, `</function>` or `</tool_call>` inside a function. */
  #parameterOrEnd(tag: string): void {
    this.raw.push(tag);
    if (tag === PARAMETER) {
      this.mode = "paramName";
    } else if (tag === FUNCTION_END) {
      this.calls.push({ form: "xml", name: this.fnName!, parameters: this.params, cut: false });
      this.afterWs = "";
      if (this.wrapped) this.mode = "fnEnd";
      else this.finish();
    } else {
      this.calls.push({ form: "unreadable", name: this.fnName, problem: noFunctionEnd, cut: false });
      this.finish();
    }
  }

  /** Unreadable content, up to the block's closing tag. */
  #junk(chunk: string, i: number): number {
    const tags = !this.wrapped ? functionEnd : this.fnName !== undefined ? wrappedFunctionEnds : toolCallEnd;
    const { index, tag } = this.tags.content(chunk, i, tags, this.keep);
    if (tag === undefined) return index;
    this.raw.push(tag);
    this.calls.push({ form: "unreadable", name: this.fnName, problem: this.problem, cut: false });
    this.afterWs = "";
    if (tag === FUNCTION_END && this.wrapped) this.mode = "fnEnd";
    else this.finish();
    return index;
  }
}
