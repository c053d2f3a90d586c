// Issue 13 (networking): the directories part's contracts, filled in by that part.
export {};
