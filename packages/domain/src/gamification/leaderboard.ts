// Issue 15 (gamification): ranking, ties and team aggregation; filled in by the part that owns them.
export {};
