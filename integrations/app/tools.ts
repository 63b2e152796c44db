import { Description } from "@tooltype/core";

/** The tools every integration builds: their schemas must come from the build, not from this file. */
export class Travel {
  /**
   * @param city the city to forecast
   * @param days how many days ahead
   */
  @Description("Forecast the weather for a city.")
  forecast(city: string, days: number = 2): string {
    return `${city}: sunny for ${days} days`;
  }

  /** @param city where to go */
  @Description("Plan a trip to a city.")
  planTrip(city: string, nights: 1 | 2 | 3): string {
    return `${nights} nights in ${city}, booked`;
  }
}
