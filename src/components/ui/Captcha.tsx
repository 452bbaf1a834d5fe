import { useCallback, useEffect, useState } from 'react';

export type CaptchaState = { token: string; question: string } | null;

/**
 * The server-issued arithmetic question with its refresh control. A new question
 * is fetched on mount (never during server rendering), on refresh, and whenever
 * `generation` changes (after a wrong answer or a success).
 */
export function useCaptcha() {
  const [challenge, setChallenge] = useState<CaptchaState>(null);
  const refresh = useCallback(async () => {
    setChallenge(null);
    try {
      const response = await fetch('/api/captcha', { cache: 'no-store' });
      if (response.ok) setChallenge((await response.json()) as { token: string; question: string });
    } catch {
      // offline: the form says so when sent
    }
  }, []);
  useEffect(() => {
    void refresh();
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
