import type { LightMyRequestResponse } from 'fastify';
import { png, pdf } from '../src/modules/content/content.test-utils.js';
import { fixture } from '../src/modules/imports/imports.test-utils.js';
import { logEmails } from '../src/platform/email-log.repo.js';
import { addInboxItems } from '../src/modules/notifications/index.js';
import type { TestContext } from './harness.js';

/**
 * One organisation → hub → event with a user of every role and a record of every kind the API has,
 * every name, title and address carrying `marker` (so a response can be searched for a leak).
 * Records are made through the API as the event admin, the way the console makes them.
 */
export async function completeTenant(t: TestContext, marker: string) {
  const { f, deps } = t;
  const person = (role: string) =>
    f.user({
      email: `${role}.${marker}@example.com`.toLowerCase(),
      firstName: `${role} ${marker}`,
      lastName: `Last ${marker}`,
    });
  const organization = await f.organization({ name: `Org ${marker}` });
  const hub = await f.hub({ organizationId: organization.id, name: `Hub ${marker}` });
  const event = await f.event({ eventHubId: hub.id, name: `Event ${marker}` });
  const users = {
    orgAdmin: await person('orgadmin'),
    hubAdmin: await person('hubadmin'),
    eventAdmin: await person('eventadmin'),
    moderator: await person('moderator'),
    participant: await person('participant'),
  };
  await f.grant(users.orgAdmin.id, 'organization', organization.id);
  await f.grant(users.hubAdmin.id, 'eventHub', hub.id);
  await f.grant(users.eventAdmin.id, 'event', event.id);
  await f.grant(users.moderator.id, 'event', event.id, 'moderator');
  await f.participant(event.id, users.participant.id);
  const tokens = Object.fromEntries(
    await Promise.all(Object.entries(users).map(async ([role, u]) => [role, await f.token(u.id)] as const)),
  ) as Record<keyof typeof users, string>;

  const admin = tokens.eventAdmin;
  const at = (path: string) => `/api/v1/events/${event.id}/${path}`;
  const created = async (what: string, res: Promise<LightMyRequestResponse>, status = 201) => {
    const answer = await res;
    if (answer.statusCode !== status)
      throw new Error(`completeTenant ${what}: ${answer.statusCode} ${answer.body}`);
    return answer.json() as { id: string; [key: string]: unknown };
  };
  const post = (what: string, path: string, payload: object, status = 201) =>
    created(what, t.as(admin, { method: 'POST', url: at(path), payload }), status);
  const upload = (
    what: string,
    path: string,
    fields: Record<string, string>,
    file: { name: string; bytes: Buffer },
  ) => {
    const boundary = `----complete${marker}`;
    const parts = Object.entries(fields).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    const payload = Buffer.concat([
      Buffer.from(parts.join('')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return created(
      what,
      t.as(admin, {
        method: 'POST',
        url: at(path),
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      }),
    );
  };

  const customField = await post('custom field', 'custom-fields', {
    name: `Field ${marker}`,
    dataType: 'STRING',
    showInProfile: true,
  });
  const label = await post('label', 'labels', { name: `Label ${marker}` });
  const attendee = await post('participant', 'participants', {
    email: `attendee.${marker}@example.com`.toLowerCase(),
    firstName: `Attendee ${marker}`,
    lastName: `Last ${marker}`,
    labelIds: [label.id],
  });
  const participantRow = await deps.db
    .selectFrom('participants')
    .select('id')
    .where('eventId', '=', event.id)
    .where('userId', '=', users.participant.id)
    .executeTakeFirstOrThrow();
  await post('magic link', 'participants/magic-links', { participantIds: [attendee.id] }, 200);
  const location = await post('location', 'locations', { name: `Room ${marker}` });
  const breakout = await post('breakout', 'breakouts', { name: `Breakout ${marker}`, enrollable: true });
  const session = await post('session', 'sessions', {
    name: `Session ${marker}`,
    startDate: '2030-06-01',
    startTime: '10:00 AM',
    endDate: '2030-06-01',
    endTime: '11:00 AM',
    locationId: location.id,
    enrollable: true,
    breakoutId: breakout.id,
  });
  await post(
    'enrollment',
    `sessions/v2/${session.id}/attendees`,
    { participantIds: [attendee.id, participantRow.id] },
    200,
  );
  await post(
    'session moderator',
    `sessions/${session.id}/invite-moderator`,
    {
      email: `sessionmod.${marker}@example.com`.toLowerCase(),
      firstName: `Mod ${marker}`,
      lastName: `Last ${marker}`,
    },
    200,
  );
  const collection = await post('collection', 'collections', { name: `Collection ${marker}` });
  const map = await upload(
    'map',
    'interactive-maps',
    { name: `Map ${marker}` },
    { name: 'plan.png', bytes: await png(200, 100) },
  );
  const pin = await post('pin', `interactive-maps/${map.id}/pins`, {
    name: `Pin ${marker}`,
    x: 0.5,
    y: 0.5,
    locationId: location.id,
  });
  const material = await upload(
    'material',
    'materials',
    { name: `Material ${marker}` },
    { name: 'slides.pdf', bytes: pdf(`Handout ${marker}`) },
  );
  const engagementTool = await post('engagement tool', 'engagement-tools', {
    type: 'POLL',
    name: `Poll ${marker}`,
    sessionIds: [session.id],
    questions: [{ type: 'RADIOBOX', text: `Question ${marker}`, options: [{ label: 'A' }, { label: 'B' }] }],
  });
  const engagementInstance = await post(
    'engagement instance',
    `engagement-tools/${engagementTool.id}/instances`,
    {
      sessionId: session.id,
      status: 'OPEN',
    },
  );
  const qaTool = await post('Q&A tool', 'engagement-tools', {
    type: 'QA',
    name: `Q&A ${marker}`,
    sessionIds: [session.id],
  });
  const qaInstance = await post('Q&A instance', `engagement-tools/${qaTool.id}/instances`, {
    sessionId: session.id,
    status: 'OPEN',
  });
  const qaQuestion = await created(
    'Q&A question',
    t.as(tokens.participant, {
      method: 'POST',
      url: at(`engagement/instances/${qaInstance.id}/questions`),
      payload: { text: `Question ${marker}` },
    }),
  );
  // business cards (issue 13): the participant asks the attendee for their card
  const cardRequest = (
    (await created(
      'card request',
      t.as(tokens.participant, {
        method: 'POST',
        url: at('business-cards/requests'),
        payload: { participantId: attendee.id, note: `Hello ${marker}` },
      }),
    )) as unknown as { request: { id: string } }
  ).request;
  // directories (issue 13)
  const directory = await post('directory', 'directories', { name: `Directory ${marker}`, view: 'GRID' });
  // activity feed (issue 13): the participant posts
  const feedPost = await created(
    'feed post',
    t.as(tokens.participant, {
      method: 'POST',
      url: at('activity-feed/posts'),
      payload: { text: `Post ${marker}` },
    }),
  );
  const feedComment = await created(
    'feed comment',
    t.as(tokens.participant, {
      method: 'POST',
      url: at(`activity-feed/posts/${feedPost.id}/comments`),
      payload: { text: `Comment ${marker}` },
    }),
  );
  // chat (issue 13): the participant opens a 1:1 with the attendee and writes; the attendee reports it
  const chatConversation = await created(
    'chat conversation',
    t.as(tokens.participant, {
      method: 'POST',
      url: at('chat/conversations'),
      payload: { kind: 'DIRECT', participantId: attendee.id },
    }),
  );
  const chatMessage = await created(
    'chat message',
    t.as(tokens.participant, {
      method: 'POST',
      url: at(`chat/conversations/${chatConversation.id}/messages`),
      payload: { text: `Message ${marker}` },
    }),
  );
  const attendeeUser = await deps.db
    .selectFrom('participants')
    .select('userId')
    .where('id', '=', attendee.id)
    .executeTakeFirstOrThrow();
  const chatReport = await created(
    'chat report',
    t.as(await f.token(attendeeUser.userId), {
      method: 'POST',
      url: at(`chat/messages/${chatMessage.id}/report`),
      payload: { reason: `Reason ${marker}` },
    }),
  );
  // meetings (issue 13): a window and a meeting the admin booked for the participant and the attendee
  const meetingInterval = await post('meeting interval', 'meeting-intervals', {
    date: '2030-06-02',
    startTime: '09:00 AM',
    endTime: '10:00 AM',
    slotMinutes: 30,
    meetingPoints: [`Table ${marker}`],
  });
  const meeting = await post('meeting', 'meetings/book', {
    requesterId: participantRow.id,
    inviteeId: attendee.id,
    startAt: String(meetingInterval.startAt),
    message: `Meeting ${marker}`,
  });
  const importRecord = await upload(
    'import',
    'imports/User',
    {},
    { name: 'participants-good.csv', bytes: fixture('participants-good.csv') },
  );
  await created(
    'view settings',
    t.as(admin, {
      method: 'POST',
      url: '/api/v1/view-settings/events',
      payload: { columns: ['name'], order: ['name'], pageSize: 20 },
    }),
  );
  await t.drainJobs(30_000);
  // e-mail log (issue 14): one e-mail of the event
  const [emailLogId] = await logEmails(deps.db, [
    {
      eventId: event.id,
      to: `participant.${marker}@example.com`.toLowerCase(),
      subject: `E-mail ${marker}`,
      text: `Text ${marker}`,
      html: null,
      category: 'SYSTEM',
      communicationId: null,
    },
  ]);
  // inbox (issue 14): one item of the participant
  const [inboxItemId] = await deps.db.transaction().execute((tx) =>
    addInboxItems(tx, [
      {
        eventId: event.id,
        participantId: participantRow.id,
        title: `Inbox ${marker}`,
        body: `Body ${marker}`,
        url: '',
      },
    ]),
  );
  const communication = await post('communication', 'communications', {
    channels: ['EMAIL'],
    subject: `Communication ${marker}`,
    body: `Body ${marker}`,
  });
  // gamification (issue 15): a game with a task and the participant's points (written directly until the games API lands)
  const game = await deps.db
    .insertInto('games')
    .values({ eventId: event.id, name: `Game ${marker}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const gameTask = await deps.db
    .insertInto('gameTasks')
    .values({
      gameId: game.id,
      eventId: event.id,
      kind: 'SCAN_QR',
      type: 'COMPLETION',
      name: `Task ${marker}`,
      points: 5,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await deps.db
    .insertInto('gameLedger')
    .values({
      gameId: game.id,
      eventId: event.id,
      participantId: participantRow.id,
      taskId: gameTask.id,
      points: 5,
    })
    .execute();
  const gameBadge = await deps.db
    .insertInto('gameBadges')
    .values({ gameId: game.id, eventId: event.id, name: `Badge ${marker}`, taskIds: [gameTask.id] })
    .returning('id')
    .executeTakeFirstOrThrow();
  const gameTeam = await deps.db
    .insertInto('gameTeams')
    .values({ gameId: game.id, name: `Team ${marker}`, labelId: label.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const gameAssigned = await deps.db
    .insertInto('gameAssignedPoints')
    .values({
      gameId: game.id,
      eventId: event.id,
      participantId: participantRow.id,
      points: 3,
      reason: `Bonus ${marker}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await deps.db
    .insertInto('gameLedger')
    .values({
      gameId: game.id,
      eventId: event.id,
      participantId: participantRow.id,
      assignedId: gameAssigned.id,
      points: 3,
    })
    .execute();
  // custom QR codes (issue 15): a code and the participant's scan of it
  const customQrCode = await post('custom QR code', 'custom-qr-codes', {
    name: `QR ${marker}`,
    description: `Booth ${marker}`,
    points: 10,
  });
  await deps.db
    .insertInto('qrScans')
    .values({
      eventId: event.id,
      codeType: 'CUSTOM_QR_CODE',
      codeId: String(customQrCode.id),
      participantId: participantRow.id,
    })
    .execute();
  const fileKey = new URL(String(material.url), 'http://localhost').pathname.split('/').pop()!;

  return {
    marker,
    organization,
    hub,
    event,
    users,
    tokens,
    records: {
      customField,
      label,
      attendee,
      participantId: participantRow.id,
      location,
      breakout,
      session,
      collection,
      map,
      pin,
      material,
      importRecord,
      fileKey,
      qaTool,
      qaInstance,
      qaQuestion,
      engagementTool,
      engagementInstance,
      feedPost,
      feedComment,
      directory,
      cardRequest,
      chatConversation,
      chatMessage,
      chatReport,
      meetingInterval,
      meeting,
      emailLog: { id: emailLogId! },
      inboxItem: { id: inboxItemId! },
      communication,
      game,
      gameTask,
      gameBadge,
      gameTeam,
      gameAssigned,
      customQrCode,
    },
  };
}

export type CompleteTenant = Awaited<ReturnType<typeof completeTenant>>;
