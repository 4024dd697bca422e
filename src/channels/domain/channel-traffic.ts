const DAY_MS = 86_400_000;

/**
 * Zulip's `get_average_weekly_stream_traffic`: no estimate for a channel younger than a
 * week; otherwise the last 28 days' messages per week (over the channel's age while it
 * is younger than 28 days), at least 1 when there was any, to two significant digits.
 */
export function averageWeeklyTraffic(dateCreated: Date, recentMessages: number, now: number): number | null {
  const ageDays = ageInDays(dateCreated, now);
  let average: number;
  if (ageDays >= 28) average = Math.floor(recentMessages / 4);
  else if (ageDays >= 7) average = Math.floor((recentMessages * 7) / ageDays);
  else return null;
  if (average === 0 && recentMessages > 0) average = 1;
  return roundToTwoSignificantDigits(average);
}

/** Whether a channel is old enough (a week) for `averageWeeklyTraffic` to estimate. */
export function hasTrafficEstimate(dateCreated: Date, now: number): boolean {
  return ageInDays(dateCreated, now) >= 7;
}

function ageInDays(dateCreated: Date, now: number): number {
  return Math.floor((now - dateCreated.getTime()) / DAY_MS);
}

/** Python's `round(n, 2 - len(str(n)))`: half to even. */
function roundToTwoSignificantDigits(value: number): number {
  const drop = String(value).length - 2;
  if (drop <= 0) return value;
  const factor = 10 ** drop;
  const quotient = value / factor;
  const floor = Math.floor(quotient);
  const rest = quotient - floor;
  const rounded = rest > 0.5 || (rest === 0.5 && floor % 2 === 1) ? floor + 1 : floor;
  return rounded * factor;
}
