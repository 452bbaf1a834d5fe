// Access and erasure for one e-mail address (DSGVO Art. 15, 17, 20; issue 15,
// docs/decisions/031), shown to superadmins in the 'Mitglied' tab beside the
// inquiries. The actions check the role again; an admin never sees this card.
import { actions } from 'astro:actions';
import { useState, type FormEvent } from 'react';
import { PRIVACY_TOOL_TEXTS as T } from '../../lib/schemas/audit';
import { callAction, useSaveToasts } from './contentKit';
import { Field, confirmAction } from './ui';
import { refusedWhile } from '../ui/refused';

/** Hands the export to the browser as a file download. */
function download(name: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export default function InquiryPrivacy() {
  const { saved, failed } = useSaveToasts();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  const exportData = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await callAction(() => actions.admin.inquiries.exportByEmail({ email }));
    setBusy(false);
    if (!result.ok) return failed(T.error, result.message);
    download(`daten-${result.data.email.replace(/[^a-z0-9@._-]/gi, '_')}.json`, result.data);
    saved(T.exported(result.data.inquiries.length));
  };

  const erase = async () => {
    if (!email.trim() || !confirmAction(T.confirmErase(email.trim()))) return;
    setBusy(true);
    const result = await callAction(() => actions.admin.inquiries.eraseByEmail({ email }));
    setBusy(false);
    if (!result.ok) return failed(T.error, result.message);
    // the inbox above follows by itself (the erasure tells open panels)
    const notes = [
      ...(result.data.accountRemains ? [T.accountRemains] : []),
      ...(result.data.deleted > 0 ? [T.backupsKeep(result.data.copies)] : []),
    ];
    saved(T.erased(result.data.deleted), null, notes.length > 0 ? notes.join(' ') : undefined);
  };

  return (
    <section className="admin-card" aria-labelledby="inquiry-privacy-heading">
      <h2 id="inquiry-privacy-heading">{T.heading}</h2>
      <p className="hint" style={{ marginTop: 0 }}>{T.intro}</p>
      <form className="admin-form inquiry-privacy" onSubmit={(e) => void exportData(e)} noValidate>
        <Field label={T.email}>
          <input type="email" value={email} maxLength={320} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <div className="admin-actions">
          <button type="submit" className="btn" {...refusedWhile(busy)}>{T.export}</button>
          <button type="button" className="btn btn-danger" {...refusedWhile(busy)} onClick={() => void erase()}>{T.erase}</button>
        </div>
      </form>
    </section>
  );
}
