// No zod here: the web app's first route reads these limits, and a module with schemas would bring zod with it.

/** Uploads (`common/upload`, multipart field `file`): images only, recognised by content. */
export const UPLOAD_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
} as const;
