// What a refused form's fields said, as one text for a toast or a line: each message once. Several empty
// required fields all say the one required message ('Bitte füllen Sie alle Pflichtfelder aus'), which the
// forms showed as often as there were fields.
export function fieldMessages(fields: Record<string, string[] | undefined>): string {
  return [...new Set(Object.values(fields).flatMap((messages) => messages ?? []).filter((message) => message.trim() !== ''))].join(' ');
}
