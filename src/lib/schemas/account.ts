// One's own account in the admin ('Mein Konto', issue 11): the second factor
// and the password change, and the superadmin's requirement of the second
// factor. The dialog and the actions validate with these schemas; every German
// text of the area lives here.
import { z } from 'astro/zod';
import './zod-german';
import { MAX_PASSWORD_LENGTH } from './auth';

export const ACCOUNT_TEXTS = {
  open: 'Mein Konto',
  title: 'Mein Konto',
  // second factor
  factorTitle: 'Zwei-Faktor-Anmeldung',
  factorOff: 'Nicht eingerichtet. Mit einer Authenticator-App (z. B. Aegis, Google Authenticator, Microsoft Authenticator) schützt ein Code vom Handy dein Konto, auch wenn jemand dein Passwort kennt.',
  factorOn: (left: number) => `Eingerichtet. ${left} von 10 Wiederherstellungscodes übrig.`,
  factorFewLeft: 'Nur noch wenige Wiederherstellungscodes: erstelle neue.',
  factorRequired: 'Für alle Admins vorgeschrieben.',
  setUp: 'Einrichten',
  confirmPasswordFirst: 'Bitte bestätige zuerst mit deinem aktuellen Passwort.',
  scan: 'Scanne den QR-Code mit deiner Authenticator-App und gib den Code ein, den sie anzeigt.',
  qrAlt: 'QR-Code für die Authenticator-App',
  manualKey: 'Schlüssel zum Abtippen',
  code: 'Code aus der App',
  confirm: 'Bestätigen',
  confirming: 'Prüft...',
  setUpDone: 'Zwei-Faktor-Anmeldung eingerichtet',
  recoveryTitle: 'Deine Wiederherstellungscodes',
  recoveryIntro:
    'Jeder Code gilt einmal, falls du dein Handy nicht zur Hand hast. Bewahre sie sicher auf (ausdrucken oder im Passwort-Manager): Sie werden nur jetzt angezeigt.',
  recoveryCopy: 'Codes kopieren',
  recoveryCopied: 'Codes kopiert',
  recoveryNotCopied: 'Nicht kopiert',
  recoveryNotCopiedHint: 'Der Browser hat das Kopieren nicht erlaubt: bitte die Codes markieren und kopieren, oder aufschreiben.',
  recoveryStored: 'Ich habe die Codes gesichert',
  switchOff: 'Ausschalten',
  switchOffIntro: 'Zum Ausschalten oder für neue Wiederherstellungscodes: aktuellen Code aus der App (oder einen Wiederherstellungscode) eingeben.',
  switchedOff: 'Zwei-Faktor-Anmeldung ausgeschaltet',
  renewCodes: 'Neue Wiederherstellungscodes',
  failed: 'Fehler',
  // the requirement, for an admin who has not set it up
  mustSetUpTitle: 'Zwei-Faktor-Anmeldung einrichten',
  mustSetUp: 'Ein Superadmin hat die Zwei-Faktor-Anmeldung für alle Admins vorgeschrieben. Richte sie jetzt ein, danach geht es weiter zum Admin Panel.',
  setupFirst: 'Bitte richte zuerst die Zwei-Faktor-Anmeldung ein (Mein Konto).',
  // password
  passwordTitle: 'Passwort ändern',
  currentPassword: 'Aktuelles Passwort',
  newPassword: 'Neues Passwort',
  confirmPassword: 'Neues Passwort bestätigen',
  passwordSubmit: 'Passwort ändern',
  passwordSaving: 'Speichert...',
  passwordChanged: 'Passwort geändert',
  passwordChangedText: 'Alle anderen Sitzungen wurden abgemeldet.',
  close: 'Schließen',
  // refusals
  wrongCode: 'Der Code stimmt nicht. Bitte den aktuellen Code aus der App oder einen Wiederherstellungscode eingeben.',
  notOn: 'Die Zwei-Faktor-Anmeldung ist nicht eingerichtet.',
  notOnForUser: 'Dieser Benutzer hat keine Zwei-Faktor-Anmeldung.',
  notYourself: 'Deinen eigenen zweiten Faktor schaltest du unter „Mein Konto“ aus.',
  requiredCannotSwitchOff: 'Die Zwei-Faktor-Anmeldung ist für alle Admins vorgeschrieben und kann nicht ausgeschaltet werden.',
  ownFirst: 'Richte zuerst deine eigene Zwei-Faktor-Anmeldung ein (Mein Konto).',
  wrongPassword: 'Das aktuelle Passwort ist falsch.',
  samePassword: 'Das neue Passwort muss sich vom aktuellen unterscheiden.',
  tooManyProofs: (seconds: number) =>
    `Zu viele falsche Eingaben. Bitte versuche es in ${seconds < 120 ? `${seconds} Sekunden` : `${Math.ceil(seconds / 60)} Minuten`} erneut.`,
  // the superadmin's part (Benutzer tab)
  requireLabel: 'Zwei-Faktor-Anmeldung für alle Admins vorschreiben',
  requireOn: 'Zwei-Faktor-Anmeldung ist jetzt für alle Admins vorgeschrieben',
  requireOff: 'Zwei-Faktor-Anmeldung ist nicht mehr vorgeschrieben',
  userHasFactor: '2FA',
  removeFactor: '2FA entfernen',
  removeFactorConfirm: (email: string) =>
    `Zwei-Faktor-Anmeldung von ${email} entfernen? Alle Sitzungen dieses Benutzers werden beendet; er meldet sich mit dem Passwort an und richtet sie neu ein.`,
  factorRemoved: 'Zwei-Faktor-Anmeldung entfernt',
};

const code = z.string().trim().min(1, ACCOUNT_TEXTS.wrongCode).max(32, ACCOUNT_TEXTS.wrongCode);

export const secondFactorCodeSchema = z.object({ code });

export const passwordChangeSchema = z.object({
  current: z.string().min(1, ACCOUNT_TEXTS.wrongPassword).max(MAX_PASSWORD_LENGTH),
  password: z.string().max(MAX_PASSWORD_LENGTH + 1),
  confirm: z.string().max(MAX_PASSWORD_LENGTH + 1),
});

export const requireSecondFactorSchema = z.object({ required: z.boolean() });

export const removeUserFactorSchema = z.object({ userId: z.string().min(1).max(64) });

/** Starting the second factor's set-up: the current password, unless the sign-in is a few minutes old. */
export const secondFactorStartSchema = z.object({ password: z.string().max(MAX_PASSWORD_LENGTH).optional() }).optional();
