import { beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../db/test-db';
import type { Db } from '../../db/client';
import { pageContentSchema } from '../../../lib/schemas/pageContent';
import { IMPRINT_DEFAULTS } from '../../content/defaults';
import { affectedUrls } from '../../publish/affected-urls';
import { imprintOverview } from './imprint';
import { createPageContent, pageContentChanges } from './pageContent';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});

describe('imprint overview', () => {
  it('names the four fixed sections with their built-in texts, in the spec order', () => {
    const { fixed, sections } = imprintOverview(db);
    expect(fixed.map((f) => f.key)).toEqual(['medieninhaber', 'vereinsregister', 'datenschutz', 'haftungsausschluss']);
    expect(fixed[1]).toEqual({ key: 'vereinsregister', ...IMPRINT_DEFAULTS.vereinsregister });
    expect(sections).toEqual([]);
  });

  it('lists stored imprint sections, extra ones included, in display order; a change republishes /impressum', () => {
    const extra = createPageContent(pageContentSchema.parse({ page_key: 'imprint', section_key: 'abschnitt_1', title: 'Bildnachweis', display_order: 12, is_active: false }), db);
    createPageContent(pageContentSchema.parse({ page_key: 'imprint', section_key: 'medieninhaber', title: 'Medieninhaber', display_order: 1 }), db);
    expect(imprintOverview(db).sections.map((s) => s.section_key)).toEqual(['medieninhaber', 'abschnitt_1']);
    expect(affectedUrls(db, pageContentChanges(extra))).toEqual(['/impressum']);
  });
});
