import { describe, expect, it } from 'vitest';
import { CACHE_COPY_HEADER, keepHeldOverCacheCopy } from './cacheCopy';

describe('keepHeldOverCacheCopy', () => {
  const copy = new Headers({ [CACHE_COPY_HEADER]: '1' });
  const network = new Headers();

  it("keeps what the app holds when the answer is the service worker's cached copy", () => {
    expect(keepHeldOverCacheCopy({ myState: null }, copy, { myState: 'ENROLLED' })).toEqual({
      myState: 'ENROLLED',
    });
  });

  it('takes the cached copy when the app holds nothing (a cold start offline)', () => {
    expect(keepHeldOverCacheCopy({ myState: null }, copy, undefined)).toEqual({ myState: null });
  });

  it("always takes the network's answer", () => {
    expect(keepHeldOverCacheCopy({ myState: null }, network, { myState: 'ENROLLED' })).toEqual({
      myState: null,
    });
  });
});
