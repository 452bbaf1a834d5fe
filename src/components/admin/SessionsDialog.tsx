// 'Meine Sitzungen' (issue 11): where one is signed in, and 'Abmelden' for
// each. Ending the current one signs out here too.
import { actions } from 'astro:actions';
import { refusedWhile } from '../ui/refused';
import { focusAfterRemoval } from './focusAfterRemoval';
import { useCallback, useEffect, useState } from 'react';
import { callAction } from './contentKit';
import { Dialog, useToast } from './ui';
import { useBusyRows } from './busyRows';

export const SESSIONS_TEXTS = {
  open: 'Sitzungen',
  title: 'Meine Sitzungen',
  intro: 'Hier bist du angemeldet. Eine Sitzung, die du nicht kennst, meldest du ab – und änderst danach dein Passwort.',
  current: 'Dieses Gerät',
  since: (date: string) => `angemeldet seit ${date}`,
  end: 'Abmelden',
  ended: 'Sitzung abgemeldet',
  failed: 'Abmelden fehlgeschlagen',
  loadFailed: 'Sitzungen konnten nicht geladen werden.',
  close: 'Schließen',
};

type OwnSession = { id: string; browser: string; createdAt: number; expiresAt: number; current: boolean };

const dateTime = (ms: number) =>
  new Intl.DateTimeFormat('de-AT', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Vienna' }).format(ms);

export function SessionsDialog({ open, onClose, onSignedOut }: { open: boolean; onClose: () => void; onSignedOut: () => void }) {
  const toast = useToast();
  const [list, setList] = useState<OwnSession[] | null>(null);
  const [failed, setFailed] = useState(false);
  const { busy, during } = useBusyRows<string>();

  const load = useCallback(async () => {
    const result = await callAction(() => actions.admin.sessions.list({}));
    if (result.ok) setList(result.data);
    setFailed(!result.ok);
  }, []);
  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const end = async (session: OwnSession) => {
    const result = await during(session.id, () => callAction(() => actions.admin.sessions.end({ id: session.id })));
    if (!result.ok) return toast({ title: SESSIONS_TEXTS.failed, description: result.message, variant: 'destructive' });
    if (session.current) return onSignedOut();
    toast({ title: SESSIONS_TEXTS.ended, description: session.browser });
    // the ended session's row goes with its button: the focus goes to the next row's (it left the dialog)
    const { moveFocus } = focusAfterRemoval();
    await load();
    moveFocus();
  };

  return (
    <Dialog open={open} onClose={onClose} title={SESSIONS_TEXTS.title}>
      <p>{SESSIONS_TEXTS.intro}</p>
      {failed && <p role="alert">{SESSIONS_TEXTS.loadFailed}</p>}
      <ul className="admin-sessions">
        {(list ?? []).map((session) => (
          <li key={session.id} className="admin-session">
            <span>
              <strong>{session.browser}</strong>
              {session.current && <span className="badge"> {SESSIONS_TEXTS.current}</span>}
              <br />
              <small>{SESSIONS_TEXTS.since(dateTime(session.createdAt))}</small>
            </span>
            <button
              type="button"
              className="btn btn-outline btn-small"
              aria-label={`${SESSIONS_TEXTS.end}: ${session.browser}, ${SESSIONS_TEXTS.since(dateTime(session.createdAt))}`}
              {...refusedWhile(busy.has(session.id))}
              onClick={() => void end(session)}
            >
              {SESSIONS_TEXTS.end}
            </button>
          </li>
        ))}
      </ul>
      <div className="admin-actions" style={{ justifyContent: 'flex-end' }}>
        <button type="button" className="btn btn-outline" onClick={onClose}>
          {SESSIONS_TEXTS.close}
        </button>
      </div>
    </Dialog>
  );
}
