import { Description } from "@tooltype/core";

const forecasts: Record<string, { celsius: number; sky: string }> = {
  lisbon: { celsius: 24, sky: "sunny" },
  porto: { celsius: 19, sky: "cloudy" },
};

/** A small travel desk whose methods are tools: the weather is harmless, a booking needs the user's approval. */
export class Travel {
  /** Bookings made so far (what the approval protects). */
  readonly bookings: string[] = [];

  /** @param city the city's name, e.g. "Lisbon" */
  @Description("Today's weather in a city.")
  getWeather(city: string): { city: string; celsius: number; sky: string } {
    const forecast = forecasts[city.trim().toLowerCase()];
    // A thrown error goes back to the model as an error response, so it can correct itself.
    if (forecast === undefined) throw new Error(`No forecast for ${city}: try Lisbon or Porto.`);
    return { city, ...forecast };
  }

  /**
   * @param city the city to stay in
   * @param nights how many nights, 1 to 14
   */
  @Description("Book a hotel room.")
  bookHotel(city: string, nights: number): string {
    if (!Number.isInteger(nights) || nights < 1 || nights > 14)
      throw new Error("nights must be a whole number from 1 to 14.");
    this.bookings.push(`${city} × ${nights}`);
    return `Booked ${nights} night(s) in ${city}.`;
  }
}
