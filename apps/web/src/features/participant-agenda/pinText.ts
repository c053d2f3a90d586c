/**
 * The location line under a map pin, or null when it would only repeat the pin's own name
 * ("Plenary Hall" then "Location: Plenary Hall").
 */
export function pinLocationName(pin: { name: string; location: { name: string } | null }): string | null {
  if (!pin.location) return null;
  const same = pin.location.name.trim().toLocaleLowerCase() === pin.name.trim().toLocaleLowerCase();
  return same ? null : pin.location.name;
}
