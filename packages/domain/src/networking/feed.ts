// Issue 13 (networking): the feed part's contracts, filled in by that part.
export {};
