import { Description } from "@tooltype/core";

/** Temperatures the fake weather service knows, in °C. */
const temperatures: Record<string, number> = { paris: 18, london: 14, tokyo: 22, "new york": 16 };

/** A weather service whose one method is a tool: its signature is the tool's schema. */
export class Weather {
  /**
   * @param location a city name, e.g. "Paris"
   * @param unit celsius or fahrenheit
   */
  @Description("Get the current weather for a location.")
  async getWeather(location: string, unit: "c" | "f" = "c"): Promise<string> {
    const celsius = temperatures[location.trim().toLowerCase()];
    if (celsius === undefined) return `No weather data for ${location}.`;
    const value = unit === "f" ? Math.round((celsius * 9) / 5 + 32) : celsius;
    return `${value} °${unit.toUpperCase()} and sunny in ${location}`;
  }
}
