// The audit log 'Protokoll' (issue 15, docs/decisions/031): superadmins only,
// checked again by every action and by the CSV endpoint. Sign-ins, failed
// sign-in bursts, roles, invitations, deletions and every content change,
// newest first, filtered by action, user, area and days, 50 per page, as CSV
// with the same filter; and how long the log and the inquiries are kept.
import { actions } from 'astro:actions';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatShortDate } from '../../lib/dates-de';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  AUDIT_KINDS,
  AUDIT_KIND_LABELS,
  AUDIT_TEXTS as T,
  type AuditEntry,
  type AuditFilterInput,
  type AuditPage,
  type RetentionSettings,
} from '../../lib/schemas/audit';
import { callAction, useSaveToasts, wrapStyle } from './contentKit';
import { useLiveReload } from './live';
import { Field, SaveButton } from './ui';

type Filter = { kind: string; user: string; entity: string; from: string; to: string };
const EMPTY: Filter = { kind: '', user: '', entity: '', from: '', to: '' };
const LIVE_TABLES = Object.keys(AUDIT_ENTITY_LABELS);

const clock = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Vienna', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
const when = (ms: number) => `${formatShortDate(new Date(ms))} ${clock.format(new Date(ms))}`;
const entityLabel = (entity: string | null) => (entity ? (AUDIT_ENTITY_LABELS[entity] ?? entity) : '');

/** The filter as query parameters (the CSV link) and as the list action's input. */
function queryOf(filter: Filter): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value.trim()) query.set(key, value.trim());
  return query;
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  return (
    <tr className="audit-entry" data-action={entry.action}>
      <td style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={new Date(entry.at).toISOString()}>{when(entry.at)}</time>
      </td>
      <td className="audit-user" style={wrapStyle}>{entry.userName ?? T.nobody}</td>
      <td className="audit-action">{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</td>
      <td className="audit-entity">{entityLabel(entry.entity)}</td>
      <td className="audit-row" style={wrapStyle}>{entry.rowId ?? ''}</td>
      <td className="audit-detail" style={wrapStyle}>{entry.detail ?? ''}</td>
    </tr>
  );
}

function RetentionForm() {
  const { saved, failed } = useSaveToasts();
  const [values, setValues] = useState<{ auditDays: string; inquiryMonths: string } | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    void callAction(() => actions.admin.audit.settings({})).then((result) => {
      if (result.ok) setValues({ auditDays: String(result.data.auditDays), inquiryMonths: String(result.data.inquiryMonths) });
      else failed(T.loadError, result.message);
    });
    // loads once
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!values || saving) return;
    setSaving(true);
    const result = await callAction<RetentionSettings>(() =>
      actions.admin.audit.saveSettings({ auditDays: Number(values.auditDays), inquiryMonths: Number(values.inquiryMonths) }),
    );
    setSaving(false);
    if (!result.ok) return failed(T.error, result.message);
    saved(T.saved);
  };
  return (
    <section className="admin-card" aria-labelledby="retention-heading">
      <h2 id="retention-heading">{T.retentionHeading}</h2>
      <p className="hint" style={{ marginTop: 0 }}>{T.retentionIntro}</p>
      {values && (
        <form className="admin-form retention-form" onSubmit={(e) => void save(e)} noValidate>
          <Field label={T.auditDays}>
            <input type="number" min={30} max={3650} value={values.auditDays} onChange={(e) => setValues({ ...values, auditDays: e.target.value })} />
          </Field>
          <Field label={T.inquiryMonths} hint={T.inquiryHint}>
            <input type="number" min={1} max={120} value={values.inquiryMonths} onChange={(e) => setValues({ ...values, inquiryMonths: e.target.value })} />
          </Field>
          <div>
            <SaveButton saving={saving}>{T.save}</SaveButton>
          </div>
        </form>
      )}
    </section>
  );
}

export default function AuditLogManager() {
  const { failed } = useSaveToasts();
  const [draft, setDraft] = useState<Filter>(EMPTY);
  const [filter, setFilter] = useState<Filter>(EMPTY);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<(AuditPage & { entities: string[] }) | null>(null);
  const [reloads, setReloads] = useState(0);
  const upTo = useRef<string | null>(null);
  // a content change anywhere is a new line here
  useLiveReload(LIVE_TABLES, () => setReloads((n) => n + 1));

  useEffect(() => {
    let current = true;
    // the first page shows the newest; the next ones as they stood when it was read (AuditFilter.upTo)
    const input: AuditFilterInput = { ...Object.fromEntries(queryOf(filter)), page, ...(page > 1 && upTo.current ? { upTo: upTo.current } : {}) };
    void callAction(() => actions.admin.audit.list(input)).then((result) => {
      if (!current) return;
      if (result.ok) {
        if (page === 1) upTo.current = result.data.upTo;
        setData(result.data);
        // fewer pages than asked for (a purge took entries): the page shown is the one asked for from now on, and
        // page 1 is read afresh (a new newest entry) instead of sticking with the old one's anchor
        if (result.data.page !== page) setPage(result.data.page);
      }
      else failed(T.loadError, result.message);
    });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filter, page, reloads]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter(draft);
    setPage(1);
  };
  const set = (key: keyof Filter) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const csvHref = `/api/admin/audit.csv${queryOf(filter).size ? `?${queryOf(filter)}` : ''}`;

  return (
    <>
      {/* min-width 0: the panel is a grid, and a wide table would widen the page instead of scrolling in its frame */}
      <section className="admin-card" aria-labelledby="audit-heading" style={{ minWidth: 0 }}>
        <h2 id="audit-heading">{T.heading}</h2>
        <p className="hint" style={{ marginTop: 0 }}>{T.intro}</p>
        <form className="admin-form audit-filter" aria-label={T.filterHeading} onSubmit={apply} style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', alignItems: 'end' }}>
          <Field label={T.kind}>
            <select value={draft.kind} onChange={set('kind')}>
              <option value="">{T.allKinds}</option>
              {AUDIT_KINDS.map((kind) => (
                <option key={kind} value={kind}>{AUDIT_KIND_LABELS[kind]}</option>
              ))}
            </select>
          </Field>
          <Field label={T.user}>
            <input type="search" value={draft.user} onChange={set('user')} maxLength={320} />
          </Field>
          <Field label={T.entity}>
            <select value={draft.entity} onChange={set('entity')}>
              <option value="">{T.allEntities}</option>
              {(data?.entities ?? []).map((entity) => (
                <option key={entity} value={entity}>{entityLabel(entity)}</option>
              ))}
            </select>
          </Field>
          <Field label={T.from}>
            <input type="date" value={draft.from} onChange={set('from')} />
          </Field>
          <Field label={T.to}>
            <input type="date" value={draft.to} onChange={set('to')} />
          </Field>
          <div className="admin-actions">
            <button type="submit" className="btn">{T.apply}</button>
            <button type="button" className="btn btn-outline" onClick={() => { setDraft(EMPTY); setFilter(EMPTY); setPage(1); }}>
              {T.reset}
            </button>
            <a className="btn btn-outline" href={csvHref} download>{T.csv}</a>
          </div>
        </form>
        {data && data.entries.length === 0 && <p className="empty">{T.empty}</p>}
        {data && data.entries.length > 0 && (
          <div className="admin-table-wrap">
            <table className="admin-table audit-log">
              <thead>
                <tr>
                  <th scope="col">{T.colTime}</th>
                  <th scope="col">{T.colUser}</th>
                  <th scope="col">{T.colAction}</th>
                  <th scope="col">{T.colEntity}</th>
                  <th scope="col">{T.colRow}</th>
                  <th scope="col">{T.colDetail}</th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((entry) => <EntryRow key={entry.key} entry={entry} />)}
              </tbody>
            </table>
          </div>
        )}
        {data && (
          <nav className="admin-actions audit-pages" aria-label={T.heading} style={{ alignItems: 'center' }}>
            <button type="button" className="btn btn-outline btn-small" disabled={data.page <= 1} onClick={() => setPage(data.page - 1)}>{T.previous}</button>
            <span className="audit-page-info">{T.pageOf(data.page, pages, data.total)}</span>
            <button type="button" className="btn btn-outline btn-small" disabled={data.page >= pages} onClick={() => setPage(data.page + 1)}>{T.next}</button>
          </nav>
        )}
      </section>
      <RetentionForm />
    </>
  );
}
