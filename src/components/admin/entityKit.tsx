// What the entity managers (players, teams, youth teams, matches, shop,
// sponsors, contacts, news) share on top of contentKit.tsx: a create-or-edit
// form that validates, saves, toasts and starts over the same way everywhere,
// and a list that loads, follows live changes, deletes after asking and edits
// in a dialog.
import { Fragment, useLayoutEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'astro/zod';
import {
  DialogButtons,
  EditDialog,
  callAction,
  useFormState,
  useLoader,
  useSaveToasts,
  validateWith,
  type CallResult,
  type Publication,
} from './contentKit';
import { useLiveReload } from './live';
import { SaveButton, confirmAction } from './ui';

/** A failure toast: its title (the message becomes the description), or title and description from the message. */
export type FailureToast = string | ((message: string) => [title: string, description: string]);
/** A success toast: its title, or title and description. */
export type SuccessToast = string | [title: string, description: string];

/** What a save or delete action returns: the stored row and whether the site shows it yet. */
export type Saved<Row> = { row: Row; published: Publication['published']; failed: Publication['failed'] };

/** The props every entity form takes from its manager. */
export type EntityFormProps = {
  onDone: () => void;
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
}: EntityFormProps & {
  initial: V;
  schema: S;
  /** What is validated and sent, when it differs from the form values. */
  prepare?: (values: V) => V;
  /** Creates or updates: `sent` are the (prepared) form values, `data` what the schema made of them. */
  save: (sent: V, data: z.output<S>) => Promise<CallResult<D>>;
  texts: { invalid: string | null; failed: FailureToast; saved: SuccessToast };
  /** The values the form starts over with after a save. */
  next: (row: D['row'], values: V) => V;
  afterSave?: () => void;
}) {
  const form = useFormState<V>(initial);
  const { values, dirty, setErrors, reset } = form;
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
    const result = await save(sent, checked.data);
    setSaving(false);
    if (!result.ok) {
      setErrors(result.fields);
      failed(...failureToast(texts.failed, result.message));
      return;
    }
    const { row, ...publication } = result.data;
    const [title, description] = successToast(texts.saved);
    saved(title, publication, description);
    reset(next(row, values));
    afterSave?.();
    onDone();
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
  const [editing, setEditing] = useState<E | null>(null);
  const [editDirty, setEditDirty] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const removeEntry = async (entry: E) => {
    if (!confirmAction(remove.confirm)) return;
    setBusy(entry.id);
    const result = await remove.call(entry);
    setBusy(null);
    if (!result.ok) return failed(...failureToast(remove.failed, result.message));
    const { row: _row, ...publication } = result.data;
    const [title, description] = successToast(remove.deleted);
    saved(title, publication, description);
    void reload();
  };

  return {
    data: loader.data,
    loading: loader.loading,
    loadFailed: loader.failed,
    reload,
    saved,
    failed,
    editing,
    setEditing,
    editDirty,
    setEditDirty,
    busy,
    setBusy,
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
  };
  title: string;
  wide?: boolean;
  children: (entry: E, form: Required<EntityFormProps>) => ReactNode;
}) {
  const { editing, setEditing, editDirty, setEditDirty, reload } = list;
  return (
    <EditDialog open={editing !== null} title={title} dirty={editDirty} onClose={() => setEditing(null)} wide={wide}>
      {editing && (
        <Fragment key={editing.id}>
          {children(editing, {
            onDirtyChange: setEditDirty,
            onDone: () => {
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

type ActionCall<I, R> = (input: I) => Promise<{ data?: R; error?: unknown }>;

/** The usual `save` of an entity form: update the entry being edited, else create a new one. */
export function createOrUpdate<V, C, U>(
  entry: { id: string } | null,
  api: { create: ActionCall<V, C>; update: ActionCall<V & { id: string }, U> },
): (values: V) => Promise<CallResult<C | U>> {
  return (values) =>
    entry
      ? callAction<C | U>(() => api.update({ id: entry.id, ...values }))
      : callAction<C | U>(() => api.create(values));
}

/** A row's 'Bearbeiten' and 'Löschen' buttons (`leading` before them, `children` between them). */
export function RowActions<E extends { id: string }>({
  entry,
  list,
  leading,
  children,
}: {
  entry: E;
  list: { setEditing: (entry: E) => void; remove: (entry: E) => void; busy: string | null };
  leading?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="admin-actions">
      {leading}
      <button type="button" className="btn btn-outline btn-small" onClick={() => list.setEditing(entry)}>
        Bearbeiten
      </button>
      {children}
      <button type="button" className="btn btn-danger btn-small" disabled={list.busy === entry.id} onClick={() => list.remove(entry)}>
        Löschen
      </button>
    </div>
  );
}
