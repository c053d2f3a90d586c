/** Where an address is and which IANA time zone applies there. */
export interface GeoMatch {
  /** IANA name, e.g. 'Europe/Amsterdam'. */
  timezone: string;
  latitude: number;
  longitude: number;
  /** What the address was understood as, e.g. 'Amsterdam, Netherlands'. */
  label: string;
}

/** Address → time zone. `undefined` when nothing matches (never throws for a bad address). */
export interface TimeZoneProvider {
  resolve(address: string): Promise<GeoMatch | undefined>;
}

/** Longest address the providers look at (the event's address field takes 500). */
export const GEO_ADDRESS_MAX_LENGTH = 500;
