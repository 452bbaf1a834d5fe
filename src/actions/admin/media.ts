import { defineAction } from 'astro:actions';
import { noInput } from '../../lib/schemas/admin-fields';
import { mediaAltSchema, mediaUrlSchema } from '../../lib/schemas/media';
import { getDb } from '../../server/db/client';
import { listMedia } from '../../server/media/inventory';
import { deleteMedia, setMediaAlt } from '../../server/media/service';
import { publishChanges } from '../../server/services/admin/publication';
import { requireRole } from '../guard';
import { runWrite, runWriteAsync } from './inputErrors';

/**
 * The media library (issue 15, tab 'Medien', and the picker of every image
 * field): list with where each image is used, alt text, delete when unused.
 * Admins, like the uploads themselves.
 */
export const mediaLibrary = {
  list: defineAction({
    accept: 'json',
    input: noInput,
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      // lists the images on disk that have no row yet too (a write): refused storage reads as the German message
      return runWriteAsync(() => listMedia(getDb()));
    },
  }),
  setAlt: defineAction({
    accept: 'json',
    input: mediaAltSchema,
    handler: async ({ url, alt }, context) => {
      requireRole(context, 'admin');
      const { changes, ...row } = runWrite(() => setMediaAlt(url, alt));
      return { row, ...(await publishChanges(changes)) };
    },
  }),
  remove: defineAction({
    accept: 'json',
    input: mediaUrlSchema,
    handler: async ({ url }, context) => {
      requireRole(context, 'admin');
      return runWriteAsync(() => deleteMedia(url));
    },
  }),
};
