// The privacy page's stored HTML, sanitised with exactly the spec's allow-list
// (public-site.md §2 Privacy, admin-area.md §2): the public page and the admin
// preview both go through this one function.
import sanitizeHtml from 'sanitize-html';

const ALLOWED_TAGS = [
  'p',
  'br',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'ul', 'ol', 'li',
  'a',
  'img',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
  'blockquote', 'q',
  'code', 'pre',
  'div', 'span',
];
const ALLOWED_ATTRIBUTES = ['href', 'src', 'alt', 'title', 'class', 'id', 'target', 'rel'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { '*': ALLOWED_ATTRIBUTES },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // a link that opens a new tab must not hand it our window
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs },
  },
};

/** Line breaks become <br>, then everything outside the allow-list goes. */
export function sanitizePrivacyHtml(stored: string): string {
  const withBreaks = stored.replace(/\r\n?/g, '\n').replace(/\n/g, '<br>\n');
  return sanitizeHtml(withBreaks, OPTIONS);
}
