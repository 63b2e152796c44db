import { Description } from "@tooltype/core";

/** A calculator whose methods are tools: each signature is the tool's schema. */
export class Calculator {
  #memory: number[] = [];

  /**
   * @param a the first number
   * @param b the second number
   */
  @Description("Add two numbers.")
  add(a: number, b: number): number {
    return a + b;
  }

  /**
   * @param dividend the number to divide
   * @param divisor the number to divide by, not zero
   */
  @Description("Divide two integers: the quotient and the remainder.")
  divide(dividend: number, divisor: number): { quotient: number; remainder: number } {
    if (divisor === 0) throw new Error("Cannot divide by zero; pass a divisor other than 0.");
    return { quotient: Math.trunc(dividend / divisor), remainder: dividend % divisor };
  }

  /** @param value the number to remember */
  @Description("Store a number in the calculator's memory.")
  store(value: number): string {
    this.#memory.push(value);
    return `Stored ${value}; ${this.#memory.length} number(s) in memory.`;
  }

  @Description("Erase the calculator's memory.")
  clearMemory(): string {
    this.#memory = [];
    return "Memory cleared.";
  }
}
