import { CODE_RESEND_FALLBACK_SEC } from '@/lib/config';
import type { CodeScene } from '@nexa/contract';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../api/auth-api';
import { type IdentityInput, hasErrors } from '../fields';
import { validateIdentity } from '../validation';
import { useIdentityForm } from './use-identity';

/**
 * The forms that prove the identity with a code and set a password (register, reset): the identity, the code with
 * its sender, the new password twice.
 */
export function useCodeForm(scene: CodeScene, initial?: Partial<IdentityInput>) {
  const { t } = useTranslation();
  const form = useIdentityForm(initial);
  const { identity, setErrors } = form;
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');

  /** Checks the identity and sends a code; resolves with the seconds before the next one, or null. */
  const sendCode = async (): Promise<number | null> => {
    const found = validateIdentity(identity);
    setErrors(found);
    if (hasErrors(found)) return null;
    try {
      const sent = await authApi.sendCode(identity, scene);
      Toast.show({ content: t('auth.codeSent'), duration: 2000 });
      return sent.retryAfterSec > 0 ? sent.retryAfterSec : CODE_RESEND_FALLBACK_SEC;
    } catch (error) {
      form.showServerErrors(error);
      return null;
    }
  };

  return { ...form, code, setCode, password, setPassword, password2, setPassword2, sendCode };
}

export type CodeForm = ReturnType<typeof useCodeForm>;
