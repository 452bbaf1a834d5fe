// The superadmin's part of the second factor (issue 11), in the 'Benutzer' tab:
// require it of every admin, and remove the factor of someone who lost their
// phone. Both are checked again by their actions.
import { actions } from 'astro:actions';
import { useCallback, useEffect, useState } from 'react';
import { ACCOUNT_TEXTS as T } from '../../lib/schemas/account';
import { callAction } from './contentKit';
import { confirmAction, useToast } from './ui';
import { refusedWhile } from '../ui/refused';

export function SecondFactorRequirement() {
  const toast = useToast();
  const [required, setRequired] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    const result = await callAction(() => actions.admin.account.status({}));
    if (result.ok) setRequired(result.data.required);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const change = async (next: boolean) => {
    setBusy(true);
    const result = await callAction(() => actions.admin.users.requireSecondFactor({ required: next }));
    setBusy(false);
    if (!result.ok) return toast({ title: T.failed, description: result.message, variant: 'destructive' });
    setRequired(next);
    toast({ title: next ? T.requireOn : T.requireOff });
  };
  if (required === null) return null;
  return (
    <div className="admin-card">
      <h2>{T.factorTitle}</h2>
      <label className="admin-check">
        <input type="checkbox" checked={required} {...refusedWhile(busy)} onChange={(e) => void change(e.target.checked)} /> {T.requireLabel}
      </label>
    </div>
  );
}

export function RemoveSecondFactorButton({ userId, email, onRemoved }: { userId: string; email: string; onRemoved: () => void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!confirmAction(T.removeFactorConfirm(email))) return;
    setBusy(true);
    const result = await callAction(() => actions.admin.users.removeSecondFactor({ userId }));
    setBusy(false);
    if (!result.ok) return toast({ title: T.failed, description: result.message, variant: 'destructive' });
    toast({ title: T.factorRemoved, description: email });
    onRemoved();
  };
  return (
    <button type="button" className="btn btn-outline btn-small" {...refusedWhile(busy)} onClick={() => void remove()}>
      {T.removeFactor}
    </button>
  );
}
