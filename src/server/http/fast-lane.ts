// The fast lane (docs/decisions/049): a published file's answer written straight
// to the socket, without node:http's request and response objects. node:http
// costs more per request than the rest of our server together: a bare node:http
// server answering a fixed buffer reaches 0.88–0.96 × nginx on this hardware, the
// same answer written by this lane 1.3–1.5 ×.
//
// The lane answers only the plainest request there is, and only when it is sure:
// a complete head in what the socket delivered, `GET` or `HEAD` of a plain path
// over HTTP/1.1, a Host header, no body of any kind (no Content-Length,
// Transfer-Encoding, Expect or Upgrade), nothing but visible ASCII, and a file in
// the cache to answer with. Everything else, and everything after it on the same
// connection, is handed to node:http with the bytes not yet answered put back
// (socket.unshift): node:http stays the one parser for what is unusual, and the
// answers of both are the same bytes (fast-lane.test.ts compares them).
import http from 'node:http';
import type net from 'node:net';
import { stopAnnounced } from './shutdown';

/** What the lane read of a request: all the answer may depend on. */
export type LaneRequest = {
  /** the path, already known to be plain (no query, escapes or dot segments) */
  path: string;
  head: boolean;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
  /** X-Forwarded-Proto as sent: the answer decides whether the peer may say it */
  forwardedProto: string | undefined;
  socket: net.Socket;
};

/** An answer the lane writes (200 or 304; any other status goes to node:http, as null does). */
export type LaneAnswer = { status: number; headers: http.OutgoingHttpHeaders; body: Buffer | null } | null;

const STATUS_LINES: Record<number, string> = { 200: 'HTTP/1.1 200 OK\r\n', 304: 'HTTP/1.1 304 Not Modified\r\n' };

/** Larger heads go to node:http, which knows its limit (16 KB) and answers 431. */
const MAX_HEAD_BYTES = 8 * 1024;

/** More header lines go to node:http too, which reads a limited number (`maxHeadersCount`, about 1,000 by default) and ignores the rest. */
const MAX_HEADER_LINES = 100;

/** What node:http writes before it closes a connection that sent no complete head in time. */
const REQUEST_TIMEOUT = Buffer.from('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n', 'latin1');

/** node:http's own connection listener: the one every http.Server adds (node:http exports it). */
const HTTP_CONNECTION_LISTENER = (http as unknown as { _connectionListener?: (socket: net.Socket) => void })._connectionListener;

/** Anything but visible ASCII, tab and CRLF line ends (a bare CR or LF, a NUL, obs-text): not ours to read. */
const UNUSUAL_BYTES = /[^\t\x20-\x7e\r\n]|\r(?!\n)|(?<!\r)\n/;

/** A header name as RFC 9110 allows it; a line that starts with white space (obs-fold) is not one. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** A plain path needs no URL parsing: no escapes, no query, no dot or empty segments (the static server's rule too). */
export const PLAIN_PATH = /^\/(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*)?$/;

/**
 * Reads one request head (without its blank line). Returns null for anything
 * the lane does not answer.
 */
export function readHead(text: string, socket: net.Socket): LaneRequest | null {
  if (text.length > MAX_HEAD_BYTES || UNUSUAL_BYTES.test(text)) return null;
  let lineEnd = text.indexOf('\r\n');
  if (lineEnd < 0) lineEnd = text.length;
  const head = text.startsWith('HEAD /');
  if (!head && !text.startsWith('GET /')) return null;
  if (!text.endsWith(' HTTP/1.1', lineEnd)) return null;
  const path = text.slice(head ? 5 : 4, lineEnd - 9);
  if (!PLAIN_PATH.test(path)) return null;
  const request: LaneRequest = { path, head, acceptEncoding: undefined, ifNoneMatch: undefined, forwardedProto: undefined, socket };
  let hosts = 0;
  let lines = 0;
  let start = lineEnd + 2;
  while (start < text.length) {
    if (++lines > MAX_HEADER_LINES) return null;
    let end = text.indexOf('\r\n', start);
    if (end < 0) end = text.length;
    const colon = text.indexOf(':', start);
    if (colon < 0 || colon > end) return null;
    const name = text.slice(start, colon);
    if (!TOKEN.test(name)) return null;
    const value = text.slice(colon + 1, end).replace(/^[ \t]+|[ \t]+$/g, '');
    switch (name.toLowerCase()) {
      case 'host':
        hosts += 1;
        break;
      case 'accept-encoding':
        if (request.acceptEncoding !== undefined) return null;
        request.acceptEncoding = value;
        break;
      case 'if-none-match':
        if (request.ifNoneMatch !== undefined) return null;
        request.ifNoneMatch = value;
        break;
      case 'x-forwarded-proto':
        if (request.forwardedProto !== undefined) return null;
        request.forwardedProto = value;
        break;
      case 'connection':
        // 'close', 'upgrade' and lists: node:http's
        if (value.toLowerCase() !== 'keep-alive') return null;
        break;
      case 'content-length':
      case 'transfer-encoding':
      case 'expect':
      case 'upgrade':
        return null;
    }
    start = end + 2;
  }
  return hosts === 1 ? request : null;
}

/** The part of an answer's head that changes every second, as node:http writes it after the headers. */
class HeadEnding {
  private bytes = Buffer.alloc(0);
  private until = 0;
  constructor(private readonly server: http.Server) {}
  get(): Buffer {
    const now = Date.now();
    // a new second, or the clock set back
    if (now >= this.until || now < this.until - 1000) {
      this.until = now - (now % 1000) + 1000;
      const keepAlive = this.server.keepAliveTimeout ? `Keep-Alive: timeout=${Math.floor(this.server.keepAliveTimeout / 1000)}\r\n` : '';
      this.bytes = Buffer.from(`Date: ${new Date(now).toUTCString()}\r\nConnection: keep-alive\r\n${keepAlive}\r\n`, 'latin1');
    }
    return this.bytes;
  }
}

/**
 * The status line and headers of an answer, once per headers object (the static server keeps one per file
 * and slot). Not checked as writeHead checks them: every value is the server's own (a type by extension, an
 * etag it computed, fixed policies), none comes from a request.
 */
const headStarts = new WeakMap<http.OutgoingHttpHeaders, { status: number; bytes: Buffer }>();

function headStart(status: number, headers: http.OutgoingHttpHeaders): Buffer {
  const known = headStarts.get(headers);
  if (known?.status === status) return known.bytes;
  let text = STATUS_LINES[status];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) text += `${name}: ${one}\r\n`;
  }
  const bytes = Buffer.from(text, 'latin1');
  headStarts.set(headers, { status, bytes });
  return bytes;
}

/**
 * How long node:http keeps an idle kept-alive connection: `keepAliveTimeout` (the `Keep-Alive: timeout=N`
 * it announces) plus the grace it adds, so that a client reusing the connection at the announced moment
 * does not meet a close (1 s; `keepAliveTimeoutBuffer` from Node 24.6).
 */
function keepAliveMs(server: http.Server): number {
  const timeout = server.keepAliveTimeout;
  return timeout ? timeout + ((server as { keepAliveTimeoutBuffer?: number }).keepAliveTimeoutBuffer ?? 1000) : 0;
}

/** The answers each server's lane has written: a static worker tells them at its stop (the lane at work, seen). */
const laneAnswers = new WeakMap<http.Server, number>();

/** How many answers the server's fast lane has written since it opened. */
export function fastLaneAnswers(server: http.Server): number {
  return laneAnswers.get(server) ?? 0;
}

/**
 * How long an answer may wait for its reader without any progress before the connection is closed: nginx's
 * `send_timeout` (60 s). node:http has none; the lane's connection that stopped reading stayed for good, with
 * its copy of the file and its kernel buffer (thousands of them, from a single client, took memory and files).
 */
const SEND_TIMEOUT_MS = 60_000;
const sendTimeouts = new WeakMap<http.Server, number>();

/** The send timeout of a server's lane (tests shorten it). */
export function setLaneSendTimeout(server: http.Server, ms: number): void {
  sendTimeouts.set(server, ms);
}

/**
 * Takes the server's connections before node:http does. Each connection is the
 * lane's until a request is not, then node:http's for good.
 */
export function openFastLane(server: http.Server, answer: (request: LaneRequest) => LaneAnswer): void {
  const httpConnection = server.listeners('connection').find((listener) => listener === HTTP_CONNECTION_LISTENER) as
    | ((socket: net.Socket) => void)
    | undefined;
  if (!httpConnection || server.maxRequestsPerSocket) return;
  server.removeListener('connection', httpConnection);
  const ending = new HeadEnding(server);
  // node:http's close() ends its idle connections (closeIdleConnections); the lane's are not in its list
  const laneSockets = new Set<net.Socket>();
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {
    closeIdle();
    // as node:http: a connection that has not asked yet stays (its first request may be on its way)
    for (const socket of laneSockets) if (socket.bytesWritten > 0 && socket.writableLength === 0) socket.destroy();
  };
  const closeAll = server.closeAllConnections.bind(server);
  server.closeAllConnections = () => {
    closeAll();
    for (const socket of laneSockets) socket.destroy();
  };

  server.prependListener('connection', (socket: net.Socket) => {
    // an answer still being written (a slow phone, a big page) is not idle: node:http starts its keep-alive clock
    // once the answer is out, and so does this. Node emits 'timeout' during a write only when it made no progress
    // for the whole wait (net.Socket's _onTimeout): the reader then gets the send timeout, and is reset when it
    // passes unread too
    let waitingForReader = false;
    const onTimeout = () => {
      if (socket.writableLength > 0) {
        // reset: a close would leave the unsent answer in the kernel, queued behind what the reader never read
        if (waitingForReader) return void socket.resetAndDestroy();
        waitingForReader = true;
        socket.setTimeout(sendTimeouts.get(server) ?? SEND_TIMEOUT_MS);
        return;
      }
      // no complete head in time: node:http's 408, then the close
      if (socket.bytesWritten === 0) socket.end(REQUEST_TIMEOUT, () => socket.destroy());
      else socket.destroy();
    };
    const onError = () => socket.destroy();
    const onEnd = () => socket.end();
    const onClose = () => laneSockets.delete(socket);
    const handOver = (rest: Buffer | null) => {
      laneSockets.delete(socket);
      socket.removeListener('close', onClose);
      socket.removeListener('data', onData);
      socket.removeListener('timeout', onTimeout);
      socket.removeListener('error', onError);
      socket.removeListener('end', onEnd);
      socket.setTimeout(0);
      if (rest && rest.length > 0) socket.unshift(rest);
      httpConnection.call(server, socket);
    };
    function onData(chunk: Buffer) {
      let start = 0;
      while (start < chunk.length) {
        // once stopping, every answer closes its connection: node:http's (trackRequests)
        if (socket.writableNeedDrain || stopAnnounced()) return handOver(chunk.subarray(start));
        const end = chunk.indexOf('\r\n\r\n', start, 'latin1');
        // a head in pieces (a slow client, a big cookie): node:http waits for the rest
        if (end < 0) return handOver(chunk.subarray(start));
        const request = readHead(chunk.toString('latin1', start, end), socket);
        const reply = request && answer(request);
        if (!reply || STATUS_LINES[reply.status] === undefined) return handOver(chunk.subarray(start));
        socket.cork();
        socket.write(headStart(reply.status, reply.headers));
        socket.write(ending.get());
        if (reply.body && !request.head) socket.write(reply.body);
        socket.uncork();
        laneAnswers.set(server, fastLaneAnswers(server) + 1);
        start = end + 4;
      }
      waitingForReader = false;
      socket.setTimeout(keepAliveMs(server));
    }
    socket.setTimeout(server.headersTimeout);
    socket.on('timeout', onTimeout);
    socket.on('error', onError);
    socket.on('end', onEnd);
    socket.on('close', onClose);
    socket.on('data', onData);
    laneSockets.add(socket);
  });
}
