const two = (n: number) => String(n).padStart(2, '0');

/** A log row's time in the browser's local time, 'HH:MM:SS'; the text as is when not a date. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}
