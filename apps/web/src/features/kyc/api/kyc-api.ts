import { request } from '@/lib/http';
import type { ApiBody } from '@nexa/contract';

/** Identity verification calls (spec §7 user_verification/*). */
export const kycApi = {
  countries: (signal?: AbortSignal) => request('user_verification/getCountryList', {}, { method: 'GET', signal }),
  status: (signal?: AbortSignal) => request('user_verification/getUserVerification', {}, { method: 'GET', signal }),
  /** Silent: the form says a refusal itself, under the fields it names, else as a toast (`sayRefusal`). */
  submit: (body: ApiBody<'user_verification/submitIdentityVerification'>) =>
    request('user_verification/submitIdentityVerification', body, { silent: true }),
};
