// Issue 15 (gamification): the participant's game page: progress and badge gallery; filled in by the part that owns them.
export {};
