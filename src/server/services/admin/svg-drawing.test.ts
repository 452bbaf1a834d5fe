import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawSvgInOwnProcess, SvgDrawingTimedOut } from './svg-drawing';

/** A crest of random lines filled: librsvg draws it for minutes, in one call sharp's timeout cannot stop. */
function slowSvg(bytes: number): Buffer {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 512;
  let d = 'M0 0';
  while (d.length < bytes) d += ` L${next()} ${next()}`;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path d="${d}" fill="#0b5d1e"/></svg>`);
}

describe('an SVG drawn in a process of its own', () => {
  it('is a square PNG of the size asked for, also when it declares 5000 px (refused as too large before)', async () => {
    const big = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="5000" height="2500" viewBox="0 0 100 50"><rect width="100" height="50" fill="#c00"/></svg>');
    const png = await drawSvgInOwnProcess(big, 512, 20);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 512, height: 512 });
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    // the middle row is the red rectangle, the top row transparent (fitted, not stretched)
    const pixel = (x: number, y: number) => [...data.subarray((y * 512 + x) * 4, (y * 512 + x) * 4 + 4)];
    expect(pixel(256, 256)).toEqual([204, 0, 0, 255]);
    expect(pixel(256, 10)[3]).toBe(0);
  });

  it('is drawn sharp when it declares a small size: an icon-sized SVG was drawn at 133 px and enlarged, blurred', async () => {
    // 32 units wide; a black square of 4 units in the corner is 64 px in the 512 px drawing
    const small = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><rect width="4" height="4" fill="#000"/></svg>');
    const { data } = await sharp(await drawSvgInOwnProcess(small, 512, 20)).raw().toBuffer({ resolveWithObject: true });
    const alpha = (x: number, y: number) => data[(y * 512 + x) * 4 + 3];
    // the edge is an edge: fully drawn two pixels inside it, nothing two pixels outside it
    expect([alpha(61, 61), alpha(66, 66), alpha(61, 66)]).toEqual([255, 0, 0]);
  });

  it('is stopped after its time: the process is killed, not left drawing', async () => {
    const started = Date.now();
    const error = await drawSvgInOwnProcess(slowSvg(500_000), 512, 2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvgDrawingTimedOut);
    expect(Date.now() - started).toBeLessThan(10_000);
    const { pid } = error as SvgDrawingTimedOut;
    expect(pid).toBeGreaterThan(0);
    expect(() => process.kill(pid!, 0)).toThrow(/ESRCH/);
  }, 20_000);

  it('a file that is no SVG is refused', async () => {
    await expect(drawSvgInOwnProcess(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect'), 512, 20)).rejects.toThrow(/could not be drawn/);
  });
});
