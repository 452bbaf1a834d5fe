import { defineAction } from 'astro:actions';
import { homepageSectionSchema } from '../../lib/schemas/homepage';
import { assertSectionAsRead, loadHomeEditor, saveHomeSection, sectionFormValues } from '../../server/services/admin/home';
import { publishChanges } from '../../server/services/admin/publication';
import { noInput } from '../../lib/schemas/admin-fields';
import { requireRole } from '../guard';
import { runCheckedWrite } from './versioned';

/** The home editor (admin-area.md §2 Startseite, §7 homepage_content upserts). */
export const home = {
  load: defineAction({
    accept: 'json',
    input: noInput,
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      return loadHomeEditor();
    },
  }),
  /** Upserts one section (footer_texts, hero_text, next_match, hero_background) on its section_key. */
  save: defineAction({
    accept: 'json',
    input: homepageSectionSchema,
    handler: async ({ read, ...input }, context) => {
      requireRole(context, 'admin');
      // refused when another admin saved the section since this form was filled (decision 032)
      const { changes, values } = runCheckedWrite(
        'homepage_content',
        input.section_key,
        () => read && assertSectionAsRead(input.section_key, read),
        // the section as stored (trimmed, defaults where emptied), read in the same step: the form's next `read`
        () => ({ ...saveHomeSection(input), values: sectionFormValues(input.section_key) }),
      );
      return { section_key: input.section_key, values, ...(await publishChanges(changes)) };
    },
  }),
};
