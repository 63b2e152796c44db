import { Description } from "@tooltype/core";

/** A day of this week. */
export type Weekday = "monday" | "tuesday" | "wednesday" | "thursday" | "friday";

/** One event in the calendar. */
export interface CalendarEvent {
  id: string;
  day: Weekday;
  time: string;
  title: string;
}

/** A week's calendar whose methods are tools: listing is harmless, cancelling changes things. */
export class Calendar {
  /** Ids of the events cancelled so far (what the application's decision protects). */
  readonly cancelled: string[] = [];
  readonly #events: CalendarEvent[] = [
    { id: "ev-1", day: "friday", time: "09:30", title: "Dentist" },
    { id: "ev-2", day: "friday", time: "14:00", title: "Team review" },
    { id: "ev-3", day: "monday", time: "10:00", title: "Planning" },
  ];

  /** @param day the day to look at */
  @Description("List the events on one day of this week.")
  listEvents(day: Weekday): CalendarEvent[] {
    return this.#events.filter((event) => event.day === day && !this.cancelled.includes(event.id));
  }

  /** @param eventId the id of the event, as listEvents returned it */
  @Description("Cancel an event in the calendar.")
  cancelEvent(eventId: string): string {
    const event = this.#events.find((e) => e.id === eventId);
    if (event === undefined) throw new Error(`No event ${eventId}: use an id that listEvents returned.`);
    this.cancelled.push(eventId);
    return `Cancelled "${event.title}" on ${event.day} at ${event.time}.`;
  }
}
