// Reserved for issue 13 (networking): filled in by the part that owns it.
export const up = `SELECT 1;`;
