// An uploaded SVG (the club's crest) is drawn in a process of its own, killed when it takes longer than
// IMAGE_WORK_SECONDS. librsvg draws a document in one call that sharp's timeout cannot interrupt: a 500 KB
// path of random lines drew for over two minutes in the server, holding the image slot and a thread, and
// the largest SVG the 512 KB limit allows took 445 MB while it drew (security review, 2026-12-04). In a
// process of its own the time limit holds, and what libvips took goes with the process.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

export class SvgDrawingTimedOut extends Error {
  constructor(
    seconds: number,
    /** the drawing process, killed and gone by the time this is thrown */
    readonly pid: number | undefined,
  ) {
    super(`the SVG was not drawn within ${seconds} s`);
    this.name = 'SvgDrawingTimedOut';
  }
}

// Runs in the child: the SVG on stdin, the PNG on stdout. The density makes the drawing about 1024 px on its
// longer side, so an SVG that declares 5000 px is drawn small, not refused, and one that declares an icon's
// 32 px is drawn large: capped at 300 dpi, it was drawn at 133 px and enlarged, its edges soft and ringing. The
// drawing is at most about 1024 px either way (40 M pixels stay the limit of what it may declare).
const DRAW = `
// a time limit of its own too, should the server that started it stop meanwhile (libvips draws off this thread)
setTimeout(() => process.exit(3), Number(process.argv[3]) * 1000).unref();
const { default: sharp } = await import(process.argv[1]);
const size = Number(process.argv[2]);
sharp.cache(false);
sharp.concurrency(1);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const svg = Buffer.concat(chunks);
const { width = size, height = size } = await sharp(svg, { limitInputPixels: 40_000_000 }).metadata();
const density = Math.min(72 * 2 * size, Math.max(1, (72 * 2 * size) / Math.max(width, height, 1)));
const png = await sharp(svg, { density, limitInputPixels: 40_000_000 })
  .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
  .png()
  .toBuffer();
process.stdout.write(png);
`;

const sharpEntry = () => pathToFileURL(createRequire(import.meta.url).resolve('sharp')).href;

/** The SVG drawn into a square PNG of `size` px, transparent around it; rejects on a bad SVG or after `seconds`. */
export function drawSvgInOwnProcess(svg: Buffer, size: number, seconds: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', DRAW, sharpEntry(), String(size), String(seconds + 1)], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let errors = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, seconds * 1000);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (errors.length < 2_000) errors += chunk.toString('utf8');
    });
    // the child may end before it read everything (a bad file): its closed stdin is no error of ours
    child.stdin.on('error', () => {});
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) reject(new SvgDrawingTimedOut(seconds, child.pid));
      else if (code === 0 && out.length > 0) resolve(Buffer.concat(out));
      else reject(new Error(`the SVG could not be drawn: ${errors.trim().split('\n').at(-1) || `exit ${code}`}`));
    });
    child.stdin.end(svg);
  });
}
