// Issue 13 (networking): the cards part's contracts, filled in by that part.
export {};
