// URL checks shared by pages, islands and the admin.

/** http(s), mailto and tel links, or site-relative paths; nothing that runs script. */
export function isSafeUrl(value: string | null | undefined): boolean {
  const v = (value ?? '').trim();
  if (!v) return false;
  if (v.startsWith('/') && !v.startsWith('//')) return true;
  try {
    const url = new URL(v);
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol);
  } catch {
    return false;
  }
}

/** An absolute http(s) URL: what the shop's 'Jetzt kaufen' and sponsor logos may open. */
export function isWebUrl(value: string | null | undefined): boolean {
  try {
    const url = new URL((value ?? '').trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
