import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { stopChild } from './stop-child';

const started = (script: string) => {
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'ignore'] });
  // resolves once the script has set up its handlers and said so
  return new Promise<typeof child>((resolve) => child.stdout!.once('data', () => resolve(child)));
};

describe('stopChild', () => {
  it('a child that ends on the signal: stopped by it, without waiting out the grace time', async () => {
    const child = await started("process.on('SIGTERM', () => process.exit(0)); console.log('up'); setInterval(() => {}, 1000)");
    const before = Date.now();
    await stopChild(child, 'SIGTERM', 5_000);
    expect(child.exitCode).toBe(0);
    expect(Date.now() - before).toBeLessThan(4_000);
  });

  it('a child that ignores the signal: killed after the grace time', async () => {
    const child = await started("process.on('SIGTERM', () => {}); console.log('up'); setInterval(() => {}, 1000)");
    await stopChild(child, 'SIGTERM', 200);
    expect(child.signalCode).toBe('SIGKILL');
  });

  it('a child that has already gone, killed by a signal: returns at once, also a second time', async () => {
    const child = await started("console.log('up'); setInterval(() => {}, 1000)");
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
    const before = Date.now();
    await stopChild(child, 'SIGTERM', 5_000);
    await stopChild(child, 'SIGTERM', 5_000);
    expect(Date.now() - before).toBeLessThan(1_000);
  });
});
