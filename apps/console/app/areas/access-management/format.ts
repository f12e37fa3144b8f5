const dateTime = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Manila' });

/** A stored instant as the console shows it (Philippine time, where the campus is). */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}
