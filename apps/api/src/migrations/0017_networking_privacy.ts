// Networking (issue 13): a participant may hide their profile. A hidden profile is not listed in any
// directory, cannot be scanned into (business cards), messaged or booked for a meeting; every
// networking module reads this one column.
export const up = `
  ALTER TABLE participants ADD COLUMN profile_hidden boolean NOT NULL DEFAULT false;
`;
