/**
 * docs/decisions/product.md Profile and lists: dates are shown DD/MM/YYYY, whatever the locale, on the calendar of the
 * viewer's time zone (the browser's own, unless one is given), not UTC: a channel updated at 23:30 UTC was updated
 * 'tomorrow' for a viewer in Berlin.
 */
export function formatListDate(date: Date, timeZone?: string): string {
  // The browser's own time zone is what the Date getters read: no formatter (and no calendar data) needed.
  if (timeZone === undefined)
    return `${twoDigits(date.getDate())}/${twoDigits(date.getMonth() + 1)}/${date.getFullYear()}`;
  const parts = formatterIn(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')}`;
}

const twoDigits = (n: number): string => String(n).padStart(2, '0');

/** The list date with the time of day, HH:MM on a 24-hour clock (a session's first and last activity). */
export function formatListDateTime(date: Date, timeZone?: string): string {
  if (timeZone === undefined)
    return `${formatListDate(date)} ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
  const parts = timeFormatterIn(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${formatListDate(date, timeZone)} ${part('hour')}:${part('minute')}`;
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();
const timeFormatterIn = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = timeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    timeFormatters.set(timeZone, formatter);
  }
  return formatter;
};

/**
 * One formatter per time zone, made on first use: making one loads the calendar data and costs about as much as a
 * hundred uses, and a list draws two dates per row (docs/benchmarks.md: /me's first screen). Time zones are few.
 */
const formatters = new Map<string | undefined, Intl.DateTimeFormat>();
const formatterIn = (timeZone: string | undefined): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};
