import type { APIRoute } from 'astro';
import { ACCOUNT_TEXTS } from '../../../lib/schemas/account';
import { getDeployer, type DeployState } from '../../../server/deploy/deployer';
import { eventStreamHead, eventStreamResponse } from '../../../server/http/event-stream';
import { onDataChange, onPendingChange, pendingPublishCount } from '../../../server/publish/notify';
import { adminTableOf } from '../../../server/publish/pseudo-tables';

/** Who may listen: the refusal, or null. */
function refusal(locals: App.Locals): Response | null {
  if (!locals.user) return new Response('Bitte melde dich an.', { status: 401 });
  if (!locals.isAdmin) return new Response('Zugriff verweigert', { status: 403 });
  if (locals.mustSetUpSecondFactor) return new Response(ACCOUNT_TEXTS.setupFirst, { status: 403 });
  return null;
}

/** The stream's headers and no stream (server/http/event-stream.ts). */
export const HEAD: APIRoute = ({ locals }) => refusal(locals) ?? eventStreamHead();

/** Server-sent events for open admin panels: which tables changed. Admins only. */
export const GET: APIRoute = ({ locals, request }) => {
  const refused = refusal(locals);
  if (refused) return refused;
  return eventStreamResponse(request, 3000, (send) => {
    // how many pages still wait for publishing: now, and whenever a publish job ends
    const sendPending = (count: number) => send(`event: pending\ndata: ${JSON.stringify({ count })}\n\n`);
    sendPending(pendingPublishCount());
    const offPending = onPendingChange(sendPending);
    // where the static hosts stand (issue 12): now, and whenever it changes
    const sendDeploy = (state: DeployState) => send(`event: deploy\ndata: ${JSON.stringify(state)}\n\n`);
    const deployer = getDeployer();
    if (deployer) sendDeploy(deployer.state);
    const offDeploy = deployer?.onChange(sendDeploy) ?? (() => undefined);
    const off = onDataChange(({ changes, report }) => {
      const tables = [...new Set(changes.map((c) => adminTableOf(c.table)))];
      send(`event: change\ndata: ${JSON.stringify({ tables, version: report?.version ?? null })}\n\n`);
    });
    return () => {
      off();
      offPending();
      offDeploy();
    };
  });
};
