/**
 * Rules every form shares, whatever its prompts: whether a check found anything, the server's refused fields as the
 * form's prompts, and which files may be uploaded as images. Prompts are the caller's (i18n keys, usually).
 */
import { type FieldError, IMAGE_SIGNATURE_BYTES, UPLOAD_LIMITS, imageTypeOf } from '@nexa/contract';

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}

/** A form's prompt for each of its fields when the server says it is missing, and when it refused its value. */
export interface ServerPrompts<F extends string, K> {
  required: Record<F, K>;
  /** By default the `required` prompt. */
  invalid?: Partial<Record<F, K>>;
  /** Two values that must be equal were not (the password typed twice), whatever the field. */
  mismatch?: K;
}

/** The server's 400 `fields` as prompts under the inputs it refused: fields the form does not have are passed over. */
export function promptsFromServer<F extends string, K>(
  fields: readonly FieldError[],
  { required, invalid = {}, mismatch }: ServerPrompts<F, K>,
): Partial<Record<F, K>> {
  const found: Partial<Record<F, K>> = {};
  for (const { field, reason } of fields) {
    // Its own fields only: `in` would take a name like `toString` or `constructor` for one (the prototype's).
    if (!Object.hasOwn(required, field)) continue;
    const name = field as F;
    if (Object.hasOwn(found, name)) continue;
    if (reason === 'required') found[name] = required[name];
    else if (reason === 'mismatch' && mismatch) found[name] = mismatch;
    else found[name] = invalid[name] ?? required[name];
  }
  return found;
}

/**
 * Whether every field a refusal names has its prompt under an input (`inline`, from `promptsFromServer`): then the
 * form says it all where it belongs and no toast repeats it. A refusal without fields (a wrong password, a lockout,
 * the network) or naming a field the form does not show is said as a toast.
 */
export function refusalShownInline(fields: readonly FieldError[], inline: Partial<Record<string, unknown>>): boolean {
  return fields.length > 0 && fields.every((f) => inline[f.field] !== undefined);
}

/**
 * Refuses before uploading what the server would refuse as an image: another type (or an empty file), or more
 * than `UPLOAD_LIMITS.maxBytes`. Answers the caller's prompt for the problem, or null.
 */
export function checkImageFile<K>(file: { type: string; size: number }, prompts: { type: K; size: K }): K | null {
  if (!(UPLOAD_LIMITS.mimeTypes as readonly string[]).includes(file.type) || file.size === 0) return prompts.type;
  if (file.size > UPLOAD_LIMITS.maxBytes) return prompts.size;
  return null;
}

/**
 * Refuses before uploading what the server would refuse, the way it decides: an empty file, more than
 * `UPLOAD_LIMITS.maxBytes`, or content that is none of the allowed image types (`imageTypeOf` on its first bytes,
 * whatever its name says: a text file named .png is refused, a photo without an extension is not). A file whose
 * bytes cannot be read is judged by its stated type (from its extension). Answers the caller's prompt, or null.
 */
export async function checkImageContent<K>(file: Blob, prompts: { type: K; size: K }): Promise<K | null> {
  if (file.size === 0) return prompts.type;
  if (file.size > UPLOAD_LIMITS.maxBytes) return prompts.size;
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
  } catch {
    return checkImageFile(file, prompts);
  }
  return imageTypeOf(head) ? null : prompts.type;
}
