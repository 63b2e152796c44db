import { defineTool, type Tool } from "@tooltype/core";
import { positiveLimit } from "../positive-limit.js";
import { answerRefusals, Refusal } from "../refusal.js";

/** Configuration of the time tool (`builtins({ time: true })` or `builtins({ time: { defaultTimeZone } })`). */
export interface TimeOptions {
  /** The IANA zone used when the model names none (default "UTC"). */
  defaultTimeZone?: string;
  /** Most milliseconds one call may take (default 5 000): the tool's `timeoutMs`. */
  timeoutMs?: number;
}

/** What `time_now` returns. */
export interface ZonedTime {
  /** The IANA zone asked for (e.g. "Europe/Paris"). */
  timeZone: string;
  /** The instant in UTC, ISO 8601. */
  utc: string;
  /** Wall-clock date and time in the zone, "YYYY-MM-DD HH:mm:ss". */
  local: string;
  /** The zone's offset from UTC at this instant, e.g. "+01:00". */
  offset: string;
  /** The day of the week in the zone, in English (e.g. "Monday"). */
  weekday: string;
}

/** `time_now`: the current date and time in an IANA zone; an unknown zone is refused by name. */
export function timeTool(options: TimeOptions): Tool {
  const fallback = options.defaultTimeZone ?? "UTC";
  if (!knownZone(fallback))
    throw new TypeError(`builtins: time.defaultTimeZone "${fallback}" is not an IANA time zone (e.g. "Europe/Paris").`);
  return defineTool<{ timeZone?: string }>({
    name: "time_now",
    description: `The current date and time in a time zone (IANA name such as "Europe/Paris"; default ${fallback}).`,
    timeoutMs: positiveLimit(options.timeoutMs, 5_000, "time.timeoutMs"),
    schema: {
      type: "object",
      properties: { timeZone: { type: "string", description: 'an IANA time zone, e.g. "America/New_York" or "UTC"' } },
      additionalProperties: false,
    },
    impl: (args) =>
      answerRefusals(async () => {
        const zone = args.timeZone ?? fallback;
        if (!knownZone(zone))
          throw new Refusal(
            `"${zone}" is not a known time zone; use an IANA name such as "Europe/Paris", "Asia/Tokyo" or "UTC".`,
          );
        return zonedTime(new Date(), zone);
      }),
  });
}

/** True when `zone` is an IANA zone this runtime knows. */
export function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `instant` as seen in `zone`. */
export function zonedTime(instant: Date, zone: string): ZonedTime {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      weekday: "long",
      timeZoneName: "longOffset",
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  const offset = parts.timeZoneName === "GMT" ? "+00:00" : parts.timeZoneName!.replace("GMT", "");
  return {
    timeZone: new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone,
    utc: instant.toISOString(),
    local: `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`,
    offset,
    weekday: parts.weekday!,
  };
}
