import { useCallback, useEffect, useRef, useState } from 'react';
import { solveProof, type PowChallenge } from '../../lib/pow';

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
  const solving = useRef<AbortController | null>(null);
  const refresh = useCallback(async () => {
    setChallenge(null);
    solving.current?.abort();
    const controller = new AbortController();
    solving.current = controller;
    try {
      const response = await fetch('/api/captcha', { cache: 'no-store' });
      if (!response.ok) return;
      const issued = (await response.json()) as { token: string; question: string; pow: PowChallenge };
      const proof = solveProof(issued.pow, controller.signal).catch(() => null);
      setChallenge({ token: issued.token, question: issued.question, proof });
    } catch {
      // offline: the form says so when sent
    }
  }, []);
  useEffect(() => {
    void refresh();
    return () => solving.current?.abort();
  }, [refresh]);
  return { challenge, refresh };
}

export function CaptchaField({
  challenge,
  value,
  onChange,
  onRefresh,
  id,
}: {
  challenge: CaptchaState;
  value: string;
  onChange: (v: string) => void;
  onRefresh: () => void;
  id: string;
}) {
  return (
    <div className="captcha-row">
      <label htmlFor={id} style={{ flex: 1 }}>
        Sicherheitsfrage: {challenge ? <span className="captcha-question">{challenge.question} = ?</span> : '…'}
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
