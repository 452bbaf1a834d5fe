import { actions, isInputError } from 'astro:actions';
import { useEffect, useState, type FormEvent } from 'react';
import { AUTH_TEXTS as T, newPasswordProblem } from '../../lib/schemas/auth';
import { Toaster, useToasts } from '../ui/toast';
import { refusedWhile } from '../ui/refused';
import { fieldMessages } from '../../lib/field-messages';

/** public-site.md §9: redirect after a successful password reset. */
const REDIRECT_AFTER_MS = 2000;

/** /reset-password: new password and confirmation, from a reset or invitation link. */
export default function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { toasts, toast } = useToasts();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirm);
    if (problem) {
      toast({ title: T.errorTitle, description: problem, variant: 'destructive' });
      return;
    }
    setSubmitting(true);
    try {
      const { data, error } = await actions.auth.resetPassword({ token, password, confirm });
      if (!error) {
        setDone(true);
        toast({ title: T.resetSuccessTitle, description: T.resetSuccessText });
        // an account with a second factor signs in with the new password and its code
        window.setTimeout(() => window.location.assign(data.signedIn ? '/' : '/auth'), REDIRECT_AFTER_MS);
        return;
      }
      const message = isInputError(error) ? fieldMessages(error.fields) : error.message;
      toast({ title: T.errorTitle, description: message || T.unexpected, variant: 'destructive' });
      // a link used or expired meanwhile cannot be retried: back to the sign-in
      if (error.code === 'GONE') window.setTimeout(() => window.location.assign('/auth?link=ungueltig'), REDIRECT_AFTER_MS);
    } catch {
      toast({ title: T.errorTitle, description: T.unexpected, variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)}>
      {!hydrated && <p className="notice js-required">{T.noScript}</p>}
      <fieldset disabled={!hydrated || done} style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: '0.9rem' }}>
        <label htmlFor="reset-password">
          {T.newPassword}
          <input
            id="reset-password"
            name="password"
            type="password"
            required
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <label htmlFor="reset-confirm">
          {T.confirmPassword}
          <input
            id="reset-confirm"
            name="confirm"
            type="password"
            required
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </label>
        <button type="submit" className="btn" {...refusedWhile(submitting)}>
          {submitting ? T.resetSubmitting : T.resetSubmit}
        </button>
      </fieldset>
      <Toaster toasts={toasts} />
    </form>
  );
}
