import { ApiError } from '@/lib/request';
import { ROUTES } from '@/lib/routes';
import type { SubmitVerificationBody } from '@nexa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { kycApi } from '../api/kyc-api';
import { type KycErrors, errorsFromServer } from '../model';
import { kycKeys } from './query-keys';

/**
 * Sends a verification and, once accepted, shows the status page with the answer (now under review). A 400's
 * refused fields come back as prompts; any other refusal was toasted by the request helper.
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
      if (error instanceof ApiError) onFieldErrors(errorsFromServer(error.fields, error.msg, body.level));
    }
  };
}
