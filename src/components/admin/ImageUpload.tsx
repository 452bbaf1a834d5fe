// The image field of every admin form (admin-area.md §5, §8, §9): shows the
// current image, uploads a new one to POST /api/admin/upload (which checks,
// re-encodes and stores it), or picks one from the media library (issue 15),
// and hands the public URL to the form. Nothing is saved to the entity until
// the form itself is saved.
import { actions } from 'astro:actions';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { MEDIA_TEXTS, mediaMatches, mediaName, type MediaItem } from '../../lib/schemas/media';
import { MAX_UPLOAD_BYTES, UPLOAD_TEXTS, type UploadResult } from '../../lib/schemas/upload';
import { useToast } from './ui';
import { MediaThumb } from './MediaThumb';
import { whileUploading } from './uploadsUnderWay';
import { MoreRows, useShownInSteps } from './ShownInSteps';

/**
 * The media library, as the 'Medien' tab and every image field's picker list
 * it; a failure reads as the server's German message. (Not through
 * contentKit's callAction: contentKit imports this field.)
 */
export async function loadMediaLibrary(): Promise<{ ok: true; data: MediaItem[] } | { ok: false; message: string; fields: Record<string, string> }> {
  try {
    const { data, error } = await actions.admin.mediaLibrary.list({});
    if (data) return { ok: true, data };
    const message = (error as { code?: string; message?: string } | undefined)?.code === 'INTERNAL_SERVER_ERROR' ? '' : (error?.message ?? '');
    return { ok: false, message: message || MEDIA_TEXTS.loadError, fields: {} };
  } catch {
    return { ok: false, message: MEDIA_TEXTS.loadError, fields: {} };
  }
}

/**
 * The picker: the library's images as buttons, in the field itself rather than
 * in a second dialog (the field usually sits in an edit dialog already, and a
 * nested dialog's close would close that one too).
 */
function MediaPicker({ label, current, onPick, onClose }: { label: string; current: string; onPick: (url: string) => void; onClose: () => void }) {
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const matching = useMemo(() => (items ?? []).filter((item) => mediaMatches(item, query)), [items, query]);
  // a big club's 3,000 images: drawn in steps, and found by name, alt text or use
  const rows = useShownInSteps(matching, 60);
  useEffect(() => {
    let open = true;
    void loadMediaLibrary().then((result) => {
      if (!open) return;
      if (result.ok) setItems(result.data.filter((m) => !m.missing));
      else setError(result.message);
    });
    return () => {
      open = false;
    };
  }, []);
  return (
    <div className="media-picker" role="region" aria-label={`${label}: ${MEDIA_TEXTS.pickTitle}`} style={{ border: '1px solid var(--grey-200)', borderRadius: '0.5rem', padding: '0.5rem' }}>
      {!items && !error && <p>{MEDIA_TEXTS.loading}</p>}
      {error && (
        <small className="field-error" role="alert">
          {error}
        </small>
      )}
      {items && items.length === 0 && <p>{MEDIA_TEXTS.empty}</p>}
      {items && items.length > 0 && (
        <label className="admin-field" style={{ marginBottom: '0.5rem' }}>
          <span>{MEDIA_TEXTS.search}</span>
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
      )}
      {/* there from the start, filled when nothing matches: a status mounted with its text is often not read out */}
      <p role="status" className="hint" style={{ margin: 0 }}>{items && items.length > 0 && matching.length === 0 ? MEDIA_TEXTS.noMatch : ''}</p>
      {matching.length > 0 && (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem', gridTemplateColumns: 'repeat(auto-fill, minmax(6.5rem, 1fr))', maxHeight: '18rem', overflowY: 'auto' }}>
          {rows.shown.map((item) => (
            <li key={item.url}>
              <button
                type="button"
                className="btn btn-outline btn-small"
                aria-label={MEDIA_TEXTS.pickOne(item.alt ? `${item.alt} (${mediaName(item.url)})` : mediaName(item.url))}
                aria-pressed={item.url === current}
                onClick={() => onPick(item.url)}
                style={{ padding: '0.25rem', width: '100%', height: '6rem' }}
              >
                <MediaThumb item={item} alt="" loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
              </button>
            </li>
          ))}
          <MoreRows {...rows} />
        </ul>
      )}
      <div className="admin-actions" style={{ marginTop: '0.5rem' }}>
        <button type="button" className="btn btn-outline btn-small" onClick={onClose}>
          {MEDIA_TEXTS.pickClose}
        </button>
      </div>
    </div>
  );
}

export type ImageUploadProps = {
  /** the current image URL, or null/'' for none */
  value: string | null;
  /** called with the new URL after a successful upload, or null when removed */
  onChange: (url: string | null) => void;
  /** upload folder below /uploads, e.g. 'shop/' */
  folder?: string;
  label: string;
  /** toast title after an upload (default 'Bild erfolgreich hochgeladen!'; the shop uses 'Bild hochgeladen!') */
  successText?: string;
  /** toast title of a failed upload (default 'Fehler beim Hochladen'; the shop uses 'Upload-Fehler') */
  errorTitle?: string;
  /** also offer a text field for an image address (e.g. another club's logo) */
  allowUrl?: boolean;
  /** a validation message of the form for this field */
  error?: string;
  disabled?: boolean;
  /** name of the file input (for forms and tests) */
  name?: string;
};

/** Uploads one file; resolves with the stored image or rejects with the German message. */
export async function uploadImage(file: File, folder?: string): Promise<UploadResult> {
  if (file.size > MAX_UPLOAD_BYTES) throw new Error(UPLOAD_TEXTS.tooLarge);
  let response: Response;
  try {
    // the file as the body (see src/pages/api/admin/upload.ts for why not multipart)
    const headers: Record<string, string> = { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name) };
    if (folder) headers['x-upload-folder'] = folder;
    response = await fetch('/api/admin/upload', { method: 'POST', body: file, headers, credentials: 'same-origin' });
  } catch {
    throw new Error('Der Server ist nicht erreichbar. Bitte später erneut versuchen.');
  }
  const data = (await response.json().catch(() => null)) as (Partial<UploadResult> & { error?: string }) | null;
  if (!response.ok || !data?.url) {
    throw new Error(data?.error ?? (response.status === 413 ? UPLOAD_TEXTS.tooLarge : UPLOAD_TEXTS.failed));
  }
  return { url: data.url, variants: data.variants ?? [] };
}

export default function ImageUpload({
  value,
  onChange,
  folder,
  label,
  successText = UPLOAD_TEXTS.successTitle,
  errorTitle = UPLOAD_TEXTS.errorTitle,
  allowUrl = false,
  error,
  disabled,
  name = 'image',
}: ImageUploadProps) {
  const toast = useToast();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const current = value ?? '';

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    // the same limit and message as the server, without sending 5 MB first
    if (file.size > MAX_UPLOAD_BYTES) {
      setUploadError(UPLOAD_TEXTS.tooLarge);
      toast({ title: errorTitle, description: UPLOAD_TEXTS.tooLarge, variant: 'destructive' });
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setUploading(true);
    // the form's save waits until the address is in the form (uploadsUnderWay.ts)
    await whileUploading(async () => {
      try {
        const result = await uploadImage(file, folder);
        onChange(result.url);
        toast({ title: successText });
      } catch (e) {
        const message = e instanceof Error ? e.message : UPLOAD_TEXTS.failed;
        setUploadError(message);
        toast({ title: errorTitle, description: message, variant: 'destructive' });
      } finally {
        setUploading(false);
        if (fileInput.current) fileInput.current.value = '';
      }
    });
  };

  const shown = error ?? uploadError;
  return (
    <div className="admin-field image-upload" role="group" aria-labelledby={`${inputId}-label`}>
      <span id={`${inputId}-label`}>{label}</span>
      {current && (
        <img className="image-upload-preview" src={current} alt={`Vorschau: ${label}`} />
      )}
      <div className="admin-actions">
        <input
          ref={fileInput}
          id={inputId}
          name={name}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          className="visually-hidden"
          disabled={disabled || uploading}
          aria-label={`${label}: ${UPLOAD_TEXTS.choose}`}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        {/* after the input, so that its keyboard focus can outline this visible button */}
        <label className={`btn btn-outline btn-small${disabled || uploading ? ' is-disabled' : ''}`} htmlFor={inputId}>
          {uploading ? UPLOAD_TEXTS.uploading : current ? UPLOAD_TEXTS.replace : UPLOAD_TEXTS.choose}
        </label>
        <button type="button" className="btn btn-outline btn-small" disabled={disabled || uploading} aria-expanded={picking} onClick={() => setPicking((open) => !open)}>
          {MEDIA_TEXTS.pick}
        </button>
        {current && (
          <button type="button" className="btn btn-outline btn-small" disabled={disabled || uploading} onClick={() => onChange(null)}>
            {UPLOAD_TEXTS.remove}
          </button>
        )}
      </div>
      {picking && (
        <MediaPicker
          label={label}
          current={current}
          onClose={() => setPicking(false)}
          onPick={(url) => {
            setUploadError(null);
            onChange(url);
            setPicking(false);
          }}
        />
      )}
      {allowUrl && (
        <input
          type="text"
          inputMode="url"
          aria-label={`${label}: Bild-Adresse`}
          placeholder="/uploads/… oder https://…"
          value={current}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value.trim() === '' ? null : e.target.value)}
        />
      )}
      <small className="hint">JPEG, PNG, WebP, GIF oder AVIF, höchstens 5 MB.</small>
      {shown && (
        <small className="field-error" role="alert">
          {shown}
        </small>
      )}
    </div>
  );
}
