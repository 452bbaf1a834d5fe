import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { variantUrl } from './image-variants';
import { responsiveImage, uploadSrcset } from './responsive-images';

let uploadsDir: string;
beforeEach(() => {
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-variants-'));
});
afterEach(() => {
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

function write(relative: string) {
  const file = path.join(uploadsDir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'x');
}

describe('variantUrl', () => {
  it('replaces the extension with the width and .webp', () => {
    expect(variantUrl('/uploads/news/abc.JPG', 480)).toBe('/uploads/news/abc-480.webp');
    expect(variantUrl('/uploads/abc.webp', 1600)).toBe('/uploads/abc-1600.webp');
  });
});

describe('uploadSrcset', () => {
  it('lists the three WebP copies of an upload that has them', () => {
    for (const name of ['news/a1.jpg', 'news/a1-480.webp', 'news/a1-960.webp', 'news/a1-1600.webp']) write(name);
    expect(uploadSrcset('/uploads/news/a1.jpg', uploadsDir)).toBe(
      '/uploads/news/a1-480.webp 480w, /uploads/news/a1-960.webp 960w, /uploads/news/a1-1600.webp 1600w',
    );
  });

  it('gives nothing when a copy is missing, so the page shows only the original', () => {
    for (const name of ['b2.png', 'b2-480.webp', 'b2-960.webp']) write(name);
    expect(uploadSrcset('/uploads/b2.png', uploadsDir)).toBeUndefined();
  });

  it('finds the copies once they are written, in the same long-lived process that looked before', () => {
    write('d4.jpg');
    expect(uploadSrcset('/uploads/d4.jpg', uploadsDir)).toBeUndefined();
    for (const name of ['d4-480.webp', 'd4-960.webp', 'd4-1600.webp']) write(name);
    expect(uploadSrcset('/uploads/d4.jpg', uploadsDir)).toBe('/uploads/d4-480.webp 480w, /uploads/d4-960.webp 960w, /uploads/d4-1600.webp 1600w');
  });

  it('gives nothing for images from elsewhere or odd addresses', () => {
    // every copy is there: only the address can be refused
    for (const name of ['c3.jpg', 'c3-480.webp', 'c3-960.webp', 'c3-1600.webp']) write(name);
    expect(uploadSrcset('/uploads/c3.jpg', uploadsDir)).toBe('/uploads/c3-480.webp 480w, /uploads/c3-960.webp 960w, /uploads/c3-1600.webp 1600w');
    expect(uploadSrcset('https://example.org/uploads/c3.jpg', uploadsDir)).toBeUndefined();
    expect(uploadSrcset('/uploads/../c3.jpg', uploadsDir)).toBeUndefined();
    expect(uploadSrcset('/uploads/c3.jpg?x=1', uploadsDir)).toBeUndefined();
    expect(uploadSrcset('/uploads/c3.svg', uploadsDir)).toBeUndefined();
    expect(uploadSrcset(null, uploadsDir)).toBeUndefined();
    expect(uploadSrcset('', uploadsDir)).toBeUndefined();
  });
});

describe('responsiveImage', () => {
  it('spreads nothing for an image without copies', () => {
    expect(responsiveImage('https://example.org/logo.png', 'logo')).toEqual({});
  });
});
