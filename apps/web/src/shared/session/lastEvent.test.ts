import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventToSelect, rememberedEventOf, rememberEvent } from './lastEvent';

describe('eventToSelect', () => {
  it("waits for the user's events, then takes the remembered one while the user still has it", () => {
    expect(eventToSelect('e2', undefined)).toBeNull();
    expect(eventToSelect('e2', ['e1', 'e2', 'e3'])).toBe('e2');
    expect(eventToSelect('gone', ['e1', 'e3'])).toBeNull();
  });

  it('picks the only event, so an admin with one event never has to choose', () => {
    expect(eventToSelect(null, ['e1'])).toBe('e1');
    expect(eventToSelect('gone', ['e1'])).toBe('e1');
    expect(eventToSelect(null, ['e1', 'e2'])).toBeNull();
    expect(eventToSelect(null, [])).toBeNull();
  });
});

describe('remembered event per user', () => {
  beforeEach(() => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    };
    vi.stubGlobal('window', { localStorage: storage });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps one event per user, in the browser, apart from the spec keys', () => {
    rememberEvent('u1', 'e1');
    rememberEvent('u2', 'e9');
    rememberEvent('u1', 'e2');
    expect(rememberedEventOf('u1')).toBe('e2');
    expect(rememberedEventOf('u2')).toBe('e9');
    expect(rememberedEventOf('u3')).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('plenary.lastEvents')!)).toEqual({ u2: 'e9', u1: 'e2' });
  });

  it('forgets the oldest users beyond twenty', () => {
    for (let i = 0; i < 25; i++) rememberEvent(`u${i}`, `e${i}`);
    expect(rememberedEventOf('u4')).toBeNull();
    expect(rememberedEventOf('u5')).toBe('e5');
    expect(rememberedEventOf('u24')).toBe('e24');
  });

  it('ignores a damaged stored value', () => {
    window.localStorage.setItem('plenary.lastEvents', '[1,2]');
    expect(rememberedEventOf('u1')).toBeNull();
    rememberEvent('u1', 'e1');
    expect(rememberedEventOf('u1')).toBe('e1');
  });
});
