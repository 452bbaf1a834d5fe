import { actions, isActionError, isInputError } from 'astro:actions';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FORM_TEXTS as T } from '../../lib/ui-texts';
import { CaptchaField, useCaptcha } from '../ui/Captcha';
import { Toaster, useToasts } from '../ui/toast';
import { refusedWhile } from '../ui/refused';
import { fieldMessages } from '../../lib/field-messages';

type Fields = { name: string; email: string; betreff: string; nachricht: string };
const EMPTY: Fields = { name: '', email: '', betreff: '', nachricht: '' };

/** The membership inquiry and contact form (public-site.md §4, §5, §8). */
export default function InquiryForm({ source, title, description }: { source: 'mitglied' | 'kontakt'; title?: string; description?: string }) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [answer, setAnswer] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [submitting, setSubmitting] = useState(false);
  // until the island runs, the form stays disabled: without JavaScript it cannot
  // be sent, and the page says so in a <noscript> notice beside it. With
  // client:interaction it is read-only until then (src/integrations/interaction-client.ts).
  const [hydrated, setHydrated] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    for (const control of formRef.current?.querySelectorAll('[readonly]') ?? []) control.removeAttribute('readonly');
    setHydrated(true);
  }, []);
  const { challenge, unavailable, refresh } = useCaptcha();
  const { toasts, toast } = useToasts();
  const set = (key: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!challenge) return;
    setSubmitting(true);
    try {
      const { error } = await actions.public.inquiry({
        ...fields,
        source,
        captchaToken: challenge.token,
        captchaAnswer: answer,
        // solved while the visitor typed; awaited in the rare case it is not done yet
        captchaProof: (await challenge.proof) ?? undefined,
        website: honeypot,
      });
      if (!error) {
        toast({ title: T.successTitle, description: T.successText });
        setFields(EMPTY);
      } else if (isActionError(error) && (error.message === 'CAPTCHA' || error.message === 'CAPTCHA_EXPIRED')) {
        // the fields stay; a new question follows, answered in its field (a right answer to one too old is no wrong one)
        const expired = error.message === 'CAPTCHA_EXPIRED';
        toast({ title: expired ? T.captchaExpiredTitle : T.captchaTitle, description: expired ? T.captchaExpiredText : T.captchaText, variant: 'destructive' });
        document.getElementById(id('captcha'))?.focus();
      } else if (isActionError(error) && error.code === 'TOO_MANY_REQUESTS') {
        toast({ title: T.errorTitle, description: T.rateLimited, variant: 'destructive' });
      } else if (isInputError(error)) {
        toast({ title: T.errorTitle, description: fieldMessages(error.fields) || T.errorText, variant: 'destructive' });
      } else {
        toast({ title: T.errorTitle, description: T.errorText, variant: 'destructive' });
      }
    } catch {
      toast({ title: T.errorTitle, description: T.errorText, variant: 'destructive' });
    } finally {
      setAnswer('');
      setSubmitting(false);
      void refresh();
    }
  };

  const id = (name: string) => `${source}-${name}`;
  return (
    <form ref={formRef} className="form inquiry-form" onSubmit={(e) => void submit(e)} style={{ position: 'relative' }}>
      {title && <h2 style={{ margin: 0 }}>{title}</h2>}
      {description && <p style={{ margin: 0 }}>{description}</p>}
      <fieldset disabled={!hydrated} data-until-hydrated style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: '0.9rem' }}>
      <label htmlFor={id('name')}>
        {T.name}
        <input id={id('name')} name="name" required maxLength={200} value={fields.name} onChange={set('name')} autoComplete="name" />
      </label>
      <label htmlFor={id('email')}>
        {T.email}
        <input id={id('email')} name="email" type="email" required maxLength={320} value={fields.email} onChange={set('email')} autoComplete="email" />
      </label>
      <label htmlFor={id('betreff')}>
        {T.betreff}
        <input id={id('betreff')} name="betreff" required maxLength={300} value={fields.betreff} onChange={set('betreff')} />
      </label>
      <label htmlFor={id('nachricht')}>
        {T.nachricht}
        <textarea id={id('nachricht')} name="nachricht" rows={T.messageRows} required maxLength={10000} value={fields.nachricht} onChange={set('nachricht')} />
      </label>
      <div className="hp" aria-hidden="true">
        <label htmlFor={id('website')}>
          Website
          <input id={id('website')} name="website" tabIndex={-1} autoComplete="off" value={honeypot} onChange={(e) => setHoneypot(e.target.value)} />
        </label>
      </div>
      <CaptchaField id={id('captcha')} challenge={challenge} unavailable={unavailable} value={answer} onChange={setAnswer} onRefresh={() => void refresh()} />
      <button type="submit" className="btn" {...refusedWhile(submitting || !challenge)}>
        {submitting ? T.submitting : T.submit}
      </button>
      </fieldset>
      <Toaster toasts={toasts} />
    </form>
  );
}
