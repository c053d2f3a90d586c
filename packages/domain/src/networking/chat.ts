// Issue 13 (networking): the chat part's contracts, filled in by that part.
export {};
