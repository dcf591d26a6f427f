/** docs/decisions.md Profile and lists: dates are shown DD/MM/YYYY, whatever the locale. */
export function formatListDate(date: Date): string {
  const day = String(date.getUTCDate()).padStart(2, '0');
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${day}/${month}/${date.getUTCFullYear()}`;
}
