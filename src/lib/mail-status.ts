// The mail server's failures as the admin header shows them to superadmins (src/server/mail/mail-status.ts):
// a notification of a new inquiry or a reset link that did not go out was only logged, where a volunteer host
// does not look, so a wrong password in SMTP_URL kept every inquiry's notification away unnoticed.
import { formatDateTime } from './dates-de';
import type { USER_TEXTS } from './schemas/user';

/** Whose failure: the mail server's (every mail), or one kind of mail's (a refusal of those mails only). */
export type MailFailureScope = 'server' | 'invitation' | 'reset' | 'inquiry';
/** Each failure still to be said, the server's first: when, why (German words), whose. */
export type MailStatus = { failures: { failedAt: number; reason: string; scope: MailFailureScope }[] };

const AFFECTED: Record<MailFailureScope, string> = {
  server: 'Bis wieder eine E-Mail versendet wird, kommen Benachrichtigungen über neue Anfragen, Einladungen und Links zum Zurücksetzen des Passworts möglicherweise nicht an.',
  invitation: 'Bis wieder eine Einladung versendet wird, kommen Einladungen möglicherweise nicht an.',
  reset: 'Bis wieder ein Link zum Zurücksetzen des Passworts versendet wird, kommen diese möglicherweise nicht an.',
  inquiry: 'Bis wieder eine Benachrichtigung über eine neue Anfrage versendet wird, kommen diese möglicherweise nicht an.',
};

export const MAIL_STATUS_TEXTS = {
  failed: (at: number, reason: string, scope: MailFailureScope) => `Der E-Mail-Versand ist am ${formatDateTime(at)} fehlgeschlagen: ${reason}. ${AFFECTED[scope]}`,
  /** a reason said at once that reads oddly hours later (USER_TEXTS.inviteNotSentReason has the others) */
  laterReason: { busy: 'der Mailserver nahm keine E-Mails an' } as Partial<Record<keyof typeof USER_TEXTS.inviteNotSentReason, string>>,
  /** the inquiries' notification to the club's own address, refused by the mail server: a typo in it */
  clubAddressRefused: (to: string) => `der Mailserver hat die Adresse des Vereins für neue Anfragen (${to}) abgelehnt, bitte die E-Mail-Adresse des Vereins prüfen`,
} as const;
