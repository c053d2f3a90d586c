/**
 * The tab's bookkeeping for its one socket, free of socket.io so it can be tested alone: rooms
 * counted by how many components want them (the socket subscribes on the first, unsubscribes after
 * the last), handlers per event, and the resynchronisations to run after a reconnect.
 */
export class Subscriptions {
  private readonly rooms = new Map<string, number>();
  private readonly handlers = new Map<string, Set<(payload: unknown) => void>>();
  private readonly resyncs = new Set<() => void>();

  /** True when this is the room's first holder: the socket must subscribe. */
  addRoom(room: string): boolean {
    const count = this.rooms.get(room) ?? 0;
    this.rooms.set(room, count + 1);
    return count === 0;
  }

  /** True when this was the room's last holder: the socket must unsubscribe. */
  removeRoom(room: string): boolean {
    const count = this.rooms.get(room);
    if (count === undefined) return false;
    if (count > 1) {
      this.rooms.set(room, count - 1);
      return false;
    }
    this.rooms.delete(room);
    return true;
  }

  /** Every room wanted now: what a (re)connected socket subscribes to. */
  wantedRooms(): string[] {
    return [...this.rooms.keys()];
  }

  on(event: string, handler: (payload: unknown) => void): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0) this.handlers.delete(event);
    };
  }

  dispatch(event: string, payload: unknown): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(payload);
  }

  onResync(resync: () => void): () => void {
    this.resyncs.add(resync);
    return () => {
      this.resyncs.delete(resync);
    };
  }

  /** After a reconnect: messages sent meanwhile are lost, so every subscriber refetches. */
  resync(): void {
    for (const resync of [...this.resyncs]) resync();
  }
}
