// 'Mein Konto' (issue 11): the second factor and the password change. A changed
// password ends every other session of the account at once. A hidden 'Erste Schritte'
// is offered again here (decision 071).
import { actions } from 'astro:actions';
import { useState, type FormEvent } from 'react';
import { ACCOUNT_TEXTS as T } from '../../lib/schemas/account';
import { callAction } from './contentKit';
import { FirstStepsAgain } from './FirstSteps';
import { SecondFactorSection } from './SecondFactorSection';
import { Dialog, SaveButton, useToast } from './ui';

const EMPTY = { current: '', password: '', confirm: '' };

function PasswordForm() {
  const toast = useToast();
  const [values, setValues] = useState(EMPTY);
  const [saving, setSaving] = useState(false);
  const field = (key: keyof typeof EMPTY, label: string, autoComplete: string) => (
    <label className="admin-field" htmlFor={`account-${key}`}>
      <span>{label}</span>
      <input
        id={`account-${key}`}
        name={key}
        type="password"
        autoComplete={autoComplete}
        value={values[key]}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
      />
    </label>
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    const result = await callAction(() => actions.admin.account.changePassword(values));
    setSaving(false);
    if (!result.ok) return toast({ title: T.failed, description: result.message, variant: 'destructive' });
    setValues(EMPTY);
    toast({ title: T.passwordChanged, description: T.passwordChangedText });
  };
  return (
    <section className="account-section" aria-labelledby="account-password-title">
      <h3 id="account-password-title">{T.passwordTitle}</h3>
      <form className="admin-form" noValidate onSubmit={(e) => void submit(e)} aria-label={T.passwordTitle}>
        {field('current', T.currentPassword, 'current-password')}
        {field('password', T.newPassword, 'new-password')}
        {field('confirm', T.confirmPassword, 'new-password')}
        <SaveButton saving={saving}>{T.passwordSubmit}</SaveButton>
      </form>
    </section>
  );
}

export function AccountDialog({ open, onClose, onFirstStepsShown }: { open: boolean; onClose: () => void; onFirstStepsShown: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={T.title}>
      <SecondFactorSection />
      <PasswordForm />
      <FirstStepsAgain onShown={onFirstStepsShown} />
      <div className="admin-actions" style={{ justifyContent: 'flex-end' }}>
        <button type="button" className="btn btn-outline" onClick={onClose}>
          {T.close}
        </button>
      </div>
    </Dialog>
  );
}
