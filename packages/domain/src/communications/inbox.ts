// Issue 14 (communications): the inbox contracts, filled in by the part that owns them.
export {};
