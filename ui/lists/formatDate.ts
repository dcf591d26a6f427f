/**
 * docs/decisions.md Profile and lists: dates are shown DD/MM/YYYY, whatever the locale, on the calendar of the
 * viewer's time zone (the browser's own, unless one is given), not UTC: a channel updated at 23:30 UTC was updated
 * 'tomorrow' for a viewer in Berlin.
 */
export function formatListDate(date: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')}`;
}
