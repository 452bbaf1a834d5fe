// The match report (issue 14): HTML like the privacy text (sanitised on the
// public page with the same allow-list), and its photos, uploaded one by one.
// Written after the final whistle, often on a phone: kept as a draft while typed
// (issue 15), offered again after a reload, gone once saved.
import { actions } from 'astro:actions';

import { MATCH_DETAILS_TEXTS as T, type MatchDetailsEntry } from '../../lib/schemas/match-details';
import { ImageField, useFormState } from './contentKit';
import type { useMatchDetails } from './MatchDetailsEvents';
import { useFormConcurrency } from './MergeDialog';
import { SaveButton } from './ui';

export default function MatchDetailsReport({ details, run, busy }: { details: MatchDetailsEntry } & Pick<ReturnType<typeof useMatchDetails>, 'run' | 'busy'>) {
  // the match's revision read with the details: two admins writing the report are compared, not the
  // last word; goals and cards coming in meanwhile do not count (decision 032)
  const form = useFormState(
    { report: details.report ?? '', report_images: details.report_images },
    { draft: { entity: 'matches', id: details.id, slot: 'bericht', revision: details.revision } },
  );
  const concurrency = useFormConcurrency(form, { entity: 'matches', id: details.id });
  const { report, report_images: images } = form.values;
  const setImages = (next: string[]) => form.set('report_images', next);
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const sent = { report, report_images: images };
    // and the report as read: a match without versions yet is checked by it
    const base = form.safety.revision !== null ? { base_revision: form.safety.revision, read: form.readBase } : {};
    // a failed save keeps the input (and its draft); a stored one is the new starting point
    const result = await run(() => actions.admin.matchDetails.saveReport({ match_id: details.id, ...sent, ...base }));
    if (!result.ok) {
      if (result.code === 'CONFLICT') concurrency.refused(result.message);
      return;
    }
    form.forgetDraft();
    form.settle(sent, sent);
    concurrency.saved(result.data.revision);
  };
  return (
    <form aria-label={T.reportTitle} onSubmit={(e) => void save(e)} style={{ display: 'grid', gap: '.5rem' }}>
      <h3>{T.reportTitle}</h3>
      <label className="admin-field">
        <span>{T.reportTitle}</span>
        <textarea name="report" rows={8} maxLength={50_000} {...form.bind('report')} />
      </label>
      {images.length > 0 && (
        <ul style={{ listStyle: 'none', padding: 0, display: 'flex', flexWrap: 'wrap', gap: '.5rem' }}>
          {images.map((src) => (
            <li key={src} style={{ display: 'grid', gap: '.25rem', maxWidth: '8rem' }}>
              <img src={src} alt="" width={128} height={72} style={{ objectFit: 'cover', borderRadius: '4px' }} />
              <button type="button" className="btn btn-outline btn-small" onClick={() => setImages(images.filter((i) => i !== src))}>
                {T.removeEvent}
              </button>
            </li>
          ))}
        </ul>
      )}
      {images.length < 20 && (
        <ImageField key={images.length} label={T.reportImages} name="report_image" folder="matches/" value="" onChange={(url) => url && setImages([...images, url])} />
      )}
      <div className="admin-actions">
        <SaveButton saving={busy}>{T.saveReport}</SaveButton>
      </div>
    </form>
  );
}
