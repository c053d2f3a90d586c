import { createContext, useEffect, useState, type ReactNode } from 'react';
import { commonStore } from '../session/commonStore';
import { userStore } from '../session/userStore';
import { RealtimeClient, type RealtimeAuth } from './realtimeClient';

export const RealtimeContext = createContext<RealtimeClient | null>(null);

const currentAuth = (): RealtimeAuth => ({
  token: userStore.getState().token,
  impersonate: commonStore.getState().impersonatedUser?.id ?? null,
});

/** One socket for the whole tab; it follows sign-in, sign-out and impersonation. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => new RealtimeClient(currentAuth));
  useEffect(() => {
    let last = currentAuth();
    const check = () => {
      const now = currentAuth();
      if (now.token === last.token && now.impersonate === last.impersonate) return;
      last = now;
      client.authChanged();
    };
    const offUser = userStore.subscribe(check);
    const offCommon = commonStore.subscribe(check);
    return () => {
      offUser();
      offCommon();
      client.close();
    };
  }, [client]);
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}
