import { describe, expect, it, vi } from 'vitest';
import { keepScreenAwake, type WakeLockEnv } from './pwa-wake-lock';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A page with a wake lock API that records every lock it hands out. */
function fakePage(options: { refuse?: boolean } = {}) {
  const documentEvents = new EventTarget();
  const windowEvents = new EventTarget();
  const state = { visibility: 'visible' as DocumentVisibilityState };
  type FakeLock = { released: boolean; release: () => Promise<void>; addEventListener: (type: 'release', fn: () => void) => void };
  const locks: FakeLock[] = [];
  const request = vi.fn(async () => {
    if (options.refuse) throw new DOMException('Wake Lock permission request denied', 'NotAllowedError');
    const events = new EventTarget();
    const lock: FakeLock = {
      released: false,
      release: async () => {
        if (lock.released) return;
        lock.released = true;
        events.dispatchEvent(new Event('release'));
      },
      addEventListener: (type: 'release', fn: () => void) => events.addEventListener(type, fn),
    };
    locks.push(lock);
    return lock;
  });
  const env = {
    navigator: { wakeLock: { request } },
    document: {
      get visibilityState() {
        return state.visibility;
      },
      addEventListener: documentEvents.addEventListener.bind(documentEvents),
      removeEventListener: documentEvents.removeEventListener.bind(documentEvents),
    },
    window: {
      addEventListener: windowEvents.addEventListener.bind(windowEvents),
      removeEventListener: windowEvents.removeEventListener.bind(windowEvents),
    },
  } as unknown as WakeLockEnv;
  const setVisibility = (visibility: DocumentVisibilityState) => {
    state.visibility = visibility;
    documentEvents.dispatchEvent(new Event('visibilitychange'));
  };
  const focus = () => windowEvents.dispatchEvent(new Event('focus'));
  const held = () => locks.filter((l) => !l.released).length;
  return { env, request, locks, setVisibility, focus, held };
}

describe('screen wake lock', () => {
  it('is requested on start', async () => {
    const page = fakePage();
    const stop = keepScreenAwake(page.env);
    await flush();
    expect(page.request).toHaveBeenCalledWith('screen');
    expect(page.held()).toBe(1);
    stop();
  });

  it('is released when the page is hidden and requested again when it becomes visible', async () => {
    const page = fakePage();
    const stop = keepScreenAwake(page.env);
    await flush();
    page.setVisibility('hidden');
    await flush();
    expect(page.held()).toBe(0);
    page.setVisibility('visible');
    await flush();
    expect(page.request).toHaveBeenCalledTimes(2);
    expect(page.held()).toBe(1);
    stop();
  });

  it('is requested again on focus after the browser let it go, but never twice at once', async () => {
    const page = fakePage();
    const stop = keepScreenAwake(page.env);
    await flush();
    page.focus();
    await flush();
    // still held: focus asks for nothing new
    expect(page.request).toHaveBeenCalledTimes(1);
    // the browser releases it (e.g. battery saver); focus asks again
    await page.locks[0].release();
    page.focus();
    await flush();
    expect(page.request).toHaveBeenCalledTimes(2);
    expect(page.held()).toBe(1);
    stop();
    expect(page.held()).toBe(0);
  });

  it('a focus while the first request is still under way asks for no second lock; the stop gives back the one', async () => {
    const page = fakePage();
    const stop = keepScreenAwake(page.env);
    // the page's load: its window takes the focus before the browser has answered the start's request
    page.focus();
    await flush();
    expect(page.request).toHaveBeenCalledTimes(1);
    expect(page.held()).toBe(1);
    stop();
    await flush();
    expect(page.held()).toBe(0);
  });

  it('is not requested while hidden', async () => {
    const page = fakePage();
    page.setVisibility('hidden');
    const stop = keepScreenAwake(page.env);
    page.focus();
    await flush();
    expect(page.request).not.toHaveBeenCalled();
    stop();
  });

  it('a refusal is no error and leaves the page working', async () => {
    const page = fakePage({ refuse: true });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stop = keepScreenAwake(page.env);
    await flush();
    page.focus();
    await flush();
    expect(page.request).toHaveBeenCalledTimes(2);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    stop();
  });

  it('does nothing where the browser has no Wake Lock API', () => {
    const page = fakePage();
    const env = { ...page.env, navigator: {} } as WakeLockEnv;
    const stop = keepScreenAwake(env);
    page.focus();
    page.setVisibility('visible');
    expect(() => stop()).not.toThrow();
    expect(page.request).not.toHaveBeenCalled();
  });
});
