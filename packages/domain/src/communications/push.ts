// Issue 14 (communications): the push contracts, filled in by the part that owns them.
export {};
