// Finding a person's e-mail address in stored text (the privacy tools' export and erasure, decision 031).

/**
 * The address whole in a text, in any case, not inside another: 'a@b.at' is not in 'anna@b.at' or 'a@b.at.de';
 * a full stop after it ends it. For the privacy tools, which must find the person's mentions and no one else's.
 */
export function addressPattern(email: string): RegExp {
  return new RegExp(`(?<![\\w.+-])${email.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-]|\\.\\w)`, 'i');
}
