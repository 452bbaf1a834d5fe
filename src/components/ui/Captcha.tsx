import { useCallback, useEffect, useRef, useState } from 'react';
import { solveProof, type PowChallenge } from '../../lib/pow';
import { FORM_TEXTS as T } from '../../lib/ui-texts';

const QUESTION_TRIES = 3;
const RETRY_PAUSE_MS = 1000;

/** The question, and its proof of work being solved in the background (null once aborted). */
export type CaptchaState = { token: string; question: string; proof: Promise<string | null> } | null;

/**
 * The server-issued arithmetic question with its refresh control. A new question
 * is fetched on mount (never during server rendering) and on refresh. Its
 * invisible proof of work (docs/decisions/018) starts solving at once, while
 * the visitor types; the form awaits `proof` when it is sent.
 */
export function useCaptcha() {
  const [challenge, setChallenge] = useState<CaptchaState>(null);
  // every try failed: the field says so instead of waiting forever
  const [unavailable, setUnavailable] = useState(false);
  const solving = useRef<AbortController | null>(null);
  const refresh = useCallback(async () => {
    setChallenge(null);
    setUnavailable(false);
    solving.current?.abort();
    const controller = new AbortController();
    solving.current = controller;
    // a phone on weak data loses a request now and then: ask again before giving up
    for (let attempt = 0; attempt < QUESTION_TRIES; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS * attempt));
      if (controller.signal.aborted) return;
      try {
        const response = await fetch('/api/captcha', { cache: 'no-store', signal: controller.signal });
        if (!response.ok) continue;
        const issued = (await response.json()) as { token: string; question: string; pow: PowChallenge };
        const proof = solveProof(issued.pow, controller.signal).catch(() => null);
        setChallenge({ token: issued.token, question: issued.question, proof });
        return;
      } catch {
        // offline or cut off: the next try, or the message below
      }
    }
    if (!controller.signal.aborted) setUnavailable(true);
  }, []);
  useEffect(() => {
    void refresh();
    return () => solving.current?.abort();
  }, [refresh]);
  return { challenge, unavailable, refresh };
}

export function CaptchaField({
  challenge,
  value,
  onChange,
  onRefresh,
  id,
  unavailable = false,
}: {
  challenge: CaptchaState;
  /** every try to fetch a question failed */
  unavailable?: boolean;
  value: string;
  onChange: (v: string) => void;
  onRefresh: () => void;
  id: string;
}) {
  return (
    <div className="captcha-row">
      <label htmlFor={id} style={{ flex: 1 }}>
        Sicherheitsfrage: {challenge ? (
          <span className="captcha-question">{challenge.question} = ?</span>
        ) : unavailable ? (
          <span className="captcha-unavailable" role="alert">{T.captchaUnavailable}</span>
        ) : (
          '…'
        )}
        <input
          id={id}
          name="captcha"
          inputMode="numeric"
          pattern="-?[0-9]*"
          required
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      <button type="button" className="btn btn-outline" onClick={onRefresh} aria-label="Neue Rechenaufgabe">
        ↻
      </button>
    </div>
  );
}
