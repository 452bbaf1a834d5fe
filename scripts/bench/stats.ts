// Small numeric helpers of the benchmark.

/** The p-th percentile (0–100) by the nearest-rank method: a value that was measured. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export type Summary = { n: number; p50: number; p95: number; max: number; mean: number };

export function summarize(values: number[]): Summary {
  const mean = values.length === 0 ? NaN : values.reduce((a, b) => a + b, 0) / values.length;
  return {
    n: values.length,
    p50: round(percentile(values, 50)),
    p95: round(percentile(values, 95)),
    max: round(values.length === 0 ? NaN : Math.max(...values)),
    mean: round(mean),
  };
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export const kb = (bytes: number) => round(bytes / 1024, 1);
