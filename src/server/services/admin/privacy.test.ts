import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDb } from '../../db/test-db';
import type { Db } from '../../db/client';
import { affectedUrls } from '../../publish/affected-urls';
import { sanitizePrivacyHtml } from '../../content/sanitize';
import { defaultPrivacyHtml, loadPrivacy, previewPrivacy, PRIVACY_CHANGE, savePrivacy } from './privacy';
import { listPageContent } from './pageContent';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});

describe('privacy policy', () => {
  it('offers the built-in German policy as HTML while nothing is stored', () => {
    const doc = loadPrivacy(db);
    expect(doc).toMatchObject({ id: null, isDefault: true, loadFailed: false });
    for (const title of ['1. Verantwortliche Stelle', '2. Erhebung personenbezogener Daten', '3. Cookies', '4. Kontaktformular', '5. Ihre Rechte', '6. Speicherdauer', '7. Änderungen']) {
      expect(doc.content).toContain(`<h3>${title}</h3>`);
    }
    expect(defaultPrivacyHtml(new Date('2026-11-22T12:00:00Z'))).toContain('<p>Stand: 22. November 2026</p>');
    // no line breaks: the page turns each one into <br>
    expect(doc.content).not.toContain('\n');
  });

  it('inserts the row once (datenschutz/main_content), then updates only the content', () => {
    const first = savePrivacy('<p>Erste Fassung</p>', db);
    expect(first).toMatchObject({ page_key: 'datenschutz', section_key: 'main_content', is_active: true, display_order: 0, content: '<p>Erste Fassung</p>' });
    const second = savePrivacy('<p>Zweite Fassung</p>', db);
    expect(second.id).toBe(first.id);
    expect(listPageContent('datenschutz', db)).toHaveLength(1);
    expect(loadPrivacy(db)).toMatchObject({ id: first.id, content: '<p>Zweite Fassung</p>', isDefault: false });
    expect(affectedUrls(db, [PRIVACY_CHANGE])).toEqual(['/datenschutz']);
  });

  it('previews exactly what the public page sanitises, and nothing for an empty text', () => {
    const hostile = '<p onclick="x()">Hallo</p>\n<script>alert(1)</script><a href="javascript:alert(1)">Link</a><img src="x" onerror="y()">';
    expect(previewPrivacy(hostile)).toBe(sanitizePrivacyHtml(hostile));
    expect(previewPrivacy(hostile)).not.toMatch(/onclick|onerror|<script|javascript:/);
    expect(previewPrivacy(hostile)).toContain('<br />');
    expect(previewPrivacy('   ')).toBe('');
  });

  it('falls back to the default text when the stored one cannot be read', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    db.$client.exec('ALTER TABLE page_content RENAME TO page_content_weg');
    expect(loadPrivacy(db)).toMatchObject({ isDefault: true, loadFailed: true });
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
