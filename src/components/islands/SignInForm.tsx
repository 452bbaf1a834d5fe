import { actions, isActionError, isInputError } from 'astro:actions';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AUTH_ERRORS, AUTH_TEXTS as T } from '../../lib/schemas/auth';
import { afterSignInPath } from '../../lib/sign-in-target';
import { CaptchaField, useCaptcha } from '../ui/Captcha';
import { Toaster, useToasts } from '../ui/toast';
import { refusedWhile } from '../ui/refused';
import { fieldMessages } from '../../lib/field-messages';

/** How long the success toast stays before the visitor is taken home. */
const GO_HOME_AFTER_MS = 1200;

/**
 * Where a sign-in leads: back to the admin or the preview that sent here, else home. A volunteer who opened
 * /admin landed on the public home page, with no link back (found by a first-day review).
 */
const afterSignIn = () => afterSignInPath(new URLSearchParams(window.location.search).get('weiter'));

/** The sign-in form of /auth (public-site.md §2, §5, §8). */
export default function SignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [answer, setAnswer] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [signedIn, setSignedIn] = useState(false);
  // the right password of an account with a second factor: its token, while the code is asked for
  const [secondStep, setSecondStep] = useState<string | null>(null);
  const [code, setCode] = useState('');
  // the code field takes the focus when the step appears and after a refused code: the password form it
  // replaces had it, and a screen reader would otherwise not hear that a code is asked for (a keyboard review)
  const codeField = useRef<HTMLInputElement>(null);
  const [codeRefused, setCodeRefused] = useState(false);
  useEffect(() => {
    if (secondStep && !submitting) codeField.current?.focus();
  }, [secondStep, submitting, codeRefused]);
  // until the island runs, the form stays disabled: without JavaScript it cannot be sent
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { challenge, unavailable, refresh } = useCaptcha();
  const { toasts, toast } = useToasts();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!challenge) return;
    setSubmitting(true);
    let success = false;
    try {
      const captchaProof = (await challenge.proof) ?? undefined;
      const { data, error } = await actions.auth.signIn({ email, password, captchaToken: challenge.token, captchaAnswer: answer, captchaProof });
      if (!error && data.secondStep) {
        setSecondStep(data.secondStep);
      } else if (!error) {
        success = true;
        setSignedIn(true);
        toast({ title: T.successTitle, description: T.successText });
        window.setTimeout(() => window.location.assign(afterSignIn()), GO_HOME_AFTER_MS);
      } else if (isActionError(error) && error.message === AUTH_ERRORS.captcha) {
        toast({ title: T.captchaTitle, description: T.captchaText, variant: 'destructive' });
        // a new question follows, answered in its field (as on the inquiry form; decision 072)
        document.getElementById('signin-captcha')?.focus();
      } else if (isInputError(error)) {
        toast({ title: T.failedTitle, description: fieldMessages(error.fields) || T.unexpected, variant: 'destructive' });
      } else {
        toast({ title: T.failedTitle, description: error.message || T.unexpected, variant: 'destructive' });
      }
    } catch {
      toast({ title: T.failedTitle, description: T.unexpected, variant: 'destructive' });
    } finally {
      setSubmitting(false);
      setAnswer('');
      // a new question after a wrong answer and after every attempt: each is answered once
      if (!success) void refresh();
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!secondStep) return;
    setSubmitting(true);
    try {
      const { data, error } = await actions.auth.signInSecondStep({ token: secondStep, code });
      if (!error) {
        setSignedIn(true);
        toast({ title: T.successTitle, description: data.recoveryCodeUsed ? T.recoveryCodeUsed : T.successText });
        window.setTimeout(() => window.location.assign(afterSignIn()), GO_HOME_AFTER_MS);
        return;
      }
      const message = isInputError(error) ? fieldMessages(error.fields) : error.message;
      toast({ title: T.failedTitle, description: message || T.unexpected, variant: 'destructive' });
      setCodeRefused(true);
      // an expired step starts over with the password
      if (error.code === 'GONE') {
        setSecondStep(null);
        void refresh();
      }
    } catch {
      toast({ title: T.failedTitle, description: T.unexpected, variant: 'destructive' });
    } finally {
      setSubmitting(false);
      setCode('');
    }
  };

  if (secondStep) {
    return (
      <form className="form" onSubmit={(e) => void submitCode(e)} style={{ position: 'relative' }}>
        <fieldset disabled={signedIn} style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: '0.9rem' }}>
          <p id="signin-code-intro">{T.secondStepIntro}</p>
          <label htmlFor="signin-code">
            {T.secondStepCode}
            <input
              id="signin-code"
              ref={codeField}
              aria-describedby="signin-code-intro"
              aria-invalid={codeRefused || undefined}
              name="code"
              required
              autoComplete="one-time-code"
              inputMode="text"
              maxLength={20}
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setCodeRefused(false);
              }}
            />
          </label>
          <button type="submit" className="btn" {...refusedWhile(submitting)}>
            {submitting ? T.submitting : T.secondStepSubmit}
          </button>
        </fieldset>
        <Toaster toasts={toasts} />
      </form>
    );
  }

  return (
    <form className="form" onSubmit={(e) => void submit(e)} style={{ position: 'relative' }}>
      {!hydrated && <p className="notice js-required">{T.noScript}</p>}
      <fieldset disabled={!hydrated || signedIn} style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: '0.9rem' }}>
        <label htmlFor="signin-email">
          {T.email}
          <input id="signin-email" name="email" type="email" required autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label htmlFor="signin-password">
          {T.password}
          <input
            id="signin-password"
            name="password"
            type="password"
            required
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <CaptchaField id="signin-captcha" challenge={challenge} unavailable={unavailable} value={answer} onChange={setAnswer} onRefresh={() => void refresh()} />
        <button type="submit" className="btn" {...refusedWhile(submitting || !challenge)}>
          {submitting ? T.submitting : T.submit}
        </button>
        <p style={{ margin: 0 }}>
          <a href="/auth/passwort-vergessen">{T.forgotLink}</a>
        </p>
      </fieldset>
      <Toaster toasts={toasts} />
    </form>
  );
}
