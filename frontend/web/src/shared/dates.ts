/**
 * Dates in one style everywhere, en-NG, in the reader's zone: '27 Nov 2026' and
 * '27 Nov 2026, 14:05' (24-hour clock), '14:05' for "as of" labels.
 */
const shortDate = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const time = new Intl.DateTimeFormat('en-NG', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

type When = string | number | Date;

/** '27 Nov 2026'. */
export function formatDate(when: When): string {
  return shortDate.format(new Date(when));
}

/** '27 Nov 2026, 14:05'. */
export function formatDateTime(when: When): string {
  return dateTime.format(new Date(when));
}

/** '14:05'. */
export function formatTime(when: When): string {
  return time.format(new Date(when));
}
