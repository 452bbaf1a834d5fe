// An attacker's HTTP client: any source address on the loopback network
// (127.0.0.2 is not the trusted proxy 127.0.0.1), any forwarded header, JSON
// actions with the site's Origin, and the timing of each answer; over HTTPS
// when the base is https:// (`ca`: the certificate to trust, e.g. nginx's
// self-signed one in the tests).
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';

export type Reply = { status: number; body: string; ms: number; headers: { get(name: string): string | null } };

export function send(
  base: string,
  path: string,
  options: { method?: string; body?: unknown; raw?: string | Buffer; headers?: Record<string, string>; from?: string; ca?: string } = {},
): Promise<Reply> {
  // `raw` goes as it is (a form, a hand-made body); `body` as JSON with the site's Origin
  const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const req = (url.protocol === 'https:' ? https : http).request(url, {
      method: options.method ?? (payload ? 'POST' : 'GET'),
      agent: false,
      localAddress: options.from,
      ca: options.ca,
      // the certificate is checked against the address dialled, not a forged Host header
      checkServerIdentity: (_host: string, certificate: tls.PeerCertificate) => tls.checkServerIdentity(url.hostname, certificate),
      headers: {
        ...(payload && options.raw === undefined ? { 'content-type': 'application/json', origin: base } : {}),
        ...(payload ? { 'content-length': String(Buffer.byteLength(payload)) } : {}),
        ...options.headers,
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      // a header sent twice comes joined with ', ' (as fetch joins it), so a duplicate shows
      const get = (name: string) => {
        const value = res.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      };
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started, headers: { get } }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** An action call (`/_actions/<name>`). */
export const action = (base: string, name: string, input: unknown, options: { headers?: Record<string, string>; from?: string } = {}) =>
  send(base, `/_actions/${name}`, { body: input, ...options });

/** A fresh question from /api/captcha, answered and its proof of work solved. */
export async function captchaFor(base: string) {
  const { replyToCaptcha } = await import('../fixtures/captcha');
  return replyToCaptcha(JSON.parse((await send(base, '/api/captcha')).body));
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * A request whose body goes out in two parts on one connection of its own, `pauseMs` apart: what arrived
 * before the second part, what after, and whether a GET on the same connection is answered afterwards (a server
 * that answers mid-send and closes breaks the sender's writes: `broken` holds the error).
 */
export async function sendInTwoParts(base: string, head: string, first: Buffer, second: Buffer, pauseMs: number) {
  const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  let broken = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', (error: NodeJS.ErrnoException) => (broken = error.code ?? error.message));
  const write = (data: Buffer | string) => new Promise<void>((resolve) => socket.write(data, () => resolve()));
  await write(head);
  await write(first);
  await new Promise((r) => setTimeout(r, pauseMs));
  const beforeTheEnd = received;
  await write(second);
  const until = async (done: () => boolean) => {
    for (let waited = 0; !done() && !broken && waited < 20_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
  };
  await until(() => isWholeAnswer(received));
  const answer = received;
  await write(`GET /healthz HTTP/1.1\r\nHost: ${new URL(base).host}\r\n\r\n`);
  await until(() => isWholeAnswer(received.slice(answer.length)));
  socket.destroy();
  return { beforeTheEnd, answer, next: received.slice(answer.length), broken };
}

/** Whether `text` holds one whole HTTP answer: its head, and the body its Content-Length or last chunk says. */
function isWholeAnswer(text: string): boolean {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end));
  if (length) return Buffer.byteLength(text.slice(end + 4)) >= Number(length[1]);
  return text.endsWith('\r\n0\r\n\r\n');
}
