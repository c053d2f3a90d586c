// Issue 15 (gamification): the award rules (what an event earns, COMPLETION and TYPE_POINTS, windows, eligibility); filled in by the part that owns them.
export {};
