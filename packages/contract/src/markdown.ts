/**
 * The rich text of announcements and help articles: a small Markdown subset, parsed into a tree that the app
 * renders as elements (never as HTML), so nothing an operator writes can run in a reader's page.
 *
 * Blocks: `## ` and `### ` headings, `- ` (or `* `) bullet lists, `1. ` numbered lists, paragraphs separated by a
 * blank line. Inline: `**bold**` and `[text](link)`, where a link is an in-app route (`#/pages/…`) or an
 * `https://` address; anything else stays plain text. `{{name}}` placeholders are filled by the server before
 * the text is sent (the figures come from the configuration). Raw HTML is refused when content is saved
 * (`markdownProblem`), and shown as the characters it is if it ever reached a reader.
 */
export type MdInline =
  | { t: 'text'; v: string }
  | { t: 'strong'; c: MdInline[] }
  | { t: 'link'; href: string; c: MdInline[] };
export type MdBlock =
  | { t: 'heading'; level: 2 | 3; c: MdInline[] }
  | { t: 'paragraph'; c: MdInline[] }
  | { t: 'list'; ordered: boolean; items: MdInline[][] };

const IN_APP_ROUTE = /^#\/pages\/[A-Za-z0-9/_-]+(\?[A-Za-z0-9=&_.%-]*)?$/;
const HTTPS_URL = /^https:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[^\s"'<>`\\]*)?$/;

/** A link target the app may open: one of our routes, or an https address. */
export function isSafeHref(href: string): boolean {
  return IN_APP_ROUTE.test(href) || HTTPS_URL.test(href);
}

// A tag, a comment, a declaration or a processing instruction: `<a`, `</a`, `<!--`, `<!doctype`, `<?xml`.
const RAW_HTML = /<\s*(!|[/?]?\s*[A-Za-z])/;
// An HTML character reference that could hide a tag from the check above (`&lt;`, `&#60;`).
const ENTITY = /&(#\d+|#x[0-9a-f]+|[a-z]+);/i;
const LINK = /\[([^\]\n]{1,200})\]\(([^)\s]{1,500})\)/g;

/** Why a text may not be published as rich text, or null: raw HTML, or a link to somewhere other than ours/https. */
export function markdownProblem(src: string): 'html' | 'link' | null {
  if (RAW_HTML.test(src) || ENTITY.test(src)) return 'html';
  for (const m of src.matchAll(LINK)) {
    if (!isSafeHref(m[2] ?? '')) return 'link';
  }
  if (/\]\(\s*(javascript|data|vbscript|file|http):/i.test(src)) return 'link';
  return null;
}

/** Inline text: links first (their text may hold bold), then bold, the rest plain. */
export function parseInline(src: string): MdInline[] {
  const out: MdInline[] = [];
  let last = 0;
  for (const m of src.matchAll(LINK)) {
    const at = m.index ?? 0;
    if (at > last) out.push(...parseBold(src.slice(last, at)));
    const href = m[2] ?? '';
    if (isSafeHref(href)) out.push({ t: 'link', href, c: parseBold(m[1] ?? '') });
    else out.push({ t: 'text', v: m[0] });
    last = at + m[0].length;
  }
  if (last < src.length) out.push(...parseBold(src.slice(last)));
  return out;
}

function parseBold(src: string): MdInline[] {
  const out: MdInline[] = [];
  const parts = src.split(/\*\*(.+?)\*\*/g);
  parts.forEach((part, i) => {
    if (part === '') return;
    out.push(i % 2 === 1 ? { t: 'strong', c: [{ t: 'text', v: part }] } : { t: 'text', v: part });
  });
  return out;
}

const BULLET = /^[-*]\s+(.*)$/;
const NUMBERED = /^\d{1,3}[.)]\s+(.*)$/;
const HEADING = /^(#{1,3})\s+(.*)$/;

/** The blocks of a text, in order. Lines of one paragraph are joined with a space. */
export function parseMarkdown(src: string): MdBlock[] {
  const blocks: MdBlock[] = [];
  let para: string[] = [];
  let list: { ordered: boolean; items: MdInline[][] } | null = null;
  const flush = () => {
    if (para.length > 0) blocks.push({ t: 'paragraph', c: parseInline(para.join(' ')) });
    if (list) blocks.push({ t: 'list', ...list });
    para = [];
    list = null;
  };
  for (const raw of src.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (line === '') flush();
    else if (heading) {
      flush();
      blocks.push({ t: 'heading', level: (heading[1]?.length ?? 2) >= 3 ? 3 : 2, c: parseInline(heading[2] ?? '') });
    } else if (bullet || numbered) {
      const ordered = Boolean(numbered);
      if (para.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(parseInline((bullet ?? numbered)?.[1] ?? ''));
    } else {
      if (list) flush();
      para.push(line);
    }
  }
  flush();
  return blocks;
}

/** The text without its markup, for summaries and search results. */
export function markdownToPlain(src: string): string {
  return src
    .replace(LINK, '$1')
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/^\s*(#{1,3}|[-*]|\d{1,3}[.)])\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `{{name}}` placeholders in a text. */
export function placeholdersOf(src: string): string[] {
  return [...src.matchAll(/\{\{\s*([A-Za-z][A-Za-z0-9.]*)\s*\}\}/g)].map((m) => m[1] ?? '');
}

/** Fills `{{name}}` placeholders from `values`; an unknown one is left as it was. */
export function fillPlaceholders(src: string, values: Readonly<Record<string, string>>): string {
  return src.replace(/\{\{\s*([A-Za-z][A-Za-z0-9.]*)\s*\}\}/g, (all, name: string) => values[name] ?? all);
}
