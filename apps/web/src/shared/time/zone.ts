/** `zone` when Intl knows it, else 'UTC' (also for an empty or missing zone). */
export function validZone(zone: string | null | undefined): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** The browser's own zone (the default for a new event). */
export function browserZone(): string {
  return validZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
}
