import { actions, isInputError } from 'astro:actions';
import { useEffect, useState, type FormEvent } from 'react';
import { AUTH_TEXTS as T, SETUP_TEXTS as S, newPasswordProblem } from '../../lib/schemas/auth';
import { refusedWhile } from '../ui/refused';
import { fieldMessages } from '../../lib/field-messages';

/** The first superadmin chooses e-mail and password (/auth/setup). */
export default function SetupForm({ token }: { token: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = newPasswordProblem(password, confirm);
    if (local) {
      setProblem(local);
      return;
    }
    setSubmitting(true);
    try {
      const { error } = await actions.auth.completeSetup({ token, email, password, confirm });
      if (!error) {
        window.location.assign('/admin');
        return;
      }
      setProblem((isInputError(error) ? fieldMessages(error.fields) : error.message) || T.unexpected);
      if (error.code === 'GONE') window.setTimeout(() => window.location.assign('/auth?link=ungueltig'), 2000);
    } catch {
      setProblem(T.unexpected);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)}>
      {!hydrated && <p className="notice js-required">{T.noScript}</p>}
      {problem && (
        <p className="notice" role="alert">
          {problem}
        </p>
      )}
      <fieldset disabled={!hydrated} style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: '0.9rem' }}>
        <label htmlFor="setup-email">
          {T.email}
          <input id="setup-email" type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label htmlFor="setup-password">
          {T.password}
          <input id="setup-password" type="password" required autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <label htmlFor="setup-confirm">
          {T.confirmPassword}
          <input id="setup-confirm" type="password" required autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </label>
        <button type="submit" className="btn" {...refusedWhile(submitting)}>
          {submitting ? S.submitting : S.submit}
        </button>
      </fieldset>
    </form>
  );
}
