// What the 'Verein' tab says about each colour, measured as the pages use it (decision 024): the primary colour
// carries text and links on the greyest light ground (--color-surface-muted), and is darkened until it reads
// there; the secondary carries no text, but the page heads' white text stands on its darker variant. Measured on
// white, a red such as #e30613 (4.9:1 on white, 4.4:1 on the grey) was 'gut lesbar' and changed unseen.
import { AA, SURFACE_MUTED, contrastRatio, formatRatio, readableOn } from './contrast';
import { CLUB_TEXTS } from './schemas/club';

export type ContrastNote = { ok: boolean; text: string };

/** The note for a colour in #RRGGBB, or null for one not typed in full yet. */
export function contrastNote(which: 'primary' | 'secondary', colour: string): ContrastNote | null {
  if (!/^#[0-9a-f]{6}$/i.test(colour)) return null;
  if (which === 'primary') {
    const ratio = contrastRatio(colour, SURFACE_MUTED);
    return ratio >= AA
      ? { ok: true, text: CLUB_TEXTS.contrastOk(formatRatio(ratio)) }
      : { ok: false, text: CLUB_TEXTS.contrastWarning(CLUB_TEXTS.primary, formatRatio(ratio), readableOn(colour, SURFACE_MUTED)) };
  }
  const ratio = contrastRatio(colour, '#ffffff');
  return ratio >= AA
    ? { ok: true, text: CLUB_TEXTS.secondaryContrastOk(formatRatio(ratio)) }
    : { ok: false, text: CLUB_TEXTS.secondaryContrastWarning(CLUB_TEXTS.secondary, formatRatio(ratio), readableOn(colour)) };
}
