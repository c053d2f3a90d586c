// Issue 14 (communications): the campaigns contracts, filled in by the part that owns them.
export {};
