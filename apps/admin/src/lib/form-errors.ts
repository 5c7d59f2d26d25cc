import type { FormInstance } from 'antd';
import { ApiError } from './api';

/** A server field path (`levels.1.feeRates.0`) as an antd form name (`['levels', 1, 'feeRates', 0]`). */
export const formName = (field: string) => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/**
 * Marks on the form the fields a refusal names, each with `message`: pair it with `useAction(…, { fieldsOnForm:
 * true })`, whose notice then points at the marked fields instead of naming a field path. With `prefix` (a form that
 * edits one member of the call's body, as settings edit `value`), only fields under it are marked, without it.
 * Returns the names marked.
 */
export function markRefusedFields(
  form: FormInstance,
  err: unknown,
  message: string,
  prefix = '',
): (string | number)[][] {
  if (!(err instanceof ApiError)) return [];
  const names = err.fields.filter((f) => f.field.startsWith(prefix)).map((f) => formName(f.field.slice(prefix.length)));
  form.setFields(names.map((name) => ({ name: name as never, errors: [message] })));
  return names;
}
