// A word diff of two texts for the revisions' comparison (issue 15): which words
// an older version had that a newer one lacks, and which it gained. Built on the
// `diff` package (already installed with Astro; diffWordsWithSpace keeps spaces
// and punctuation as tokens of their own, so each side reads exactly as stored), so that the admin sees 'gewinnt' →
// 'verliert' instead of a whole paragraph marked as changed. Pure: the island
// and the tests use it alike.
import { diffWordsWithSpace } from 'diff';

export type DiffKind = 'same' | 'added' | 'removed';
export type DiffSegment = { kind: DiffKind; text: string };

/** Past this many characters a word diff gets slow in a phone's browser: the texts are compared whole. */
export const MAX_DIFF_CHARS = 20_000;

/** Adjacent pieces of the same kind as one. */
function merge(segments: DiffSegment[]): DiffSegment[] {
  const out: DiffSegment[] = [];
  for (const segment of segments) {
    if (!segment.text) continue;
    const last = out[out.length - 1];
    if (last && last.kind === segment.kind) last.text += segment.text;
    else out.push({ ...segment });
  }
  return out;
}

/**
 * The word diff from `before` to `after`, in reading order: unchanged text,
 * removed words (only in `before`) and added words (only in `after`).
 */
export function diffText(before: string, after: string): DiffSegment[] {
  if (before === after) return merge([{ kind: 'same', text: before }]);
  if (before.length + after.length > MAX_DIFF_CHARS) {
    return merge([
      { kind: 'removed', text: before },
      { kind: 'added', text: after },
    ]);
  }
  return merge(
    diffWordsWithSpace(before, after).map((part) => ({
      kind: part.added ? 'added' : part.removed ? 'removed' : 'same',
      text: part.value,
    })),
  );
}

/** One side of a side-by-side view: the older side without the added words, the newer without the removed. */
export function diffSide(segments: DiffSegment[], side: 'before' | 'after'): DiffSegment[] {
  const hidden: DiffKind = side === 'before' ? 'added' : 'removed';
  return merge(segments.filter((segment) => segment.kind !== hidden));
}

/** The text of one side again (what the version held). */
export function sideText(segments: DiffSegment[], side: 'before' | 'after'): string {
  return diffSide(segments, side)
    .map((segment) => segment.text)
    .join('');
}
