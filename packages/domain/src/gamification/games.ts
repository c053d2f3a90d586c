// Issue 15 (gamification): games, tasks, teams and badges: the console forms' schemas and messages; filled in by the part that owns them.
export {};
