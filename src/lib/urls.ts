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

/** 'www.firma.at' → 'https://www.firma.at' (volunteers paste addresses without it); anything with a scheme stays as it is. */
export function withWebScheme(value: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value.replace(/^\/+/, '')}`;
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

/** The image URL when it is one the page may show (http(s) or site path), else null. */
export function safeImageUrl(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  if (v.startsWith('/') && !v.startsWith('//')) return v;
  return isWebUrl(v) ? v : null;
}

/**
 * A phone number as a tel: link: digits and a leading '+'. The Austrian way of
 * writing the trunk zero, '+43 (0) 664 …' or '0043 (0) 664 …', drops it: '+430664…' cannot be dialled.
 */
export function telHref(phone: string): string {
  const digits = phone
    .trim()
    .replace(/^(?:\+|00)\s*(\d{1,3})\s*\(\s*0\s*\)/, '+$1')
    .replace(/[^+\d]/g, '');
  return `tel:${digits.slice(0, 1)}${digits.slice(1).replace(/\+/g, '')}`;
}
