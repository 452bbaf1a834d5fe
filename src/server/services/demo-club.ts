// The demo club's own identity for 'Verein': its generated crest (demoCrestSvg,
// drawn into a PNG like any crest a superadmin uploads) with its names and
// colours, so that a new user's first impression shows a club, not a template.
// Only where no superadmin has saved 'Verein' yet.
import { storedClubSettings } from '../content/club';
import { CLUB } from '../content/defaults';
import type { Db } from '../db/client';
import { saveClubSettings, uploadCrest } from './admin/club';
import { demoCrestSvg } from './demo-images';

export async function addDemoClubIdentity(db: Db, uploadsDir?: string): Promise<boolean> {
  if (storedClubSettings(db)) return false;
  const { url } = await uploadCrest(Buffer.from(demoCrestSvg()).toString('base64'), uploadsDir);
  saveClubSettings(
    {
      short_name: CLUB.nameLine1,
      long_name: CLUB.fullName,
      crest_url: url,
      primary_color: '#1e40af',
      secondary_color: '#facc15',
      home_ground: CLUB.ground,
    },
    db,
  );
  return true;
}
