// Reserved for issue 14 (communications): filled in by the part that owns it.
export const up = `SELECT 1;`;
