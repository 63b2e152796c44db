import type { Readable } from "node:stream";

/** The first `limit` bytes of a response body; the rest is not read (the stream is destroyed). */
export async function readBoundedBody(body: Readable, limit: number): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    if (size + chunk.length > limit) {
      chunks.push(chunk.subarray(0, limit - size));
      body.destroy();
      return { bytes: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { bytes: Buffer.concat(chunks), truncated: false };
}

/**
 * Decodes a body by its content type: text, JSON, XML, JavaScript and form bodies as text in
 * their charset (UTF-8 by default); anything else (images, archives, octet streams) is binary.
 */
export function decodeText(bytes: Buffer, contentType: string): string | undefined {
  const [type = "", ...parameters] = contentType
    .toLowerCase()
    .split(";")
    .map((part) => part.trim());
  const textual =
    type === "" ||
    type.startsWith("text/") ||
    /[/+](json|xml|javascript|ecmascript|x-www-form-urlencoded|yaml|csv|x-ndjson)$/.test(type);
  if (!textual) return undefined;
  const charset = parameters
    .find((p) => p.startsWith("charset="))
    ?.slice("charset=".length)
    .replace(/"/g, "");
  try {
    return new TextDecoder(charset || "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}
