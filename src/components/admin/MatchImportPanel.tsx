// Importing fixtures and results into 'Spielplan' (issue 14, item 7): choose a
// CSV or iCalendar file or a calendar address → map the CSV's columns and say
// which competition, season and team the matches are → review what would be
// new, changed and unchanged → 'Übernehmen' writes it in one go and publishes.
import { actions } from 'astro:actions';
import { useId, useRef, useState } from 'react';
import { MATCH_IMPORT_TEXTS as T } from '../../lib/match-import/texts';
import type { ColumnMapping, ImportInspection, ImportReview } from '../../lib/match-import/types';
import { COMPETITIONS } from '../../lib/schemas/match';
import { MAX_IMPORT_TEXT, type ImportSource } from '../../lib/schemas/match-import';
import { callAction, useSaveToasts } from './contentKit';
import { useFocusOnStepChange } from './ui';
import { refusedWhile } from '../ui/refused';
import MatchImportMapping from './MatchImportMapping';
import MatchImportReview from './MatchImportReview';
import { decodeText } from '../../lib/text-decoding';

type Step = { name: 'source' } | { name: 'options'; inspection: ImportInspection } | { name: 'review'; inspection: ImportInspection; review: ImportReview };

export default function MatchImportPanel({ onImported }: { onImported?: () => void } = {}) {
  const id = useId();
  const { saved, failed } = useSaveToasts();
  const [step, setStep] = useState<Step>({ name: 'source' });
  const [source, setSource] = useState<ImportSource | null>(null);
  const [url, setUrl] = useState('');
  const [fileKey, setFileKey] = useState(0);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [competition, setCompetition] = useState('');
  // empty: each match in the season of its date (a file of next season's fixtures, read in June, is next season's)
  const [season, setSeason] = useState('');
  const [teamId, setTeamId] = useState('');
  const [busy, setBusy] = useState(false);
  // each step replaces the one before: the focus goes to the new step (announced by its name), not to the
  // top of the page with the buttons that went (a keyboard review)
  const panel = useRef<HTMLElement>(null);
  useFocusOnStepChange(step.name, panel, '[data-import-step]');

  const reset = () => {
    setStep({ name: 'source' });
    setSource(null);
    setUrl('');
    setFileKey((k) => k + 1);
  };

  async function pickFile(file: File | undefined) {
    if (!file) return setSource(null);
    if (file.size > MAX_IMPORT_TEXT) {
      failed(T.errorTitle, T.tooLarge(Math.floor(MAX_IMPORT_TEXT / 1000)));
      return setFileKey((k) => k + 1);
    }
    // German Excel saves Windows-1252: read as UTF-8 only, its umlauts and the 'Anstoß' column were lost
    const text = decodeText(new Uint8Array(await file.arrayBuffer()));
    setSource({ kind: /BEGIN:VCALENDAR/i.test(text) || /\.ics$/i.test(file.name) ? 'ical' : 'csv', text });
  }

  async function inspect() {
    const chosen: ImportSource | null = url.trim() ? { kind: 'url', url: url.trim() } : source;
    if (!chosen) return failed(T.errorTitle, T.chooseSource);
    setBusy(true);
    const result = await callAction(() => actions.admin.matchImport.inspect({ source: chosen }));
    setBusy(false);
    if (!result.ok) return failed(T.errorTitle, result.message);
    setSource(chosen);
    if (result.data.format === 'csv') setMapping(result.data.mapping);
    setStep({ name: 'options', inspection: result.data });
  }

  const request = () => ({ source: source!, mapping: step.name !== 'source' && step.inspection.format === 'csv' ? mapping : undefined, competition, season, team_id: teamId || null });

  async function review(inspection: ImportInspection) {
    setBusy(true);
    const result = await callAction(() => actions.admin.matchImport.review(request()));
    setBusy(false);
    if (!result.ok) return failed(T.errorTitle, result.message);
    setStep({ name: 'review', inspection, review: result.data });
  }

  async function apply(current: ImportReview) {
    setBusy(true);
    const result = await callAction(() => actions.admin.matchImport.apply({ ...request(), fingerprint: current.fingerprint }));
    setBusy(false);
    if (!result.ok) return failed(T.errorTitle, result.message);
    saved(T.successTitle, result.data, T.applied(result.data.result));
    reset();
    onImported?.();
  }

  const writes = (r: ImportReview) => r.counts.new + r.counts.changed + r.counts.league_new + r.counts.league_changed;

  return (
    <section ref={panel} className="admin-card match-import" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{T.title}</h2>
      {step.name === 'source' && (
        <form
          className="admin-form"
          data-import-step
          tabIndex={-1}
          aria-label={T.title}
          onSubmit={(e) => {
            e.preventDefault();
            void inspect();
          }}
        >
          <p className="hint">{T.intro}</p>
          <div className="row">
            <label className="admin-field">
              <span>{T.fileLabel}</span>
              <input key={fileKey} type="file" accept=".csv,.txt,.ics,text/csv,text/calendar" onChange={(e) => void pickFile(e.target.files?.[0])} />
            </label>
            <label className="admin-field">
              <span>{T.urlLabel}</span>
              <input type="url" inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" />
            </label>
          </div>
          <button type="submit" className="btn" {...refusedWhile(busy)}>
            {busy ? T.reading : T.read}
          </button>
        </form>
      )}
      {step.name === 'options' && (
        <form
          className="admin-form"
          data-import-step
          tabIndex={-1}
          aria-label={T.mappingTitle}
          onSubmit={(e) => {
            e.preventDefault();
            void review(step.inspection);
          }}
        >
          {step.inspection.format === 'csv' ? (
            <MatchImportMapping headers={step.inspection.headers} sample={step.inspection.sample} mapping={mapping} onChange={setMapping} />
          ) : (
            <p>{step.inspection.eventCount} Termine im Kalender.</p>
          )}
          <div className="row">
            <label className="admin-field">
              <span>{T.competitionLabel}</span>
              <input list={`${id}-competitions`} value={competition} onChange={(e) => setCompetition(e.target.value)} maxLength={100} />
              <datalist id={`${id}-competitions`}>
                {COMPETITIONS.map((c) => (
                  <option key={c} value={c} />
                ))}
              </datalist>
            </label>
            <label className="admin-field">
              <span>{T.seasonLabel}</span>
              <input value={season} onChange={(e) => setSeason(e.target.value)} placeholder={T.seasonFromDate} maxLength={20} />
            </label>
            <label className="admin-field">
              <span>{T.teamLabel}</span>
              <select value={teamId} onChange={(e) => setTeamId(e.target.value)}>
                <option value="">{T.noTeam}</option>
                {step.inspection.teams.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div className="row">
            <button type="submit" className="btn" {...refusedWhile(busy)}>
              {busy ? T.reviewing : T.review}
            </button>
            <button type="button" className="btn btn-outline" onClick={reset}>
              {T.cancel}
            </button>
          </div>
        </form>
      )}
      {step.name === 'review' && (
        <div aria-label={T.reviewTitle} role="group" data-import-step tabIndex={-1}>
          <h3>{T.reviewTitle}</h3>
          <MatchImportReview review={step.review} teams={step.inspection.teams} />
          {writes(step.review) === 0 && <p className="empty">{T.nothingToDo}</p>}
          <div className="row">
            <button type="button" className="btn" {...refusedWhile(busy || writes(step.review) === 0)} onClick={() => void apply(step.review)}>
              {busy ? T.applying : T.apply}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => setStep({ name: 'options', inspection: step.inspection })}>
              {T.back}
            </button>
            <button type="button" className="btn btn-outline" onClick={reset}>
              {T.cancel}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
