import type { Message } from "../../context/message.js";
import { openAIMessageJSON } from "./messages.js";

// A message's wire JSON never changes once built: results of an assistant's calls travel in
// separate tool messages, so the assistant's own wire form is stable. So the messages of a
// conversation, sent again every round, are serialised and UTF-8 encoded once each, into
// append-only segments kept per messages array: a round costs the new messages, not the history.
// `npm run bench:work` checks that; what it is worth, bench `long` (2,000 rounds, a 600 KB
// history; A/B in one run on the loaded 2-core machine): rounds 1,901–2,000 at 0.37–0.39× the
// floor's CPU per round, 1.55–1.88× with every message serialised again each round.

/** Bytes already written in a segment never change, so views of them stay valid while more is appended. */
interface Segment {
  bytes: Buffer;
  used: number;
}

interface History {
  /** The server the history is written for (an assistant message may carry fields for it alone). */
  baseURL: string | undefined;
  /** The messages written so far, by identity, in order. */
  written: Message[];
  segments: Segment[];
  /** Views of the full segments (all but the last), reused round after round. */
  sealed: Buffer[];
  byteLength: number;
  /** Bytes of the first message (what a lead message in its place skips, with the comma after it). */
  firstLength: number;
}

const histories = new WeakMap<readonly Message[], History>();

// New segments grow with the history (little slack for short conversations, few pieces for long
// ones); a long history's slack stays under one segment.
const smallestSegment = 1024;
const largestSegment = 64 * 1024;

/** The wire text of some messages, as pieces of UTF-8, and its length in bytes. */
export interface HistoryBytes {
  /** `m1,m2,…,mn`: each message's JSON, comma-separated, without the brackets. */
  pieces: Buffer[];
  byteLength: number;
}

function startsWith(messages: readonly Message[], written: readonly Message[]): boolean {
  if (written.length > messages.length) return false;
  for (let i = 0; i < written.length; i++) if (written[i] !== messages[i]) return false;
  return true;
}

function append(history: History, message: Message): void {
  const json = openAIMessageJSON(message, history.baseURL);
  const comma = history.written.length > 0 ? 1 : 0;
  const most = comma + json.length * 3; // UTF-8 never takes more than 3 bytes per UTF-16 unit
  let last = history.segments.at(-1);
  if (last === undefined || last.bytes.length - last.used < most) {
    if (last !== undefined) history.sealed.push(last.bytes.subarray(0, last.used));
    const size = Math.max(most, Math.min(largestSegment, Math.max(smallestSegment, history.byteLength >> 1)));
    last = { bytes: Buffer.allocUnsafeSlow(size), used: 0 };
    history.segments.push(last);
  }
  if (comma) last.bytes[last.used++] = 0x2c; // ","
  const written = last.bytes.write(json, last.used, "utf8");
  if (!comma) history.firstLength = written;
  last.used += written;
  history.byteLength += comma + written;
  history.written.push(message);
}

/** A message sent before the conversation's own (prompt mode's system message with the schema). */
export interface LeadMessage {
  message: Message;
  /** True when it stands in for the conversation's first message, which is then left out. */
  replacesFirst: boolean;
}

const leads = new WeakMap<Message, { baseURL: string | undefined; bytes: Buffer }>();
const commaBytes = Buffer.from(",");

/** `pieces` without their first `count` bytes (views, nothing copied). */
function dropBytes(pieces: readonly Buffer[], count: number): Buffer[] {
  const out: Buffer[] = [];
  let left = count;
  for (const piece of pieces) {
    if (left >= piece.length) left -= piece.length;
    else {
      out.push(left > 0 ? piece.subarray(left) : piece);
      left = 0;
    }
  }
  return out;
}

/**
 * The messages' wire text (`m1,m2,…`), from what was written for this same array before when
 * it still starts with the same message objects and goes to the same server, else written again
 * from the first. Checking the prefix compares references only; serialising and encoding touch
 * the new messages only. With `lead`, its message comes first (in place of `m1` when it replaces
 * it), encoded once per message object: the conversation's own bytes are reused as they are.
 */
export function openAIHistoryBytes(messages: readonly Message[], baseURL?: string, lead?: LeadMessage): HistoryBytes {
  let history = histories.get(messages);
  if (history === undefined || history.baseURL !== baseURL || !startsWith(messages, history.written)) {
    history = { baseURL, written: [], segments: [], sealed: [], byteLength: 0, firstLength: 0 };
    histories.set(messages, history);
  }
  for (let i = history.written.length; i < messages.length; i++) append(history, messages[i]!);
  const last = history.segments.at(-1);
  const pieces = last === undefined ? [] : [...history.sealed, last.bytes.subarray(0, last.used)];
  if (lead === undefined) return { pieces, byteLength: history.byteLength };

  let encoded = leads.get(lead.message);
  if (encoded === undefined || encoded.baseURL !== baseURL) {
    encoded = { baseURL, bytes: Buffer.from(openAIMessageJSON(lead.message, baseURL), "utf8") };
    leads.set(lead.message, encoded);
  }
  const skipped = lead.replacesFirst && messages.length > 0 ? history.firstLength + (messages.length > 1 ? 1 : 0) : 0;
  const rest = skipped > 0 ? dropBytes(pieces, skipped) : pieces;
  const restLength = history.byteLength - skipped;
  if (restLength === 0) return { pieces: [encoded.bytes], byteLength: encoded.bytes.length };
  return { pieces: [encoded.bytes, commaBytes, ...rest], byteLength: encoded.bytes.length + 1 + restLength };
}
