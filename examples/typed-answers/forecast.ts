import { Description } from "@tooltype/core";

/** The typed answer the model must give: this type is the response format. */
export interface Forecast {
  /** The city the forecast is for. */
  city: string;
  /** One entry per day, in order. */
  days: {
    /** Weekday, e.g. "Mon". */
    day: string;
    /** Expected high in °C. */
    celsius: number;
    sky: "sunny" | "cloudy" | "rain";
  }[];
  /** Anything the reader should know (left out when there is nothing to say). */
  note?: string;
}

/** The tool the model uses before answering. */
export class WeatherService {
  /** @param city a city name, e.g. "Oslo" */
  @Description("The raw forecast for the next days in a city, as text.")
  async rawForecast(city: string): Promise<string> {
    return `${city}: Mon 21C sunny, Tue 17C rain, Wed 19C cloudy`;
  }
}
