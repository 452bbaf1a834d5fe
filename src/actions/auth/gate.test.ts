// The door in front of every action: a superadmin's action is refused to an admin by the name Astro
// resolves, however it is written in the address (found in review: a percent-encoded letter passed).
import { describe, expect, it } from 'vitest';
import { SUPERADMIN_ONLY_ACTIONS, refuseAction } from './gate';

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
