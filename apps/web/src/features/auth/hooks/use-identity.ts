import { TOAST_DURATION_MS } from '@/lib/config';
import { ApiError } from '@/lib/request';
import { getSession, useSession } from '@/lib/session-store';
import { showToast } from '@/lib/toast';
import { DEFAULT_LANG, type IdentityType } from '@nexa/contract';
import { useCallback, useState } from 'react';
import {
  type FieldErrors,
  type FieldName,
  type IdentityInput,
  defaultAreaCode,
  fieldErrorsFromServer,
  hasErrors,
  refusalShownInline,
} from '../fields';

/** Form state shared by login, register and reset: the identity (e-mail or mobile) and the inline errors. */
export function useIdentityForm(initial?: Partial<IdentityInput>) {
  const lang = useSession((s) => s.lang) ?? DEFAULT_LANG;
  const [identity, setIdentity] = useState<IdentityInput>(() => ({
    type: initial?.type ?? 'email',
    email: initial?.email ?? '',
    areaCode: initial?.areaCode || defaultAreaCode(lang),
    mobile: initial?.mobile ?? '',
  }));
  const [errors, setErrors] = useState<FieldErrors>({});

  const clearError = useCallback((field: FieldName) => {
    setErrors((prev) => {
      if (!prev[field]) return prev;
      const next = { ...prev };
      delete next[field];
      return next;
    });
  }, []);

  const update = useCallback(
    (patch: Partial<IdentityInput>) => {
      setIdentity((prev) => ({ ...prev, ...patch }));
      for (const key of Object.keys(patch)) if (key !== 'type') clearError(key as FieldName);
    },
    [clearError],
  );

  const setType = useCallback((type: IdentityType) => {
    setIdentity((prev) => ({ ...prev, type }));
    setErrors({});
  }, []);

  /** Remembers who signed in on this device (the identifier, never the password), for the next login form. */
  const rememberIdentity = () =>
    getSession().setLoginInf({
      type: identity.type,
      email: identity.email.trim(),
      areaCode: identity.areaCode,
      mobile: identity.mobile.trim(),
    });

  /**
   * A refusal's field reasons under their inputs, and a toast only for what they do not say (the auth calls are made
   * silent): before, a refused mobile number was said twice, under the field and in a toast over the code field.
   */
  const showServerErrors = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    const inline = fieldErrorsFromServer(error.fields);
    setErrors(inline);
    if (!refusalShownInline(error.fields, inline)) showToast(error.msg, TOAST_DURATION_MS);
  };

  /** Shows what the checks `found`; when nothing, runs `action`, a refusal's reasons landing under their fields. */
  const attempt = async (found: FieldErrors, action: () => Promise<void>) => {
    setErrors(found);
    if (hasErrors(found)) return;
    try {
      await action();
    } catch (error) {
      showServerErrors(error);
    }
  };

  return { identity, update, setType, errors, setErrors, clearError, rememberIdentity, showServerErrors, attempt };
}

export type IdentityForm = ReturnType<typeof useIdentityForm>;
