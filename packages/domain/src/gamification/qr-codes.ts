// Issue 15 (gamification): custom QR codes and QR exports; filled in by the part that owns them.
export {};
