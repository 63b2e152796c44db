import { Description } from "@tooltype/core";

/** One room's reading. */
export interface Reading {
  room: string;
  currentCelsius: number;
  targetCelsius: number;
}

/** A smart thermostat whose methods are tools for a local model. */
export class Thermostat {
  /** Every target set, in order (what the tools did). */
  readonly changes: Array<{ room: string; celsius: number }> = [];
  readonly #rooms = new Map<string, Reading>([
    ["kitchen", { room: "kitchen", currentCelsius: 18.5, targetCelsius: 19 }],
    ["bedroom", { room: "bedroom", currentCelsius: 16, targetCelsius: 17 }],
  ]);

  /** @param room a room of the house, e.g. "kitchen" */
  @Description("Read a room's current temperature and its target, in °C.")
  getTemperature(room: string): Reading {
    const reading = this.#rooms.get(room.trim().toLowerCase());
    if (reading === undefined)
      throw new Error(`No room "${room}": the rooms are ${[...this.#rooms.keys()].join(", ")}.`);
    return reading;
  }

  /**
   * @param room a room of the house
   * @param celsius the new target temperature in °C, e.g. 21.5
   */
  @Description("Set a room's target temperature.")
  setTemperature(room: string, celsius: number): string {
    const reading = this.getTemperature(room);
    if (celsius < 5 || celsius > 28) throw new Error(`Choose a target between 5 and 28 °C, not ${celsius}.`);
    reading.targetCelsius = celsius;
    this.changes.push({ room: reading.room, celsius });
    return `The ${reading.room} is now heating to ${celsius} °C.`;
  }
}
