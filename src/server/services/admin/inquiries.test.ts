import { beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../../db/test-db';
import type { Db } from '../../db/client';
import { membershipInquiries } from '../../db/schema';
import { inquiryStatusSchema } from '../../../lib/schemas/inquiryStatus';
import { INQUIRY_CHANGE, deleteInquiry, listInquiries, setInquiryStatus } from './inquiries';
import { affectedUrls } from '../../publish/affected-urls';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});

const add = (name: string, created_at: string) =>
  seed(db, () =>
    db
      .insert(membershipInquiries)
      .values({ name, email: `${name}@test.at`, betreff: 'Mitgliedschaft', nachricht: 'Hallo', created_at })
      .returning()
      .get(),
  );

describe('inquiry inbox', () => {
  it('lists newest first, unread by default', () => {
    add('alt', '2026-01-01T10:00:00.000Z');
    add('neu', '2026-03-01T10:00:00.000Z');
    const list = listInquiries(db);
    expect(list.map((i) => i.name)).toEqual(['neu', 'alt']);
    expect(list.every((i) => i.status === 'unread')).toBe(true);
  });

  it('toggles the status and deletes', () => {
    const row = add('anna', '2026-01-01T10:00:00.000Z');
    expect(setInquiryStatus(row.id, 'read', db)?.status).toBe('read');
    expect(setInquiryStatus(row.id, 'unread', db)?.status).toBe('unread');
    expect(setInquiryStatus('fehlt', 'read', db)).toBeNull();
    expect(deleteInquiry(row.id, db)?.id).toBe(row.id);
    expect(listInquiries(db)).toEqual([]);
  });

  it('refuses unknown statuses and publishes no page for inquiry changes', () => {
    expect(inquiryStatusSchema.safeParse({ id: 'x', status: 'spam' }).success).toBe(false);
    expect(affectedUrls(db, [INQUIRY_CHANGE])).toEqual([]);
  });
});
