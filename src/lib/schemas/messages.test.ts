import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';

// Every refusal an admin (or a caller of the actions) can get from an entity's
// schema is German (admin-area.md §5, design: German text in one place per
// area): zod's English defaults ('Required', 'Expected string, received
// number') must not come through for a field sent empty or of the wrong type.
const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });
const ENGLISH = /\b(Required|Expected|Invalid|must|received|Unrecognized|String|Number)\b/;

function objectOf(schema: z.ZodTypeAny): z.AnyZodObject | null {
  let s: z.ZodTypeAny = schema;
  for (let i = 0; i < 10; i++) {
    if (s instanceof z.ZodObject) return s;
    if (s instanceof z.ZodEffects) s = s.innerType();
    else if (s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap();
    else return null;
  }
  return null;
}

const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports).flatMap(([name, value]) => {
    const shape = value instanceof z.ZodType ? objectOf(value) : null;
    return shape ? [{ label: `${file.slice(2)} ${name}`, schema: value as z.ZodTypeAny, keys: Object.keys(shape.shape) }] : [];
  }),
);

describe('the entity schemas refuse in German', () => {
  it('finds the schemas', () => {
    expect(schemas.length).toBeGreaterThan(30);
  });

  it('each schema file sets the German messages itself (a bundle may load it alone)', () => {
    const dir = path.dirname(fileURLToPath(import.meta.url));
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !['zod-german.ts', 'common.ts'].includes(f));
    expect(files.filter((f) => !fs.readFileSync(path.join(dir, f), 'utf8').includes("import './zod-german';"))).toEqual([]);
    expect(fs.readFileSync(path.join(dir, '../../actions/index.ts'), 'utf8')).toContain("import '../lib/schemas/zod-german';");
  });

  const english: string[] = [];
  for (const { label, schema, keys } of schemas) {
    for (const [what, input] of [
      ['nothing sent', {}],
      ['numbers sent', Object.fromEntries(keys.map((k) => [k, 12345]))],
      ['texts sent', Object.fromEntries(keys.map((k) => [k, 'x'.repeat(3)]))],
      ['objects sent', Object.fromEntries(keys.map((k) => [k, { a: 1 }]))],
    ] as const) {
      const result = schema.safeParse(input);
      if (result.success) continue;
      for (const issue of result.error.issues) {
        if (ENGLISH.test(issue.message)) english.push(`${label} (${what}) ${issue.path.join('.')}: ${issue.message}`);
      }
    }
  }
  it('with no English message for a field missing or of the wrong type', () => {
    expect([...new Set(english)]).toEqual([]);
  });
});
