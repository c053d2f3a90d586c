import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/errors';
import { OfflineError, sendOnline } from './offline';

afterEach(() => vi.unstubAllGlobals());

describe('answers are refused offline, never queued', () => {
  it('does not send at all while the device is offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const send = vi.fn(() => Promise.resolve('sent'));
    await expect(sendOnline(send)).rejects.toBeInstanceOf(OfflineError);
    expect(send).not.toHaveBeenCalled();
  });

  it('turns a request that did not reach the API into the offline refusal', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    await expect(sendOnline(() => Promise.reject(new TypeError('Failed to fetch')))).rejects.toBeInstanceOf(
      OfflineError,
    );
    await expect(sendOnline(() => Promise.reject(new ApiError(503, 'Unavailable')))).rejects.toBeInstanceOf(
      OfflineError,
    );
  });

  it("passes the API's own refusals and answers through", async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const refused = new ApiError(409, 'You have already answered');
    await expect(sendOnline(() => Promise.reject(refused))).rejects.toBe(refused);
    await expect(sendOnline(() => Promise.resolve({ ok: 1 }))).resolves.toEqual({ ok: 1 });
  });
});
