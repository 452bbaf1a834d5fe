import { describe, expect, it } from 'vitest';
import { OncePerTab } from './once-per-tab';

describe('what the worker keeps for a tab until it asks', () => {
  it('is told once, and nothing is kept for a tab that asked already (it is posted to; kept, it took room and was told twice)', () => {
    const kept = new OncePerTab<number>();
    kept.keep('tab-a', 41);
    expect(kept.take('tab-a')).toBe(41);
    expect(kept.take('tab-a')).toBeUndefined();
    // a late answer after the tab asked: not kept (before: kept until twenty newer tabs pushed it out)
    kept.keep('tab-a', 42);
    kept.keep('tab-b', 7);
    expect(kept.take('tab-a')).toBeUndefined();
    expect(kept.take('tab-b')).toBe(7);
  });

  it('stays bounded: at most twenty values, the oldest go first', () => {
    const kept = new OncePerTab<number>();
    for (let tab = 0; tab < 25; tab++) kept.keep(`tab-${tab}`, tab);
    expect(kept.take('tab-0')).toBeUndefined();
    expect(kept.take('tab-24')).toBe(24);
    // the tabs that asked are remembered by their ids only, at most fifty
    for (let tab = 100; tab < 200; tab++) kept.take(`tab-${tab}`);
    kept.keep('tab-100', 1);
    expect(kept.take('tab-100')).toBe(1);
  });
});
