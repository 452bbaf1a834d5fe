// German texts that React islands show. Islands may not import src/server, so
// these live here; src/server/content/defaults.ts re-exports them.

export const FORM_TEXTS = {
  name: 'Name',
  email: 'E-Mail',
  betreff: 'Betreff',
  nachricht: 'Nachricht',
  captchaLabel: 'Sicherheitsfrage',
  submit: 'Nachricht senden',
  submitting: 'Wird gesendet...',
  successTitle: 'Nachricht gesendet!',
  successText: 'Vielen Dank für dein Interesse. Wir werden uns bald bei dir melden.',
  errorTitle: 'Fehler beim Senden',
  errorText: 'Es gab ein Problem beim Senden der Nachricht. Bitte versuche es erneut.',
  captchaTitle: 'Captcha falsch',
  captchaText: 'Bitte löse die Rechenaufgabe korrekt.',
  captchaExpiredTitle: 'Rechenaufgabe abgelaufen',
  captchaExpiredText: 'Die Rechenaufgabe war älter als 30 Minuten. Bitte löse die neue und sende noch einmal – deine Eingaben bleiben.',
  captchaUnavailable: 'Die Rechenaufgabe konnte nicht geladen werden. Bitte tippe auf ↻.',
  rateLimited: 'Zu viele Nachrichten in kurzer Zeit. Bitte versuche es später erneut.',
  noScript: 'Dieses Formular benötigt JavaScript. Bitte aktiviere JavaScript oder schreib uns eine E-Mail.',
  /** the same with the address the form's inquiries go to (FormWithoutScript.astro): 'an vorstand@….' */
  noScriptTo: 'Dieses Formular benötigt JavaScript. Bitte aktiviere JavaScript oder schreib uns eine E-Mail an',
  messageRows: 5,
} as const;

export const COOKIE_TEXTS = {
  title: 'Wir verwenden Cookies',
  text: 'Wir verwenden notwendige Cookies für den Betrieb der Website. Analyse- und Marketing-Cookies setzen wir nur mit deiner Einwilligung. Du kannst deine Auswahl jederzeit über „Cookie-Einstellungen“ ändern.',
  acceptAll: 'Alle akzeptieren',
  necessaryOnly: 'Nur notwendige',
  settings: 'Einstellungen',
  settingsTitle: 'Cookie-Einstellungen',
  necessary: 'Notwendig',
  necessaryText: 'Für den Betrieb der Website erforderlich. Immer aktiv.',
  analytics: 'Analyse',
  analyticsText: 'Helfen uns zu verstehen, wie die Website genutzt wird.',
  marketing: 'Marketing',
  marketingText: 'Werden genutzt, um Inhalte Dritter (z. B. Social Media) anzuzeigen.',
  save: 'Auswahl speichern',
  close: 'Schließen',
  footerLink: 'Cookie-Einstellungen',
  privacyLink: 'Datenschutzerklärung',
} as const;

export const INSTALL_TEXTS = {
  install: 'App installieren',
  installed: 'App bereits installiert',
} as const;
