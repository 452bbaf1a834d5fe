// The part of the `compression` package (expressjs) the owner uses (server.ts),
// typed here: its own types pull in all of Express's.
declare module 'compression' {
  import type http from 'node:http';

  type CompressionOptions = {
    /** answers smaller than this many bytes go as they are */
    threshold?: number;
    filter?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
    level?: number;
    brotli?: { params?: Record<number, number> };
  };
  function compression(options?: CompressionOptions): (req: http.IncomingMessage, res: http.ServerResponse, next: (error?: unknown) => void) => void;
  export = compression;
}
