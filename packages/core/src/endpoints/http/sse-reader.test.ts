import { SSEReader, type SSEMessage } from "./sse-reader.js";

function read(pieces: Uint8Array[]): string[] {
  const data: string[] = [];
  const reader = new SSEReader((message: SSEMessage) => data.push(message.data));
  for (const piece of pieces) reader.push(piece);
  reader.end();
  return data;
}

/** The bytes of `text` cut in pieces of `size` bytes (through multi-byte characters). */
function cut(text: string, size: number): Uint8Array[] {
  const bytes = Buffer.from(text, "utf8");
  const pieces: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
  return pieces;
}

describe("SSEReader decoding", () => {
  const text = 'data: {"t":"é😀中"}\n\ndata: ünï\n\n';

  test.each([1, 2, 3, 5, 1000])("joins characters split across pieces of %i bytes", (size) => {
    expect(read(cut(text, size))).toEqual(['{"t":"é😀中"}', "ünï"]);
  });

  test("drops one leading byte order mark, even split across pieces, and keeps one that is not leading", () => {
    expect(read(cut(`\ufeff${text}data: \ufeffx\n\n`, 1))).toEqual(['{"t":"é😀中"}', "ünï", "\ufeffx"]);
    expect(read(cut(`\ufeff\ufeff${text}`, 2))).toEqual(["ünï"]);
  });

  test("reads bytes that are not UTF-8 as replacement characters, and a character cut at the end as one", () => {
    const bytes = Uint8Array.from([...Buffer.from("data: a"), 0xff, 0x62, 0x0a, 0x0a, ...Buffer.from("data: c"), 0xe4]);
    expect(read([bytes])).toEqual(["a\ufffdb", "c\ufffd"]);
  });
});
