/** A response with a success status, as a reader gets it: its body still to be read. */
export interface HttpResponse {
  /** The `content-type` header, lower case, `""` when absent. */
  contentType: string;
  /**
   * Hands each piece of the body to `onPiece` as it arrives, in the same call (no promise per
   * piece); resolves at the body's end, rejects with its failure or with what `onPiece` threw.
   */
  each(onPiece: (piece: Uint8Array) => void): Promise<void>;
  /** The whole body as text (UTF-8). */
  text(): Promise<string>;
  /**
   * Says that parts of the body reached the caller (a stream's first event): a failure from now
   * on is final, since a retry would deliver those parts twice. Until then a stream is retried
   * like any request.
   */
  delivered(): void;
}
