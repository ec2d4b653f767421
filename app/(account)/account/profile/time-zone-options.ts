import { useMemo } from "react";

/** The zones most of our people live in; the person's own zone is added when it is not here. */
const COMMON_TIME_ZONES = [
  "Asia/Ho_Chi_Minh",
  "Asia/Bangkok",
  "Asia/Yangon",
  "Asia/Jakarta",
  "Asia/Makassar",
  "Asia/Jayapura",
  "Asia/Singapore",
  "Asia/Kuala_Lumpur",
  "Asia/Manila",
  "Asia/Hong_Kong",
  "Asia/Shanghai",
  "Asia/Taipei",
  "Asia/Seoul",
  "Asia/Tokyo",
  "Asia/Kolkata",
  "Asia/Dubai",
  "Australia/Sydney",
  "Europe/London",
  "Europe/Paris",
  "Europe/Berlin",
  "America/New_York",
  "America/Chicago",
  "America/Los_Angeles",
  "UTC",
];

type Offset = { label: string; minutes: number };
/**
 * A zone's offset now, worked out at most once an hour per zone and process: each needs its own
 * Intl formatter, and the list is built on every render of the profile page.
 */
const offsets = new Map<string, { hour: number; offset: Offset }>();
function offsetOf(zone: string, at: Date): Offset {
  const hour = Math.floor(at.getTime() / 3_600_000);
  const known = offsets.get(zone);
  if (known?.hour === hour) return known.offset;
  const offset = computeOffset(zone, at);
  offsets.set(zone, { hour, offset });
  return offset;
}

function computeOffset(zone: string, at: Date): Offset {
  try {
    const name =
      new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
        .formatToParts(at)
        .find((p) => p.type === "timeZoneName")?.value ?? "GMT";
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    const minutes = match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
    return { label: match ? `UTC${match[1]}${match[2]}:${match[3]}` : "UTC", minutes };
  } catch {
    return { label: "", minutes: 0 };
  }
}

/** The time-zone choices, by offset from UTC, with the person's own zone among them. */
export function useTimeZoneOptions(current: string) {
  return useMemo(() => {
    const now = new Date();
    const zones =
      COMMON_TIME_ZONES.includes(current) || !current ? COMMON_TIME_ZONES : [current, ...COMMON_TIME_ZONES];
    return zones
      .map((zone) => ({ zone, ...offsetOf(zone, now) }))
      .sort((a, b) => a.minutes - b.minutes || a.zone.localeCompare(b.zone))
      .map(({ zone, label }) => ({
        value: zone,
        label: label ? `(${label}) ${zone.replaceAll("_", " ")}` : zone,
      }));
  }, [current]);
}
