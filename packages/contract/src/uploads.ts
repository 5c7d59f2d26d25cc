// No zod here: the web app's first route reads these limits, and a module with schemas would bring zod with it.

/** Uploads (`common/upload`, multipart field `file`): images only, recognised by content. */
export const UPLOAD_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
} as const;

export type ImageMime = (typeof UPLOAD_LIMITS.mimeTypes)[number];

/** How many first bytes `imageTypeOf` needs to tell an image type. */
export const IMAGE_SIGNATURE_BYTES = 12;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** The signatures of the allowed image types: what a file's first bytes must be, whatever its name or stated type. */
const IMAGE_SIGNATURES: readonly { mime: ImageMime; ext: string; magic: (b: Uint8Array) => boolean }[] = [
  { mime: 'image/png', ext: 'png', magic: (b) => b.length >= 8 && PNG.every((v, i) => b[i] === v) },
  { mime: 'image/jpeg', ext: 'jpg', magic: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/webp', ext: 'webp', magic: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
  { mime: 'image/gif', ext: 'gif', magic: (b) => /^GIF8[79]a$/.test(ascii(b, 0, 6)) },
];

/**
 * The image type of a file by its first bytes (at least `IMAGE_SIGNATURE_BYTES` of them), or null for anything
 * else: the one rule the server stores uploads by and the app checks a chosen file with before uploading it.
 */
export function imageTypeOf(head: Uint8Array): { mime: ImageMime; ext: string } | null {
  const found = IMAGE_SIGNATURES.find((type) => type.magic(head));
  return found ? { mime: found.mime, ext: found.ext } : null;
}
