import { actions, isActionError, isInputError } from 'astro:actions';
import { useEffect, useState, type FormEvent } from 'react';
import { AUTH_ERRORS, AUTH_TEXTS as T } from '../../lib/schemas/auth';
import { CaptchaField, useCaptcha } from '../ui/Captcha';
import { Toaster, useToasts } from '../ui/toast';
import { refusedWhile } from '../ui/refused';
import { fieldMessages } from '../../lib/field-messages';

/** 'Passwort vergessen?': one answer whether or not the address has an account. */
export default function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { challenge, unavailable, refresh } = useCaptcha();
  const { toasts, toast } = useToasts();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!challenge) return;
    setSubmitting(true);
    try {
      const captchaProof = (await challenge.proof) ?? undefined;
      const { data, error } = await actions.auth.requestPasswordReset({ email, captchaToken: challenge.token, captchaAnswer: answer, captchaProof });
      if (!error) {
        setSent(data.message);
        toast({ title: T.forgotSentTitle, description: data.message });
      } else if (isActionError(error) && error.message === AUTH_ERRORS.captcha) {
        toast({ title: T.captchaTitle, description: T.captchaText, variant: 'destructive' });
        // a new question follows, answered in its field (as on the inquiry form; decision 072)
        document.getElementById('forgot-captcha')?.focus();
      } else if (isInputError(error)) {
        toast({ title: T.errorTitle, description: fieldMessages(error.fields) || T.unexpected, variant: 'destructive' });
      } else {
        toast({ title: T.errorTitle, description: error.message || T.unexpected, variant: 'destructive' });
      }
    } catch {
      toast({ title: T.errorTitle, description: T.unexpected, variant: 'destructive' });
    } finally {
      setSubmitting(false);
      setAnswer('');
      void refresh();
    }
  };

  if (sent) {
    return (
      <>
        <p className="notice" role="status">
          {sent}
        </p>
        <Toaster toasts={toasts} />
      </>
    );
  }
  return (
    <form className="form" onSubmit={(e) => void submit(e)}>
      {!hydrated && <p className="notice js-required">{T.noScript}</p>}
      <fieldset disabled={!hydrated} style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: '0.9rem' }}>
        <label htmlFor="forgot-email">
          {T.email}
          <input id="forgot-email" name="email" type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <CaptchaField id="forgot-captcha" challenge={challenge} unavailable={unavailable} value={answer} onChange={setAnswer} onRefresh={() => void refresh()} />
        <button type="submit" className="btn" {...refusedWhile(submitting || !challenge)}>
          {submitting ? T.forgotSubmitting : T.forgotSubmit}
        </button>
      </fieldset>
      <Toaster toasts={toasts} />
    </form>
  );
}
