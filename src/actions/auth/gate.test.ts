// The door in front of every action: a superadmin's action is refused to an admin by the name Astro
// resolves, however it is written in the address (found in review: a percent-encoded letter passed).
import { describe, expect, it } from 'vitest';
import { SUPERADMIN_ONLY_ACTIONS, bodyRefusal, refuseAction, storageRefusalAs503 } from './gate';
import { STORAGE_ROOM_MADE, STORAGE_TEXTS } from '../../server/db/write';

const admin = { user: { id: 'a', email: 'admin@verein.at' }, isAdmin: true, isSuperAdmin: false, mustSetUpSecondFactor: false } as unknown as App.Locals;

describe('refuseAction', () => {
  it("refuses an admin a superadmin's action however its name is encoded", () => {
    const name = Object.keys(SUPERADMIN_ONLY_ACTIONS).find((n) => n.startsWith('admin.users.'))!;
    const last = name.split('.').pop()!;
    const encoded = name.slice(0, -last.length) + `%${last.charCodeAt(0).toString(16)}${last.slice(1)}`;
    expect(encoded).not.toBe(name);
    for (const written of [name, encoded, `${encoded}/`]) {
      expect(refuseAction(written, admin), written).toEqual({ code: 'FORBIDDEN', message: SUPERADMIN_ONLY_ACTIONS[name] });
    }
    // an admin's own action passes the door (its handler decides)
    expect(refuseAction('admin.news.create', admin)).toBeNull();
  });
});

describe('bodyRefusal', () => {
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    new Request('http://localhost/_actions/public.inquiry', { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers }, duplex: 'half' } as RequestInit);
  /** A body sent in chunks without a length, counting how much of it was read. */
  function endless(chunks: number) {
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= chunks) return controller.close();
        sent += 1;
        controller.enqueue(new Uint8Array(64 * 1024).fill(32));
      },
    });
    return { stream, read: () => sent };
  }

  it('refuses a body over the limit by its length or while reading it, without reading it all', async () => {
    expect(await bodyRefusal(post('{}', { 'content-length': String(5_000_000) }), 1024)).toMatchObject({ status: 413, message: 'Die Anfrage ist zu groß.' });
    const big = endless(10_000); // 640 MB if read whole
    expect(await bodyRefusal(post(big.stream), 1024 * 1024)).toMatchObject({ status: 413, message: 'Die Anfrage ist zu groß.' });
    expect(big.read()).toBeLessThan(40);
  });

  it('passes JSON and an empty body, refuses what does not parse', async () => {
    expect(await bodyRefusal(post('{"name":"Anna"}'))).toBeNull();
    expect(await bodyRefusal(post(''))).toBeNull();
    expect(await bodyRefusal(post('{"name":'))).toMatchObject({ status: 400, message: 'Ungültige Anfrage: Der Inhalt ist kein gültiges JSON.' });
  });
});

describe('storageRefusalAs503', () => {
  const astro500 = (message: string) => Response.json({ type: 'AstroActionError', code: 'INTERNAL_SERVER_ERROR', status: 500, message }, { status: 500 });

  it("answers a storage refusal that reached Astro as 503 with its message, the full disk with room made among them", async () => {
    for (const message of [STORAGE_TEXTS.full, STORAGE_ROOM_MADE]) {
      const answer = await storageRefusalAs503(astro500(message));
      expect(answer.status, message).toBe(503);
      expect(await answer.json(), message).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message });
    }
    // a fault of the program stays what it is
    expect((await storageRefusalAs503(astro500('Cannot read properties of undefined'))).status).toBe(500);
  });
});
