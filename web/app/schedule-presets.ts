/** A suggested send time for a scheduled message. */
export interface SchedulePreset {
  readonly label: string;
  /** Seconds since the epoch (`scheduled_delivery_timestamp`). */
  readonly at: number;
}

function at(day: Date, hour: number): Date {
  const time = new Date(day);
  time.setHours(hour, 0, 0, 0);
  return time;
}

function clock(hour: number): string {
  return hour < 12 ? `${hour}:00 AM` : `${hour - 12}:00 PM`;
}

/**
 * Zulip's presets for scheduling, in the person's time zone: today at 9 AM or 4 PM while
 * still ahead, tomorrow at both, and next Monday at 9 AM.
 */
export function schedulePresets(now: Date): SchedulePreset[] {
  const presets: SchedulePreset[] = [];
  for (const hour of [9, 16]) {
    const today = at(now, hour);
    if (today.getTime() > now.getTime()) presets.push({ label: `Today at ${clock(hour)}`, at: today.getTime() / 1000 });
  }
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  for (const hour of [9, 16]) presets.push({ label: `Tomorrow at ${clock(hour)}`, at: at(tomorrow, hour).getTime() / 1000 });
  const monday = new Date(now);
  monday.setDate(now.getDate() + (((8 - now.getDay()) % 7) || 7));
  if (monday.getDay() === 1 && monday.getDate() !== tomorrow.getDate()) presets.push({ label: `Monday at ${clock(9)}`, at: at(monday, 9).getTime() / 1000 });
  return presets;
}

/** A `datetime-local` field's value for a time (local, to the minute). */
export function localInputValue(seconds: number): string {
  const date = new Date(seconds * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
