// Issue 14 (communications): the emails contracts, filled in by the part that owns them.
export {};
