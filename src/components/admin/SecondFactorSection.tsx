// The second factor of one's own account (issue 11): set up with a QR code and
// a first code, ten recovery codes shown once, switched off or renewed with a
// current code. Used in 'Mein Konto' and on the set-up screen an admin sees
// while a superadmin requires the factor.
import { actions } from 'astro:actions';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { ACCOUNT_TEXTS as T } from '../../lib/schemas/account';
import { callAction } from './contentKit';
import { SaveButton, useFocusOnStepChange, useToast } from './ui';

type Status = { on: boolean; recoveryCodesLeft: number; required: boolean };
type Setup = { qrCode: string; secret: string };

/** Recovery codes, shown this once, with a copy button; the admin confirms they kept them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const toast = useToast();
  // 'kopiert' only when the browser took them: a refused copy (no permission, no clipboard) must not make the
  // admin believe they were kept
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ title: T.recoveryCopied });
    } catch {
      toast({ title: T.recoveryNotCopied, description: T.recoveryNotCopiedHint, variant: 'destructive' });
    }
  };
  return (
    <div className="account-recovery" role="region" aria-label={T.recoveryTitle}>
      <h4 tabIndex={-1} data-step-focus>
        {T.recoveryTitle}
      </h4>
      <p>{T.recoveryIntro}</p>
      <ol className="account-recovery-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="admin-actions">
        <button type="button" className="btn btn-outline" onClick={() => void copy()}>
          {T.recoveryCopy}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {T.recoveryStored}
        </button>
      </div>
    </div>
  );
}

function CodeField({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  return (
    <label className="admin-field" htmlFor={id}>
      <span>{T.code}</span>
      <input
        id={id}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={32}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

export function SecondFactorSection({ onSetUp }: { onSetUp?: () => void }) {
  const toast = useToast();
  const [status, setStatus] = useState<Status | null>(null);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  // asked for when the sign-in is older than a few minutes (the server says so)
  const [password, setPassword] = useState<string | null>(null);

  const load = useCallback(async () => {
    const result = await callAction(() => actions.admin.account.status({}));
    if (result.ok) setStatus(result.data);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  /** Runs one call with the busy state; a refusal shows its German message. */
  const run = async <R,>(call: () => Promise<{ data?: R; error?: unknown }>): Promise<R | null> => {
    setBusy(true);
    const result = await callAction(call);
    setBusy(false);
    if (!result.ok) {
      toast({ title: T.failed, description: result.message, variant: 'destructive' });
      return null;
    }
    return result.data;
  };

  const begin = async (e?: FormEvent) => {
    e?.preventDefault();
    setBusy(true);
    const result = await callAction(() => actions.admin.account.startSecondFactor(password === null ? {} : { password }));
    setBusy(false);
    if (result.ok) {
      setPassword(null);
      setSetup(result.data);
    } else if (result.message === T.confirmPasswordFirst && password === null) {
      setPassword('');
    } else {
      toast({ title: T.failed, description: result.message, variant: 'destructive' });
    }
  };
  const finish = async (e: FormEvent) => {
    e.preventDefault();
    const done = await run(() => actions.admin.account.finishSecondFactor({ code }));
    if (!done) return;
    setSetup(null);
    setCode('');
    setCodes(done.recoveryCodes);
    toast({ title: T.setUpDone });
  };
  const switchOff = async () => {
    if (!(await run(() => actions.admin.account.switchOffSecondFactor({ code })))) return;
    setCode('');
    toast({ title: T.switchedOff });
    void load();
  };
  const renew = async () => {
    const renewed = await run(() => actions.admin.account.renewRecoveryCodes({ code }));
    if (!renewed) return;
    setCode('');
    setCodes(renewed.recoveryCodes);
  };
  const codesKept = () => {
    setCodes(null);
    void load();
    onSetUp?.();
  };

  // each stage replaces the one before: the focus goes to where the new one starts (the code field, the
  // password, the recovery codes' heading), not to the page with the button that went (a keyboard review)
  const section = useRef<HTMLElement>(null);
  const stage = codes ? 'codes' : setup ? 'setup' : status?.on ? 'on' : status && password !== null ? 'password' : status ? 'off' : null;
  // the stages without a field of their own start at the section's heading
  useFocusOnStepChange(stage, section, '[data-step-focus], #account-setup-code, #account-factor-password', '#account-factor-title');

  return (
    <section ref={section} className="account-section" aria-labelledby="account-factor-title">
      <h3 id="account-factor-title" tabIndex={-1}>
        {T.factorTitle}
      </h3>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={codesKept} />
      ) : setup ? (
        <form className="admin-form" noValidate onSubmit={(e) => void finish(e)} aria-label={T.factorTitle}>
          <p>{T.scan}</p>
          <img className="account-qr" src={setup.qrCode} alt={T.qrAlt} width={240} height={240} />
          <p>
            {T.manualKey}: <code data-testid="totp-secret">{setup.secret}</code>
          </p>
          <CodeField id="account-setup-code" value={code} onChange={setCode} />
          <SaveButton saving={busy}>{T.confirm}</SaveButton>
        </form>
      ) : status?.on ? (
        <div>
          <p role="status">{T.factorOn(status.recoveryCodesLeft)}</p>
          {status.recoveryCodesLeft <= 3 && <p>{T.factorFewLeft}</p>}
          {status.required && <p>{T.factorRequired}</p>}
          <p>{T.switchOffIntro}</p>
          <CodeField id="account-factor-code" value={code} onChange={setCode} />
          <div className="admin-actions">
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void renew()}>
              {T.renewCodes}
            </button>
            {!status.required && (
              <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void switchOff()}>
                {T.switchOff}
              </button>
            )}
          </div>
        </div>
      ) : status && password !== null ? (
        <form className="admin-form" noValidate onSubmit={(e) => void begin(e)} aria-label={T.factorTitle}>
          <p role="status">{T.confirmPasswordFirst}</p>
          <label className="admin-field" htmlFor="account-factor-password">
            <span>{T.currentPassword}</span>
            <input
              id="account-factor-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          <SaveButton saving={busy}>{T.setUp}</SaveButton>
        </form>
      ) : status ? (
        <div>
          <p role="status">{T.factorOff}</p>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void begin()}>
            {T.setUp}
          </button>
        </div>
      ) : null}
    </section>
  );
}
