import { actions, isInputError } from 'astro:actions';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { formatDate } from '../../lib/dates-de';
import { ROLES, ROLE_LABELS, USER_TEXTS as T, type Role, type UserListEntry } from '../../lib/schemas/user';
import type { ManagerProps } from './managers';
import { Dialog, useToast } from './ui';
import { RemoveSecondFactorButton, SecondFactorRequirement } from './SecondFactorPolicy';
import { ACCOUNT_TEXTS } from '../../lib/schemas/account';
import { useBusyRows } from './busyRows';
import { fieldMessages } from '../../lib/field-messages';
import { refusedWhile } from '../ui/refused';
import { focusAfterRemoval } from './focusAfterRemoval';

/** The German message of a failed call: the field messages of bad input, else the server's message. */
function messageOf(error: unknown): string | undefined {
  if (!error) return undefined;
  if (isInputError(error)) return fieldMessages(error.fields) || undefined;
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}

/** Closes the row's role menu, the focus on its summary: the focused button went with the menu (to the page's start). */
function closeMenu(button: HTMLElement) {
  const menu = button.closest('details');
  if (!menu) return;
  menu.open = false;
  menu.querySelector('summary')?.focus();
}

/** The user-management tab 'Benutzer' (admin-area.md §2, §5, §6, §8): superadmins only, checked again by every action. */
export default function UserManager({ userId }: ManagerProps) {
  const toast = useToast();
  const [users, setUsers] = useState<UserListEntry[] | null>(null);
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [inviting, setInviting] = useState(false);
  const { busy, during } = useBusyRows<string>();
  const [toDelete, setToDelete] = useState<UserListEntry | null>(null);
  // the row's 'Löschen' that opened the question: the focus goes on from there once the row is gone
  const deleteOpener = useRef<HTMLElement | null>(null);

  const load = useCallback(async () => {
    try {
      const { data, error } = await actions.admin.users.list();
      if (error) throw error;
      setUsers(data);
    } catch (error) {
      console.error(T.loadFailed, error);
      toast({ title: T.loadFailed, description: messageOf(error), variant: 'destructive' });
      setUsers((list) => list ?? []);
    }
  }, [toast]);

  useEffect(() => {
    void load();
  }, [load]);

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      toast({ title: T.emailRequired, variant: 'destructive' });
      return;
    }
    setInviting(true);
    try {
      const { data, error } = await actions.admin.users.invite({ email: email.trim() });
      if (error) {
        toast({ title: 'Fehler', description: messageOf(error) ?? T.inviteFailed, variant: 'destructive' });
        return;
      }
      // a slow mail server: the invitation goes on after the answer (inviteUser)
      toast(data.stillSending ? { title: T.inviteStillSending, description: T.inviteStillSendingText } : { title: T.inviteSuccess });
      setEmail('');
      setTouched(false);
      await load();
    } catch {
      toast({ title: 'Fehler', description: T.inviteFailed, variant: 'destructive' });
    } finally {
      setInviting(false);
    }
  };

  const changeRole = (user: UserListEntry, role: Role, add: boolean) =>
    during(user.id, async () => {
      try {
        const call = add ? actions.admin.users.addRole : actions.admin.users.removeRole;
        const { error } = await call({ userId: user.id, role });
        if (error) {
          toast({ title: 'Fehler', description: T.roleFailed(messageOf(error)), variant: 'destructive' });
          return;
        }
        toast({ title: add ? T.roleAdded(ROLE_LABELS[role]) : T.roleRemoved(ROLE_LABELS[role]) });
        await load();
      } catch {
        toast({ title: 'Fehler', description: T.roleFailed(undefined), variant: 'destructive' });
      }
    });

  const confirmDelete = async () => {
    const user = toDelete;
    if (!user) return;
    await during(user.id, async () => {
      try {
        const { error } = await actions.admin.users.delete({ userId: user.id });
        if (error) {
          toast({ title: 'Fehler', description: messageOf(error) ?? T.deleteFailed, variant: 'destructive' });
          return;
        }
        toast({ title: T.deleteSuccess });
        // the focus goes where the row's 'Löschen' was: the next row's (it was the page's start)
        const { moveFocus } = focusAfterRemoval(deleteOpener.current);
        setToDelete(null);
        await load();
        moveFocus();
      } catch {
        toast({ title: 'Fehler', description: T.deleteFailed, variant: 'destructive' });
      }
    });
  };

  return (
    <>
      <div className="admin-card">
        <h2>{T.inviteTitle}</h2>
        <form className="admin-form" onSubmit={(e) => void invite(e)}>
          <label className="admin-field">
            <span>E-Mail</span>
            <input
              type="email"
              name="invite-email"
              value={email}
              placeholder={T.invitePlaceholder}
              autoComplete="off"
              onChange={(e) => {
                setEmail(e.target.value);
                setTouched(true);
              }}
            />
            <small className="hint">{touched && !email.trim() ? T.emailRequired : T.inviteHint}</small>
          </label>
          <div>
            <button type="submit" className="btn" disabled={inviting || !email.trim()}>
              {inviting ? T.inviteSending : T.inviteButton}
            </button>
          </div>
        </form>
      </div>

      <SecondFactorRequirement />

      <div className="admin-card">
        <h2>{T.title}</h2>
        {users === null ? (
          <p className="empty">{T.loading}</p>
        ) : users.length === 0 ? (
          <p className="empty">{T.empty}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th>{T.colEmail}</th>
                  <th>{T.colCreated}</th>
                  <th>{T.colRoles}</th>
                  <th>{T.colActions}</th>
                </tr>
              </thead>
              <tbody>
                {users.map((user) => {
                  const isSelf = user.id === userId;
                  const isSuperadmin = user.roles.includes('superadmin');
                  return (
                    <tr key={user.id} data-user={user.email}>
                      <td>
                        {user.email}
                        {user.pending && (
                          <>
                            {' '}
                            <span className="badge">{T.pending}</span>
                          </>
                        )}
                        {user.secondFactor && (
                          <>
                            {' '}
                            <span className="badge badge-blue">{ACCOUNT_TEXTS.userHasFactor}</span>
                          </>
                        )}
                      </td>
                      <td>{formatDate(user.createdAt)}</td>
                      <td>
                        {user.roles.length === 0 ? (
                          <span className="hint">{T.noRoles}</span>
                        ) : (
                          user.roles.map((role) => (
                            <span key={role} className="badge badge-blue" style={{ marginRight: '0.25rem' }}>
                              {ROLE_LABELS[role]}
                            </span>
                          ))
                        )}
                      </td>
                      <td>
                        <div className="admin-actions" style={{ alignItems: 'flex-start' }}>
                          <details className="role-menu">
                            <summary className="btn btn-outline btn-small" aria-label={`${T.rolesMenu}: ${user.email}`}>
                              {T.rolesMenu}
                            </summary>
                            <div className="admin-actions" style={{ marginTop: '0.35rem', flexDirection: 'column', alignItems: 'stretch' }}>
                              {ROLES.map((role) => (
                                <button
                                  key={`add-${role}`}
                                  type="button"
                                  className="btn btn-outline btn-small"
                                  disabled={busy.has(user.id) || user.roles.includes(role)}
                                  onClick={(e) => {
                                    closeMenu(e.currentTarget);
                                    void changeRole(user, role, true);
                                  }}
                                >
                                  {T.addRole(ROLE_LABELS[role])}
                                </button>
                              ))}
                              {user.roles.map((role) => (
                                <button
                                  key={`remove-${role}`}
                                  type="button"
                                  className="btn btn-outline btn-small"
                                  disabled={busy.has(user.id)}
                                  onClick={(e) => {
                                    closeMenu(e.currentTarget);
                                    void changeRole(user, role, false);
                                  }}
                                >
                                  {T.removeRole(ROLE_LABELS[role])}
                                </button>
                              ))}
                            </div>
                          </details>
                          {user.secondFactor && !isSelf && (
                            <RemoveSecondFactorButton userId={user.id} email={user.email} onRemoved={() => void load()} />
                          )}
                          {isSuperadmin ? (
                            <small className="hint">{T.superadminNotDeletable}</small>
                          ) : isSelf ? (
                            <small className="hint">{T.ownAccount}</small>
                          ) : (
                            <button
                              type="button"
                              className="btn btn-danger btn-small"
                              aria-label={`${T.delete}: ${user.email}`}
                              {...refusedWhile(busy.has(user.id))}
                              onClick={(e) => {
                                deleteOpener.current = e.currentTarget;
                                setToDelete(user);
                              }}
                            >
                              {T.delete}
                            </button>
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>

      <Dialog open={toDelete !== null} onClose={() => setToDelete(null)} title={T.deleteTitle}>
        <p>{toDelete ? T.deleteQuestion(toDelete.email) : ''}</p>
        <div className="admin-actions">
          <button type="button" className="btn btn-outline" onClick={() => setToDelete(null)}>
            {T.cancel}
          </button>
          <button type="button" className="btn btn-danger" {...refusedWhile(busy.size > 0)} onClick={() => void confirmDelete()}>
            {T.delete}
          </button>
        </div>
      </Dialog>
    </>
  );
}
