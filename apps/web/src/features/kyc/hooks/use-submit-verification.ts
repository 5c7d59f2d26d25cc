import { TOAST_DURATION_MS } from '@/lib/config';
import { ApiError } from '@/lib/request';
import { ROUTES } from '@/lib/routes';
import { showToast } from '@/lib/toast';
import type { SubmitVerificationBody } from '@nexa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { kycApi } from '../api/kyc-api';
import { type KycErrors, sayRefusal } from '../model';
import { kycKeys } from './query-keys';

/**
 * Sends a verification and, once accepted, shows the status page with the answer (now under review). A refusal is
 * said once: the refused fields' reasons under them, and a toast only for what no field of the form says. The call
 * is silent (the request helper would toast every refusal), and the helper still does the rest: a 401 ends the
 * session and opens login, a 402/403 opens the page the call needs; its message is the toast here.
 */
export function useSubmitVerification(onFieldErrors: (errors: KycErrors) => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (body: SubmitVerificationBody) => {
    try {
      const state = await kycApi.submit(body);
      queryClient.setQueryData(kycKeys.status, state);
      Toast.show({ icon: 'success', content: t('kyc.submitted'), duration: 2000 });
      // Back to the status page the form was opened from (no second copy of it in the history); a form opened
      // directly (a link, a reload) is replaced by it.
      const idx = (window.history.state as { idx?: number } | null)?.idx;
      if (typeof idx === 'number' && idx > 0) navigate(-1);
      else navigate(ROUTES.verification, { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const { inline, toast } = sayRefusal(error, body.level);
      onFieldErrors(inline);
      if (toast) showToast(toast, TOAST_DURATION_MS);
    }
  };
}
