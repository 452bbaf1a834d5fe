// Where the last publish stands on the static hosts (issue 12): 'Live auf …',
// 'Wird übertragen…' (with why a target waits) or the error in German, pushed
// by the server; a superadmin can start the transfer again.
import { actions } from 'astro:actions';
import { useState } from 'react';
import { DEPLOY_TEXTS as T } from '../../lib/deploy-texts';
import { formatClockTime } from '../../lib/dates-de';
import { callAction } from './contentKit';
import { useDeployState } from './live';
import { useToast } from './ui';
import { refusedWhile } from '../ui/refused';


export function DeployBadge({ isSuperAdmin }: { isSuperAdmin: boolean }) {
  const state = useDeployState();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (!state || state.status === 'none') return null;
  const retry = async () => {
    setBusy(true);
    const result = await callAction(() => actions.admin.deploy.retry({}));
    setBusy(false);
    if (!result.ok) return toast({ title: T.error, description: result.message, variant: 'destructive' });
    toast({ title: T.retryStarted });
  };
  // one polite live region for every state: a change (under way, failed, live) is announced, a page that opens on
  // a failure is not announced anew as an alert would be (as the host notes, decision 075)
  if (state.status === 'failed') {
    return (
      <span className="admin-deploy admin-deploy-failed" role="status" data-testid="deploy-state">
        {[...state.targets.filter((t) => t.message).map((t) => `${t.message}.`), ...(state.retryAt !== null ? [T.retryAt(formatClockTime(state.retryAt))] : [])].join(' ')}
        {isSuperAdmin && (
          <button type="button" className="btn btn-light btn-small" {...refusedWhile(busy)} onClick={() => void retry()}>
            {T.retry}
          </button>
        )}
      </span>
    );
  }
  // a target another process deploys to (`npm run deploy`) waits: under way, with the reason
  const waiting = state.targets.filter((t) => t.status === 'waiting' && t.message).map((t) => t.message);
  return (
    <span className="admin-deploy" role="status" data-testid="deploy-state">
      {state.status === 'running' ? [T.running, ...waiting].join(' ') : T.live(state.targets.map((t) => t.label).join(', '))}
    </span>
  );
}
