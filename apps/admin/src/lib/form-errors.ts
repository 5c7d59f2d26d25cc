import type { FormInstance } from 'antd';
import { ApiError } from './api';

/** A server field path (`levels.1.feeRates.0`) as an antd form name (`['levels', 1, 'feeRates', 0]`). */
export const formName = (field: string) => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/**
 * Marks on the form the fields a refusal names, each with `message`: pair it with `useAction(…, { fieldsOnForm:
 * true })`, whose notice then points at the marked fields instead of naming a field path. `message` may be per field
 * (its path under `prefix` and the server's reason), to say what the value must be. With `prefix` (a form that
 * edits one member of the call's body, as settings edit `value`), only fields under it are marked, without it.
 * Returns the names marked.
 */
export function markRefusedFields(
  form: FormInstance,
  err: unknown,
  message: string | ((field: string, reason: string) => string),
  prefix = '',
): (string | number)[][] {
  if (!(err instanceof ApiError)) return [];
  const refused = err.fields.filter((f) => f.field.startsWith(prefix));
  const say = (field: string, reason: string) => (typeof message === 'string' ? message : message(field, reason));
  form.setFields(
    refused.map((f) => {
      const field = f.field.slice(prefix.length);
      return { name: formName(field) as never, errors: [say(field, f.reason)] };
    }),
  );
  return refused.map((f) => formName(f.field.slice(prefix.length)));
}

/** Clears every error shown on the form (a save the server accepted leaves no field marked). */
export function clearFieldErrors(form: FormInstance) {
  form.setFields(
    form
      .getFieldsError()
      .filter((f) => f.errors.length > 0)
      .map((f) => ({ name: f.name as never, errors: [] })),
  );
}
