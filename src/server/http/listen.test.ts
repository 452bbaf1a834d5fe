import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOn } from './listen';

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('listenOn', () => {
  it('a port already taken is a rejected start with its reason, not an error thrown where nothing catches it', async () => {
    const first = net.createServer();
    servers.push(first);
    await listenOn(first, { port: 0, host: '127.0.0.1' }, console);
    const port = (first.address() as net.AddressInfo).port;
    const second = net.createServer();
    await expect(listenOn(second, { port, host: '127.0.0.1' }, console)).rejects.toThrow(/EADDRINUSE/);
  });

  it("a listening server's later error (EMFILE on accept) is logged, and it goes on serving", async () => {
    const lines: string[] = [];
    const server = net.createServer((socket) => socket.end('ok'));
    servers.push(server);
    await listenOn(server, { port: 0, host: '127.0.0.1' }, { error: (line: string) => void lines.push(line) });
    // before: an 'error' nobody listened to was thrown, and ended the process
    expect(() => server.emit('error', Object.assign(new Error('accept EMFILE'), { code: 'EMFILE' }))).not.toThrow();
    expect(lines).toEqual(['[server] accept EMFILE']);
    // with each failed accept another: one line a minute, not one per connection
    for (let i = 0; i < 50; i++) server.emit('error', Object.assign(new Error('accept EMFILE'), { code: 'EMFILE' }));
    expect(lines).toHaveLength(1);
    const port = (server.address() as net.AddressInfo).port;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let data = '';
      socket.on('data', (chunk) => (data += chunk)).on('end', () => resolve(data)).on('error', reject);
    });
    expect(answer).toBe('ok');
  });
});
