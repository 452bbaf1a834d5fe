// The rsync target's remote shell: ssh never asks and never hangs on a host that does not answer.
import { describe, expect, it } from 'vitest';
import { remoteShell } from './rsync';

describe('rsync over ssh', () => {
  it('never lets ssh ask or hang: batch mode and a connect timeout before the host options; a folder needs no shell', () => {
    expect(remoteShell('web@verein.example:/var/www', null)).toBe('ssh -o BatchMode=yes -o ConnectTimeout=10');
    expect(remoteShell('web@verein.example:/var/www', 'ssh -i /etc/anstoss/deploy_key -p 2222')).toBe('ssh -o BatchMode=yes -o ConnectTimeout=10 -i /etc/anstoss/deploy_key -p 2222');
    expect(remoteShell('/srv/www/verein', null)).toBeNull();
    // another remote shell the host chose is left as it is
    expect(remoteShell('web@verein.example:/var/www', 'sshpass -f datei ssh')).toBe('sshpass -f datei ssh');
  });
});
