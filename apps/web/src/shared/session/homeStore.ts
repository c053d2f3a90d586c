import { createStore } from '../store/createStore';
import type { EventSummary } from '../api/types';

/** Spec part 3, home state: in memory only. */
export interface HomeState {
  events: EventSummary[];
  total: number;
  selectedEvent: EventSummary | null;
}

export const homeStore = createStore<HomeState>({ events: [], total: 0, selectedEvent: null });
