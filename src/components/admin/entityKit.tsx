// What the entity managers (players, teams, youth teams, matches, shop,
// sponsors, contacts, news) share on top of contentKit.tsx: a create-or-edit
// form that validates, saves, toasts and starts over the same way everywhere,
// and a list that loads, follows live changes, deletes after asking and edits
// in a dialog.
import { Fragment, useCallback, useLayoutEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'astro/zod';
import {
  useFormState,
  useLoader,
  useSaveToasts,
  validateWith,
  type CallResult,
  type Publication,
} from './contentKit';
import { DialogButtons, EditDialog } from './editDialog';
import { HistoryButton } from './HistoryButton';
import { useLiveReload } from './live';
import { useFormConcurrency } from './MergeDialog';
import { useBusyRows } from './busyRows';
import type { SaveFn } from './entitySave';
import type { DraftOf } from './formGuard';
import { useSavedRows, type SavedRow } from './savedRows';
import { SaveButton, confirmAction } from './ui';
import { refusedWhile } from '../ui/refused';
import { focusAfterRemoval } from './focusAfterRemoval';
import { formatShortDate } from '../../lib/dates-de';

/** A failure toast: its title (the message becomes the description), or title and description from the message. */
export type FailureToast = string | ((message: string) => [title: string, description: string]);
/** A success toast: its title, or title and description. */
export type SuccessToast = string | [title: string, description: string];

/** What a save or delete action returns: the stored row and whether the site shows it yet. */
export type Saved<Row> = {
  row: Row;
  published: Publication['published'];
  failed: Publication['failed'];
  /** an update's: the revision the row is at after it (runVersionedWrite) */
  revision?: number;
};

/** The props every entity form takes from its manager. */
export type EntityFormProps = {
  /** After a save (with the row it stored) or a cancel. */
  onDone: (saved?: SavedRow) => void;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
};

function failureToast(toast: FailureToast, message: string): [string, string] {
  return typeof toast === 'string' ? [toast, message] : toast(message);
}

function successToast(toast: SuccessToast): [string, string | undefined] {
  return typeof toast === 'string' ? [toast, undefined] : toast;
}

/**
 * An entity form's state and submit handler: validate with the entity's schema
 * (field messages and a toast, or no toast when `texts.invalid` is null), save
 * once at a time ('Speichert...'), show the server's field messages, toast the
 * save and when the site shows it, start over from `next(row)` and report done.
 */
export function useEntityForm<V extends Record<string, unknown>, S extends z.ZodTypeAny, D extends Saved<unknown>>({
  initial,
  onDone,
  onCancel,
  onDirtyChange,
  schema,
  prepare,
  save,
  texts,
  next,
  afterSave,
  draft,
  fromStored,
}: EntityFormProps & {
  initial: V;
  schema: S;
  /** What is validated and sent, when it differs from the form values. */
  prepare?: (values: V) => V;
  /**
   * Creates or updates: `sent` are the (prepared) form values, `data` what the
   * schema made of them, `base` the row's revision the edit started from.
   */
  save: SaveFn<V, z.output<S>, D>;
  texts: { invalid: string | null; failed: FailureToast; saved: SuccessToast };
  /** The values the form starts over with after a save. */
  next: (row: D['row'], values: V) => V;
  afterSave?: () => void;
  /** The row the form edits (entity = its table; id null for a new row): drafts and concurrency. createOrUpdate's save tells it itself. */
  draft?: DraftOf | null;
  /** A stored version (the row's columns) as form values, where the form's fields differ from the columns. */
  fromStored?: (data: Record<string, unknown>, current: V) => V;
}) {
  const target = draft ?? save.target ?? null;
  const form = useFormState<V>(initial, { draft: target });
  const { values, dirty, setErrors, safety } = form;
  const concurrency = useFormConcurrency(form, target, fromStored);
  // a layout effect: the dialog knows of the edit before the next key arrives
  // (Escape right after typing must still ask before the edit is thrown away)
  useLayoutEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const [saving, setSaving] = useState(false);
  const { saved, failed } = useSaveToasts();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const sent = prepare ? prepare(values) : values;
    const checked = validateWith(schema, sent);
    if (!checked.ok) {
      setErrors(checked.fields);
      if (texts.invalid !== null) failed(texts.invalid, checked.message);
      return;
    }
    setSaving(true);
    const base = target?.id && safety.revision !== null ? { base_revision: safety.revision } : {};
    const result = await save(sent, checked.data, base);
    setSaving(false);
    // a failed save keeps the input (and its draft) and says why
    if (!result.ok) {
      setErrors(result.fields);
      if (result.code === 'CONFLICT') concurrency.refused(result.message);
      failed(...failureToast(texts.failed, result.message));
      return;
    }
    form.forgetDraft();
    const { row, revision, ...publication } = result.data;
    concurrency.saved(revision);
    const [title, description] = successToast(texts.saved);
    saved(title, publication, description);
    // what was typed while it saved stays (a form that stays open: a create form, the club's address)
    form.settle(values, next(row, values));
    afterSave?.();
    onDone({ row, revision });
  };

  return { ...form, saving, submit: (event: FormEvent) => void submit(event), cancel: onCancel ?? onDone };
}

/** An entity form's buttons: save and cancel in the edit dialog, the create button otherwise. */
export function EntityFormButtons({
  inDialog,
  form,
  createLabel,
}: {
  inDialog: boolean;
  form: { saving: boolean; dirty: boolean; cancel: () => void };
  createLabel: ReactNode;
}) {
  return inDialog ? (
    <DialogButtons saving={form.saving} dirty={form.dirty} onCancel={form.cancel} />
  ) : (
    <div>
      <SaveButton saving={form.saving}>{createLabel}</SaveButton>
    </div>
  );
}

/**
 * A manager's list: loaded (a failure toasted), reloaded when one of `tables`
 * changes, the entry being edited in the dialog, the entry busy with a row
 * action, and delete after the spec's confirmation.
 */
export function useEntityList<E extends { id: string }>({
  load,
  loadFailed,
  tables,
  alsoReload,
  remove,
}: {
  load: () => Promise<CallResult<E[]>>;
  loadFailed: FailureToast;
  tables: string[];
  /** Further data of the manager that the same changes make stale. */
  alsoReload?: () => void;
  remove: {
    confirm: string;
    call: (entry: E) => Promise<CallResult<Saved<unknown>>>;
    failed: FailureToast;
    deleted: SuccessToast;
  };
}) {
  const { saved, failed } = useSaveToasts();
  const loader = useLoader(load, (message) => failed(...failureToast(loadFailed, message)));
  const { reload } = loader;
  useLiveReload(tables, () => {
    void reload();
    alsoReload?.();
  });
  const [editing, setEditingEntry] = useState<E | null>(null);
  const savedRows = useSavedRows<E>();
  const { fresh } = savedRows;
  // a row saved here opens as saved, also before the list's reload has brought it (savedRows.ts)
  const setEditing = useCallback((entry: E | null) => setEditingEntry(entry && fresh(entry)), [fresh]);
  const [editDirty, setEditDirty] = useState(false);
  const { busy, during } = useBusyRows<string>();

  const removeEntry = async (entry: E) => {
    if (!confirmAction(remove.confirm)) return;
    const focus = focusAfterRemoval();
    const result = await during(entry.id, () => remove.call(entry));
    if (!result.ok) return failed(...failureToast(remove.failed, result.message));
    const { row: _row, ...publication } = result.data;
    const [title, description] = successToast(remove.deleted);
    saved(title, publication, description);
    await reload();
    focus.moveFocus();
  };

  return {
    /** The list's table: its rows' history ('Verlauf'). */
    entity: tables[0],
    data: loader.data,
    loading: loader.loading,
    loadFailed: loader.failed,
    reload,
    saved,
    failed,
    editing,
    setEditing,
    noteSaved: savedRows.note,
    /** the entry as last saved here while the list's entry is older (a manager that opens rows by id) */
    fresh,
    editDirty,
    setEditDirty,
    busy,
    /** Runs a row action (besides delete) with the row marked busy until it has ended. */
    during,
    remove: (entry: E) => void removeEntry(entry),
  };
}

/** The edit dialog of a list: the form of the entry being edited, closed and the list reloaded when done. */
export function EntityEditDialog<E extends { id: string }>({
  list,
  title,
  wide,
  children,
}: {
  list: {
    editing: E | null;
    setEditing: (entry: E | null) => void;
    editDirty: boolean;
    setEditDirty: (dirty: boolean) => void;
    reload: () => Promise<unknown>;
    noteSaved: (saved: SavedRow) => void;
  };
  title: string;
  wide?: boolean;
  children: (entry: E, form: Required<EntityFormProps>) => ReactNode;
}) {
  const { editing, setEditing, editDirty, setEditDirty, reload, noteSaved } = list;
  return (
    <EditDialog open={editing !== null} title={title} dirty={editDirty} onClose={() => setEditing(null)} wide={wide}>
      {editing && (
        <Fragment key={editing.id}>
          {children(editing, {
            onDirtyChange: setEditDirty,
            onDone: (saved) => {
              if (saved) noteSaved(saved);
              setEditing(null);
              void reload();
            },
            onCancel: () => setEditing(null),
          })}
        </Fragment>
      )}
    </EditDialog>
  );
}

/** What a row is called where its buttons name it: its name or title, a match's pairing and day, a league's season. */
export function rowLabel(entry: object): string {
  const row = entry as Record<string, unknown>;
  const text = (key: string) => (typeof row[key] === 'string' ? (row[key] as string).trim() : '');
  if (text('name')) return text('name');
  if (text('title')) return text('title');
  if (text('home_team') && text('away_team')) return [text('match_date') && formatShortDate(text('match_date')), `${text('home_team')} – ${text('away_team')}`].filter(Boolean).join(' ');
  return [text('competition'), text('season')].filter(Boolean).join(' ');
}

/** A row's 'Bearbeiten' and 'Löschen' buttons (`leading` before them, `children` between them). */
export function RowActions<E extends { id: string }>({
  entry,
  list,
  leading,
  children,
}: {
  entry: E;
  list: { setEditing: (entry: E) => void; remove: (entry: E) => void; busy: ReadonlySet<string>; entity?: string; reload?: () => Promise<unknown> };
  leading?: ReactNode;
  children?: ReactNode;
}) {
  const title = rowLabel(entry);
  // each row's buttons name their row: a screen reader's list of 24 'Bearbeiten' could not be told apart
  const named = (action: string) => (title ? `${action}: ${title}` : undefined);
  return (
    <div className="admin-actions">
      {leading}
      <button type="button" className="btn btn-outline btn-small" aria-label={named('Bearbeiten')} onClick={() => list.setEditing(entry)}>
        Bearbeiten
      </button>
      {list.entity && <HistoryButton entity={list.entity} id={entry.id} title={title} onRestored={() => void list.reload?.()} />}
      {children}
      <button type="button" className="btn btn-danger btn-small" aria-label={named('Löschen')} {...refusedWhile(list.busy.has(entry.id))} onClick={() => list.remove(entry)}>
        Löschen
      </button>
    </div>
  );
}
