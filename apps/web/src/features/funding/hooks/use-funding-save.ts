import { useGoBack } from '@/components/ui/use-go-back';
import { ROUTES } from '@/lib/routes';
import { useFormFields } from '@/lib/use-form-fields';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import type { FundingError } from '../model';
import { fundingKeys } from './query-keys';
import { useErrorText } from './use-error-text';

/** A funding form's fields whose errors are keys of `funding.errors`, and the sentence of each field's error. */
export function useFundingFields<F extends string>(initial: Record<F, string>) {
  const fields = useFormFields<F, Partial<Record<F, FundingError>>>(initial);
  const errorText = useErrorText();
  return { ...fields, errorText: (name: F) => errorText(fields.errors[name]) };
}

/**
 * Saving one of the withdrawal's prerequisites (card, address, password): `checked` says what to send, or null
 * when the form showed an error. After a save every funding query is read again, `saved` is toasted and the user
 * goes back to where they came from (the withdrawal by default). A refusal was toasted by the request helper;
 * `refused` may show it under a field too.
 */
export function useFundingSave<B>(
  call: (body: B) => Promise<unknown>,
  saved: string,
  afterSave?: () => void,
  refused?: (error: unknown) => void,
) {
  const goBack = useGoBack(ROUTES.withdrawal);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fundingKeys.all }),
  });
  const { run, running } = useSingleFlight(async (checked: () => B | null) => {
    const body = checked();
    if (body === null) return;
    try {
      await save.mutateAsync(body);
      Toast.show({ icon: 'success', content: saved, duration: 2000 });
      afterSave?.();
      goBack();
    } catch (error) {
      // Toasted by the request helper.
      refused?.(error);
    }
  });
  return { submit: run, saving: save.isPending, busy: running || save.isPending };
}

export type FundingSave<B> = ReturnType<typeof useFundingSave<B>>;
