// Issue 13 (networking): the meetings part's contracts, filled in by that part.
export {};
