import { toolError, type ToolErrorValue } from "@tooltype/core";

/**
 * A builtin declining a call: the message is written for the model (what was refused, why, and
 * what it may do instead). Thrown inside a builtin and turned into `toolError(message)` at its edge.
 */
export class Refusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "Refusal";
  }
}

/**
 * Runs a builtin's body and answers a `Refusal` with an error result the model can read.
 * Anything else still throws: the registry turns it into an error result as for any tool.
 */
export async function answerRefusals<T>(run: () => Promise<T>): Promise<T | ToolErrorValue> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Refusal) return toolError(error.message);
    throw error;
  }
}
