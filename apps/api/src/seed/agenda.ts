import sharp from 'sharp';
import { sql } from 'kysely';
import { dayInZone, wallClockToInstant } from '@plenary/domain';
import type { AppDeps } from '../platform/deps.js';
import type { Db } from '../platform/db/index.js';
import { storageFor, type Storage, type StoredContentType } from '../platform/storage.js';
import { simplePdf } from '../modules/content/simple-pdf.js';

/**
 * The demo agenda of "Northwind Summit 2026": rooms, tracks, a breakout of three workshops (20
 * seats each, some taken), two more sessions with booked seats (one full, with a waitlist), 24
 * sessions over the event's three days in its time zone with the demo participants as speakers,
 * check-ins at sessions of the first day, a floor plan with a pin per room, a welcome pack (PDF)
 * and a Wi-Fi card (PNG). The demo participant (Amara) holds no place, so she can enroll. Runs
 * once: an event that already has locations is left alone.
 */
export const DEMO_EVENT_NAME = 'Northwind Summit 2026';

/** The demo event (the oldest of that name) and its event admin, for the seed steps after the first. */
export async function demoEventAndAdmin(
  db: Db,
): Promise<{ id: string; startAt: Date; adminId: string | null } | undefined> {
  const event = await db
    .selectFrom('events')
    .select(['id', 'startAt'])
    .where('name', '=', DEMO_EVENT_NAME)
    .orderBy('createdAt')
    .executeTakeFirst();
  if (!event) return undefined;
  const admin = await db
    .selectFrom('memberships')
    .select('userId')
    .where('scope', '=', 'event')
    .where('scopeId', '=', event.id)
    .where('role', '=', 'admin')
    .executeTakeFirst();
  return { ...event, adminId: admin?.userId ?? null };
}

const EVERYONE = JSON.stringify({ type: 'EVERYONE', labelIds: [], rules: [] });

/** Rooms: where they are drawn on the floor plan (pixels of the 1200 × 800 plan). */
const ROOMS = [
  {
    name: 'Plenary Hall',
    description: 'Ground floor, 600 seats. Keynotes and panels.',
    box: [40, 40, 640, 420],
  },
  { name: 'Room Spree', description: 'Ground floor, east wing. 80 seats.', box: [700, 40, 460, 260] },
  { name: 'Room Havel', description: 'Ground floor, east wing. 60 seats.', box: [700, 320, 460, 220] },
  {
    name: 'Workshop Loft',
    description: 'Ground floor, behind the foyer. Tables for 20.',
    box: [40, 480, 420, 280],
  },
] as const;
type RoomName = (typeof ROOMS)[number]['name'];

const TRACKS = [
  {
    name: 'Product & Design',
    color: '#7048e8',
    description: 'How great event products are designed and shipped.',
  },
  {
    name: 'Engineering',
    color: '#1c7ed6',
    description: 'Platforms, data and the systems behind live events.',
  },
  { name: 'Community', color: '#2f9e44', description: 'Growing and caring for communities around events.' },
] as const;
type Track = (typeof TRACKS)[number]['name'];

type SessionType = 'SESSION' | 'KEYNOTE' | 'PANEL' | 'WORKSHOP' | 'NETWORKING' | 'BREAK';
interface SessionPlan {
  day: number;
  start: string;
  end: string;
  name: string;
  description: string;
  type: SessionType;
  room: RoomName;
  speakers: string[];
  tracks: Track[];
  workshop?: true;
  materials?: Array<'pack' | 'wifi'>;
  /** Seats to book (not a workshop): capacity, a waitlist, who holds a seat and who waits (last names). */
  booking?: { capacity: number; waitlist: boolean; seats: string[]; waiting: string[] };
  /** Checked in (last names): sessions already over when the demo starts. */
  checkedIn?: string[];
}

/** Speakers by last name (demo participants of the event). */
const PLAN: SessionPlan[] = [
  {
    day: 0,
    start: '10:00 AM',
    end: '11:00 AM',
    name: 'Opening keynote: Events people remember',
    description: 'Why some gatherings stay with us for years, and what organisers can learn from them.',
    type: 'KEYNOTE',
    room: 'Plenary Hall',
    speakers: ['Becker'],
    tracks: ['Community'],
    materials: ['pack', 'wifi'],
    checkedIn: [
      'Mensah',
      'Rossi',
      'Tanaka',
      'Patel',
      'Lindqvist',
      'Dubois',
      'Rahman',
      'Williams',
      'Solberg',
      'Fernández',
      'Nair',
      'Kowalski',
      'Carter',
      'Sato',
      'Schmidt',
      'Müller',
    ],
  },
  {
    day: 0,
    start: '11:15 AM',
    end: '12:00 PM',
    name: 'Designing the attendee journey',
    description: 'From the first e-mail to the last survey: mapping every touchpoint.',
    type: 'SESSION',
    room: 'Room Spree',
    speakers: ['Rossi'],
    tracks: ['Product & Design'],
  },
  {
    day: 0,
    start: '11:15 AM',
    end: '12:00 PM',
    name: 'Real-time data at the venue',
    description: 'Check-ins, seat counts and live dashboards without melting the Wi-Fi.',
    type: 'SESSION',
    room: 'Room Havel',
    speakers: ['Tanaka'],
    tracks: ['Engineering'],
  },
  {
    day: 0,
    start: '12:00 PM',
    end: '01:00 PM',
    name: 'Lunch',
    description: 'Served in the foyer.',
    type: 'BREAK',
    room: 'Plenary Hall',
    speakers: [],
    tracks: [],
  },
  {
    day: 0,
    start: '01:00 PM',
    end: '02:00 PM',
    name: 'Panel: Hybrid is here to stay',
    description: 'Four organisers on what worked, what did not, and what comes next.',
    type: 'PANEL',
    room: 'Plenary Hall',
    speakers: ['Patel', 'Lindqvist', 'Dubois'],
    tracks: ['Community', 'Product & Design'],
  },
  {
    day: 0,
    start: '02:15 PM',
    end: '03:00 PM',
    name: 'Behind the scenes: a venue tour',
    description: 'Loading docks, the control room and the kitchen that feeds 2,000 people. Twelve places.',
    type: 'SESSION',
    room: 'Room Havel',
    speakers: ['Popescu'],
    tracks: ['Community'],
    booking: {
      capacity: 12,
      waitlist: true,
      seats: [
        'Ramírez',
        'Nair',
        'Sato',
        'Carter',
        'Diallo',
        'Silva',
        'Mehta',
        'Solberg',
        'Kowalski',
        'Nasser',
      ],
      waiting: [],
    },
    checkedIn: ['Ramírez', 'Nair', 'Sato', 'Carter', 'Diallo', 'Silva', 'Mehta', 'Solberg'],
  },
  {
    day: 0,
    start: '03:15 PM',
    end: '04:15 PM',
    name: 'Lightning talks: five ideas in five minutes',
    description: 'Six speakers, six ideas, a timer that never forgives.',
    type: 'SESSION',
    room: 'Room Spree',
    speakers: ['Solberg', 'Nair', 'Kowalski'],
    tracks: ['Product & Design', 'Engineering'],
    checkedIn: ['Rahman', 'Becker', 'Mehta', 'Fernández', 'Schmidt'],
  },
  {
    day: 0,
    start: '05:00 PM',
    end: '07:00 PM',
    name: 'Welcome reception',
    description: 'Drinks and snacks on the terrace.',
    type: 'NETWORKING',
    room: 'Plenary Hall',
    speakers: [],
    tracks: ['Community'],
  },
  {
    day: 1,
    start: '09:30 AM',
    end: '10:15 AM',
    name: 'Accessible events by default',
    description: 'Captions, quiet rooms, clear signage: small choices with a big effect.',
    type: 'SESSION',
    room: 'Plenary Hall',
    speakers: ['Ramírez'],
    tracks: ['Product & Design'],
    // Reserved seating: the front rows, booked ahead.
    booking: {
      capacity: 100,
      waitlist: false,
      seats: ['Becker', 'Rossi', 'Tanaka', 'Patel', 'Lindqvist', 'Dubois', 'Mensah', 'Williams'],
      waiting: [],
    },
  },
  {
    day: 1,
    start: '10:30 AM',
    end: '11:15 AM',
    name: 'Scaling registration to 100,000 attendees',
    description: 'Imports, queues and the database tricks behind a smooth opening day.',
    type: 'SESSION',
    room: 'Room Spree',
    speakers: ['Rahman'],
    tracks: ['Engineering'],
  },
  {
    day: 1,
    start: '10:30 AM',
    end: '11:15 AM',
    name: 'Sponsors that come back',
    description: 'Building partnerships that last longer than one edition.',
    type: 'SESSION',
    room: 'Room Havel',
    speakers: ['Williams'],
    tracks: ['Community'],
  },
  {
    day: 1,
    start: '12:00 PM',
    end: '01:00 PM',
    name: 'Lunch',
    description: 'Served in the foyer. Vegetarian, vegan and gluten-free dishes are labelled.',
    type: 'BREAK',
    room: 'Plenary Hall',
    speakers: [],
    tracks: [],
  },
  {
    day: 1,
    start: '02:00 PM',
    end: '03:30 PM',
    name: 'Workshop: Mapping your venue',
    description: 'Build an interactive floor plan with pins for rooms, booths and services.',
    type: 'WORKSHOP',
    room: 'Workshop Loft',
    speakers: ['Popescu'],
    tracks: ['Product & Design'],
    workshop: true,
  },
  {
    day: 1,
    start: '02:00 PM',
    end: '03:30 PM',
    name: 'Workshop: Automating check-in',
    description: 'QR codes, badge printing and session scans, hands on.',
    type: 'WORKSHOP',
    room: 'Room Spree',
    speakers: ['Mensah'],
    tracks: ['Engineering'],
    workshop: true,
  },
  {
    day: 1,
    start: '02:00 PM',
    end: '03:30 PM',
    name: 'Workshop: Community playbooks',
    description: 'Write the playbook for your next meetup series.',
    type: 'WORKSHOP',
    room: 'Room Havel',
    speakers: ['Dubois'],
    tracks: ['Community'],
    workshop: true,
  },
  {
    day: 1,
    start: '04:00 PM',
    end: '04:45 PM',
    name: 'Privacy by design for attendee data',
    description: 'Consent, retention and what your badge scanner really needs to know.',
    type: 'SESSION',
    room: 'Room Havel',
    speakers: ['Kowalski'],
    tracks: ['Engineering'],
  },
  {
    day: 1,
    start: '04:00 PM',
    end: '05:00 PM',
    name: 'Fireside chat: sponsors, budgets and the long game',
    description: 'Two partnership leads on deals that outlive a single edition.',
    type: 'PANEL',
    room: 'Plenary Hall',
    speakers: ['Williams', 'Nasser'],
    tracks: ['Community'],
  },
  {
    day: 2,
    start: '08:30 AM',
    end: '09:15 AM',
    name: 'Speed networking breakfast',
    description: 'Eight seats, four-minute conversations, coffee included. Join the waitlist if it is full.',
    type: 'NETWORKING',
    room: 'Room Havel',
    speakers: [],
    tracks: ['Community'],
    booking: {
      capacity: 8,
      waitlist: true,
      seats: ['Becker', 'Patel', 'Fernández', 'Nair', 'Nasser', 'Diallo', 'Schmidt', 'Müller'],
      waiting: ['Silva', 'Carter', 'Mehta'],
    },
  },
  {
    day: 2,
    start: '09:30 AM',
    end: '10:15 AM',
    name: 'Measuring what matters',
    description: "Engagement metrics that predict next year's attendance.",
    type: 'SESSION',
    room: 'Room Spree',
    speakers: ['Lindqvist'],
    tracks: ['Engineering', 'Product & Design'],
  },
  {
    day: 2,
    start: '10:30 AM',
    end: '11:00 AM',
    name: 'Coffee break',
    description: 'Coffee and pastries in the foyer.',
    type: 'BREAK',
    room: 'Plenary Hall',
    speakers: [],
    tracks: [],
  },
  {
    day: 2,
    start: '11:00 AM',
    end: '12:00 PM',
    name: 'Closing keynote: The next ten years of events',
    description: 'Trends, bets and a few predictions we will regret.',
    type: 'KEYNOTE',
    room: 'Plenary Hall',
    speakers: ['Patel', 'Tanaka'],
    tracks: ['Community'],
    materials: ['pack'],
  },
  {
    day: 2,
    start: '12:00 PM',
    end: '01:00 PM',
    name: 'Lunch',
    description: 'Served in the foyer.',
    type: 'BREAK',
    room: 'Plenary Hall',
    speakers: [],
    tracks: [],
  },
  {
    day: 2,
    start: '01:00 PM',
    end: '01:45 PM',
    name: 'Sustainable events without the greenwashing',
    description: 'Catering, travel and waste: the numbers that matter and the ones that do not.',
    type: 'SESSION',
    room: 'Room Spree',
    speakers: ['Silva'],
    tracks: ['Community'],
  },
  {
    day: 2,
    start: '02:00 PM',
    end: '03:00 PM',
    name: 'Farewell and prize draw',
    description: 'Thank-yous, the prize draw and one last coffee.',
    type: 'NETWORKING',
    room: 'Plenary Hall',
    speakers: ['Becker'],
    tracks: ['Community'],
  },
];

/** Seats taken in each workshop (participants by last name; each holds one workshop of the breakout). */
const WORKSHOP_SEATS: Record<string, string[]> = {
  'Workshop: Mapping your venue': ['Becker', 'Rossi', 'Rahman', 'Williams'],
  'Workshop: Automating check-in': ['Tanaka', 'Lindqvist', 'Ramírez'],
  'Workshop: Community playbooks': ['Patel', 'Popescu'],
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The floor plan as SVG: rooms with their names, the foyer, the entrance. */
function floorPlanSvg(): string {
  const rooms = ROOMS.map(
    ({ name, box: [x, y, w, h] }) => `
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="#eef2ff" stroke="#3730a3" stroke-width="4"/>
    <text x="${x + w / 2}" y="${y + h / 2 + 10}" font-size="30" font-weight="700" text-anchor="middle" fill="#1e1b4b">${esc(name)}</text>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif">
    <rect width="1200" height="800" fill="#ffffff"/>
    <rect x="20" y="20" width="1160" height="760" fill="none" stroke="#1e1b4b" stroke-width="8"/>
    <rect x="480" y="560" width="680" height="200" rx="6" fill="#f8f9fa" stroke="#868e96" stroke-width="3" stroke-dasharray="12 8"/>
    <text x="820" y="650" font-size="28" text-anchor="middle" fill="#495057">Foyer · Registration · Catering</text>
    <text x="820" y="690" font-size="20" text-anchor="middle" fill="#868e96">Ground floor</text>
    <rect x="760" y="764" width="120" height="16" fill="#2f9e44"/>
    <text x="820" y="752" font-size="18" text-anchor="middle" fill="#2f9e44">Entrance</text>
    ${rooms}
  </svg>`;
}

function wifiCardSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif">
    <rect width="800" height="450" rx="24" fill="#4338ca"/>
    <text x="60" y="110" font-size="44" font-weight="700" fill="#ffffff">Northwind Summit 2026</text>
    <text x="60" y="200" font-size="30" fill="#c7d2fe">Wi-Fi network</text>
    <text x="60" y="250" font-size="40" font-weight="700" fill="#ffffff">Northwind-Guest</text>
    <text x="60" y="320" font-size="30" fill="#c7d2fe">Password</text>
    <text x="60" y="370" font-size="40" font-weight="700" fill="#ffffff">summit2026</text>
  </svg>`;
}

/** The Plenary Hall's seating plan: the PDF map of that location. */
const HALL_PLAN = [
  'Plenary Hall - seating plan',
  '',
  'Stage at the north wall; 600 seats in rows A to L, 50 per row.',
  'Rows A and B: reserved for speakers and guests with access needs.',
  'Wheelchair spaces: row C, both aisles. Step-free entrance from the foyer.',
  'Captioning screen: left of the stage. Quiet exit: south-east door.',
];

const WELCOME_PACK = [
  'Northwind Summit 2026 - Welcome pack',
  '',
  'Venue: Estrel Congress Center, Sonnenallee 225, 12057 Berlin',
  'Registration opens at 09:00 in the foyer, every day.',
  'Keynotes and panels: Plenary Hall. Talks: Room Spree and Room Havel.',
  'Workshops: book your seat in the app (20 seats each, one per person).',
  'Wi-Fi: Northwind-Guest / summit2026',
  'Questions? Find a volunteer in a green T-shirt.',
];

async function store(
  storage: Storage,
  stored: string[],
  bytes: Buffer,
  type: StoredContentType,
): Promise<string> {
  const key = await storage.put(bytes, type);
  stored.push(key);
  return key;
}

export async function seedAgenda({ db, config }: Pick<AppDeps, 'db' | 'config'>): Promise<void> {
  const event = await db
    .selectFrom('events')
    .select(['id', 'startAt', 'endAt', 'timezone'])
    .where('name', '=', DEMO_EVENT_NAME)
    .orderBy('createdAt')
    .executeTakeFirst();
  if (!event) return;
  const existing = await db
    .selectFrom('locations')
    .select('id')
    .where('eventId', '=', event.id)
    .executeTakeFirst();
  if (existing) return;

  const zone = event.timezone;
  const storage = storageFor(config);
  const stored: string[] = [];
  try {
    const plan = await sharp(Buffer.from(floorPlanSvg())).png({ compressionLevel: 9 }).toBuffer();
    const wifi = await sharp(Buffer.from(wifiCardSvg())).png({ compressionLevel: 9 }).toBuffer();
    const pack = simplePdf(WELCOME_PACK, { title: 'Northwind Summit 2026 - Welcome pack' });
    const hallPlan = simplePdf(HALL_PLAN, { title: 'Plenary Hall - seating plan' });
    const files = {
      hallPlan: await store(storage, stored, hallPlan, 'application/pdf'),
      plan: await store(storage, stored, plan, 'image/png'),
      wifi: await store(storage, stored, wifi, 'image/png'),
      pack: await store(storage, stored, pack, 'application/pdf'),
    };
    await db.transaction().execute((tx) =>
      writeAgenda(tx, { ...event, zone }, files, {
        plan: plan.length,
        wifi: wifi.length,
        pack: pack.length,
      }),
    );
  } catch (err) {
    await Promise.all(stored.map((key) => storage.delete(key)));
    throw err;
  }
}

async function writeAgenda(
  tx: Db,
  event: { id: string; startAt: Date; zone: string },
  files: { plan: string; wifi: string; pack: string; hallPlan: string },
  sizes: { plan: number; wifi: number; pack: number },
): Promise<void> {
  const admin = await tx
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'event.admin@northwind.example')
    .executeTakeFirst();
  const by = admin?.id ?? null;
  const now = new Date();
  const authored = { createdBy: by, updatedBy: by, updatedAt: now };

  const locations = await tx
    .insertInto('locations')
    .values(
      ROOMS.map((r) => ({
        eventId: event.id,
        name: r.name,
        description: r.description,
        mapLocationUrl:
          r.name === 'Plenary Hall'
            ? 'https://www.openstreetmap.org/search?query=Sonnenallee%20225%2C%20Berlin'
            : null,
        pdfMapKey: r.name === 'Plenary Hall' ? files.hallPlan : null,
        ...authored,
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const room = (name: RoomName) => locations.find((l) => l.name === name)!.id;

  const tracks = await tx
    .insertInto('collections')
    .values(
      TRACKS.map((c) => ({
        eventId: event.id,
        name: c.name,
        description: c.description,
        color: c.color,
        audience: EVERYONE,
        ...authored,
      })),
    )
    .returning(['id', 'name'])
    .execute();

  const breakout = await tx
    .insertInto('breakouts')
    .values({
      eventId: event.id,
      name: 'Afternoon workshops',
      description: 'Pick one of three hands-on workshops (20 seats each).',
      enrollable: true,
      capacity: 20,
      audience: EVERYONE,
      ...authored,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const materials = await tx
    .insertInto('materials')
    .values([
      {
        eventId: event.id,
        name: 'Welcome pack',
        description: 'Venue, times, Wi-Fi and who to ask.',
        fileKey: files.pack,
        fileName: 'northwind-summit-2026-welcome-pack.pdf',
        fileType: 'pdf',
        fileSize: sizes.pack,
        ...authored,
      },
      {
        eventId: event.id,
        name: 'Wi-Fi card',
        description: 'The guest network and its password.',
        fileKey: files.wifi,
        fileName: 'wifi-card.png',
        fileType: 'png',
        fileSize: sizes.wifi,
        ...authored,
      },
    ])
    .returning(['id', 'name'])
    .execute();
  const material = {
    pack: materials.find((m) => m.name === 'Welcome pack')!.id,
    wifi: materials.find((m) => m.name === 'Wi-Fi card')!.id,
  };

  const people = await tx
    .selectFrom('participants as p')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .select(['p.id', 'u.lastName'])
    .where('p.eventId', '=', event.id)
    .execute();
  const participant = (lastName: string) => people.find((p) => p.lastName === lastName)?.id;

  // The event's days in its zone: day 0 is the day it starts.
  const firstDay = dayInZone(event.startAt, event.zone);
  const dayDate = (offset: number) => {
    const d = new Date(`${firstDay}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };

  for (const s of PLAN) {
    const ids = (names: readonly string[]) =>
      names.map(participant).filter((id): id is string => id !== undefined);
    const seats = ids(s.workshop ? (WORKSHOP_SEATS[s.name] ?? []) : (s.booking?.seats ?? []));
    const waiting = ids(s.booking?.waiting ?? []);
    const startAt = wallClockToInstant(dayDate(s.day), s.start, event.zone);
    const row = await tx
      .insertInto('sessions')
      .values({
        eventId: event.id,
        name: s.name,
        description: s.description,
        type: s.type,
        startAt,
        endAt: wallClockToInstant(dayDate(s.day), s.end, event.zone),
        locationId: room(s.room),
        breakoutId: s.workshop ? breakout.id : null,
        audience: EVERYONE,
        capacity: s.workshop ? 20 : (s.booking?.capacity ?? null),
        enrollable: s.workshop === true || s.booking !== undefined,
        waitlist: s.booking?.waitlist ?? false,
        enrolledCount: seats.length,
        ...authored,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const speakers = s.speakers.map(participant).filter((id): id is string => id !== undefined);
    if (speakers.length > 0)
      await tx
        .insertInto('sessionSpeakers')
        .values(speakers.map((participantId, position) => ({ sessionId: row.id, participantId, position })))
        .execute();
    const trackIds = s.tracks.map((name) => tracks.find((t) => t.name === name)!.id);
    if (trackIds.length > 0)
      await tx
        .insertInto('sessionCollections')
        .values(trackIds.map((collectionId) => ({ sessionId: row.id, collectionId })))
        .execute();
    if (s.materials)
      await tx
        .insertInto('sessionMaterials')
        .values(s.materials.map((m, position) => ({ sessionId: row.id, materialId: material[m], position })))
        .execute();
    // Seats first, then the waitlist in its order (queued_seq is taken at insert).
    for (const [state, people] of [
      ['ENROLLED', seats],
      ['WAITLISTED', waiting],
    ] as const)
      if (people.length > 0)
        await tx
          .insertInto('enrollments')
          .values(
            people.map((participantId) => ({
              sessionId: row.id,
              participantId,
              eventId: event.id,
              state,
              createdBy: by,
              updatedAt: now,
            })),
          )
          .execute();
    const arrived = ids(s.checkedIn ?? []);
    if (arrived.length > 0)
      await tx
        .insertInto('sessionCheckIns')
        .values(
          arrived.map((participantId, i) => ({
            sessionId: row.id,
            participantId,
            eventId: event.id,
            method: i % 4 === 0 ? ('ADMIN' as const) : ('QR' as const),
            checkedInAt: new Date(startAt.getTime() - 10 * 60_000 + i * 37_000),
            checkedInBy: i % 4 === 0 ? by : null,
          })),
        )
        .execute();
  }

  const map = await tx
    .insertInto('interactiveMaps')
    .values({
      eventId: event.id,
      name: 'Ground floor',
      description: 'Estrel Congress Center, ground floor: halls, rooms and the foyer.',
      fileKey: files.plan,
      fileType: 'png',
      width: 1200,
      height: 800,
      ...authored,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('mapPins')
    .values([
      ...ROOMS.map(({ name, box: [x, y, w, h] }) => ({
        mapId: map.id,
        name,
        x: (x + w / 2) / 1200,
        y: (y + h / 2 - 40) / 800,
        color: '#e03131',
        locationId: room(name),
        updatedAt: now,
      })),
      {
        mapId: map.id,
        name: 'Registration desk',
        x: 820 / 1200,
        y: 600 / 800,
        color: '#2f9e44',
        materialId: material.pack,
        updatedAt: now,
      },
    ])
    .execute();
  // The counts the agenda keeps in the enrolling transaction, checked once against the rows written.
  await sql`UPDATE sessions s SET enrolled_count = (SELECT count(*)::int FROM enrollments e WHERE e.session_id = s.id AND e.state = 'ENROLLED'),
    waitlisted_count = (SELECT count(*)::int FROM enrollments e WHERE e.session_id = s.id AND e.state = 'WAITLISTED'),
    attended_count = (SELECT count(*)::int FROM session_check_ins c WHERE c.session_id = s.id) WHERE s.event_id = ${event.id}`.execute(
    tx,
  );
}
