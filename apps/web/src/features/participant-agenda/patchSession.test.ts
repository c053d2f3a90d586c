import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { agendaKeys, patchSession, type AgendaView, type SessionView } from './api';

const session = (id: string): SessionView => ({ id, name: id, myState: null }) as unknown as SessionView;
const enrolled = (s: SessionView): SessionView => ({ ...s, myState: 'ENROLLED' });

describe('patchSession', () => {
  it('changes the session in the agenda and on its page', () => {
    const client = new QueryClient();
    client.setQueryData<AgendaView>(agendaKeys.view('e'), {
      sessions: [session('a'), session('b')],
    } as unknown as AgendaView);
    client.setQueryData(agendaKeys.session('e', 'a'), session('a'));
    patchSession(client, 'e', 'a', enrolled);
    const view = client.getQueryData<AgendaView>(agendaKeys.view('e'));
    expect(view?.sessions.map((s) => s.myState)).toEqual(['ENROLLED', null]);
    expect(client.getQueryData<SessionView>(agendaKeys.session('e', 'a'))?.myState).toBe('ENROLLED');
  });

  it('gives a session page still showing the agenda’s copy the changed copy', () => {
    const client = new QueryClient();
    client.setQueryData<AgendaView>(agendaKeys.view('e'), {
      sessions: [session('a')],
    } as unknown as AgendaView);
    patchSession(client, 'e', 'a', enrolled);
    expect(client.getQueryData<SessionView>(agendaKeys.session('e', 'a'))).toMatchObject({
      id: 'a',
      myState: 'ENROLLED',
    });
  });

  it('leaves a session in neither copy uncached', () => {
    const client = new QueryClient();
    patchSession(client, 'e', 'a', enrolled);
    expect(client.getQueryData(agendaKeys.session('e', 'a'))).toBeUndefined();
  });
});
