// sponsors (admin-area.md §3, §5, §8, §9): name and tier required, tier one of
// premium, gold, silver, bronze, standard (default standard), or a sponsor's kept
// 'supporter' (below). The logo is an
// uploaded image; the website must be a web address (a bare 'www.verein.at'
// gets 'https://'), so that the public grid can link it.
import { z } from 'astro/zod';
import './zod-german';
import { isWebUrl, withWebScheme } from '../urls';
import { baseRevision, id, optionalText, REQUIRED_MESSAGE, requiredText } from './common';
import { optionalImageUrl } from './upload';

export const SPONSOR_TIERS = ['premium', 'gold', 'silver', 'bronze', 'standard'] as const;
/**
 * The tier the old app's public list also knows (public-site.md §3, §9: after standard), which its admin never
 * offered: a sponsor that has it keeps it when edited or imported (it was refused, and the form made the admin
 * choose another tier, which moved the sponsor up the grid). The form offers it only to a sponsor that has it.
 */
export const SPONSOR_KEPT_TIERS = ['supporter'] as const;
export type SponsorTier = (typeof SPONSOR_TIERS)[number] | (typeof SPONSOR_KEPT_TIERS)[number];
export const SPONSOR_TIER_LABELS: Record<SponsorTier, string> = {
  premium: 'Premium',
  gold: 'Gold',
  silver: 'Silber',
  bronze: 'Bronze',
  standard: 'Standard',
  supporter: 'Unterstützer',
};
const KNOWN_TIERS: readonly string[] = [...SPONSOR_TIERS, ...SPONSOR_KEPT_TIERS];

export const WEBSITE_MESSAGE = 'Bitte eine gültige Website-Adresse eingeben (z. B. https://firma.at).';
export const TIER_MESSAGE = 'Bitte eine gültige Stufe wählen.';

/** An optional http(s) address; empty becomes null. */
export const optionalWebsite = () =>
  optionalText(2_000)
    .transform((v) => (v === null ? null : withWebScheme(v)))
    .refine((v) => v === null || isWebUrl(v), WEBSITE_MESSAGE);

const tier = z.preprocess(
  (v) => (v === undefined ? 'standard' : v),
  z
    .string({ required_error: REQUIRED_MESSAGE, invalid_type_error: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .refine((v) => v === '' || KNOWN_TIERS.includes(v), TIER_MESSAGE),
);

export const sponsorSchema = z.object({
  name: requiredText(5_000),
  tier,
  logo_url: optionalImageUrl,
  website_url: optionalWebsite(),
  description: optionalText(5_000),
});
export type SponsorInput = z.input<typeof sponsorSchema>;
export type SponsorData = z.output<typeof sponsorSchema>;

export const sponsorUpdateSchema = sponsorSchema.extend({ id, base_revision: baseRevision });
export const sponsorIdSchema = z.object({ id });

export type SponsorEntry = {
  id: string;
  name: string;
  logo_url: string | null;
  website_url: string | null;
  description: string | null;
  tier: string;
  created_at: string;
};

export const SPONSOR_ADMIN_TEXTS = {
  heading: 'Sponsoren',
  add: 'Sponsor hinzufügen',
  edit: 'Sponsor bearbeiten',
  name: 'Name *',
  tier: 'Stufe *',
  chooseTier: 'Stufe wählen',
  logo: 'Logo',
  website: 'Website',
  description: 'Beschreibung',
  created: 'Sponsor erstellt!',
  updated: 'Sponsor aktualisiert!',
  deleted: 'Sponsor gelöscht!',
  error: 'Fehler',
  deleteError: 'Fehler beim Löschen',
  loadError: 'Fehler beim Laden',
  empty: 'Noch keine Sponsoren hinzugefügt.',
  confirmDelete: 'Diesen Sponsor wirklich löschen?',
} as const;
