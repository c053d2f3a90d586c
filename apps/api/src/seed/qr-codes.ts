import type { AppDeps } from '../platform/deps.js';
import { demoEventAndAdmin } from './agenda.js';
import { DEMO_PARTICIPANT_EMAIL } from './engagement.js';
import {
  hasQrCode,
  insertCodesAndScans,
  participantsByEmail,
  type DemoQrCode,
  type DemoQrScan,
} from './qr-codes.repo.js';

/** The demo's custom QR codes: a place, a sponsor, a corner and a poster nobody has found yet. */
export const DEMO_QR_CODES: readonly DemoQrCode[] = [
  {
    name: 'Welcome desk',
    description: 'At the registration desk in the main lobby.',
    points: 10,
  },
  {
    name: 'Sponsor booth: Contoso',
    description: 'Contoso’s stand in the exhibition hall (booth 12).',
    points: 25,
  },
  {
    name: 'Coffee corner',
    description: 'Next to the espresso bar on the first floor.',
    points: 5,
  },
  {
    name: 'Poster wall: research track',
    description: 'The poster wall outside Room B.',
    points: 15,
  },
];

const MINUTE = 60 * 1000;

/**
 * Which participant (by index in e-mail order, the demo participant apart) scanned which code: a dozen
 * scans of the first three codes, a few more than once and two from outside the app; the poster wall
 * has none yet, so the console shows a code without scans.
 */
const SCANS: ReadonlyArray<{ code: number; who: number | 'me'; count?: number; external?: boolean }> = [
  { code: 0, who: 'me' },
  { code: 0, who: 0 },
  { code: 0, who: 1, count: 2 },
  { code: 0, who: 2 },
  { code: 0, who: 3 },
  { code: 0, who: 4, external: true },
  { code: 1, who: 'me', count: 3 },
  { code: 1, who: 0 },
  { code: 1, who: 5 },
  { code: 1, who: 6, count: 2, external: true },
  { code: 2, who: 1 },
  { code: 2, who: 7 },
  { code: 2, who: 8, count: 4 },
];

/**
 * The demo's custom QR codes (issue 15) and a dozen scans of them by demo participants (rows in
 * qr_scans, as the scanner leaves them), seeded before the games so the quest's "Scan the booth codes"
 * (SCAN_QR) task pays them (seed/game-points.ts). Runs once: an event with the "Welcome desk" code is
 * left alone.
 */
export async function seedQrCodes({ db }: Pick<AppDeps, 'db'>): Promise<void> {
  const event = await demoEventAndAdmin(db);
  if (!event || (await hasQrCode(db, event.id, DEMO_QR_CODES[0]!.name))) return;
  const people = await participantsByEmail(db, event.id, 40);
  const me = people.find((p) => p.email === DEMO_PARTICIPANT_EMAIL);
  const others = people.filter((p) => p !== me);
  // Spread over the last two days, every scan in the past.
  const start = Date.now() - 48 * 60 * MINUTE;
  const scans: DemoQrScan[] = [];
  for (const [i, s] of SCANS.entries()) {
    const participant = s.who === 'me' ? me : others[s.who];
    if (!participant) continue;
    const first = new Date(start + (i * 120 + 7) * MINUTE);
    const count = s.count ?? 1;
    scans.push({
      code: s.code,
      participantId: participant.id,
      via: s.external ? 'EXTERNAL' : 'APP',
      scanCount: count,
      firstScannedAt: first,
      lastScannedAt: new Date(first.getTime() + (count - 1) * 45 * MINUTE),
    });
  }
  await insertCodesAndScans(db, event.id, event.adminId, DEMO_QR_CODES, scans);
}
