import { useFormFields } from '@/lib/use-form-fields';
import { useSingleFlight } from '@/lib/use-single-flight';
import type { VerificationState } from '@nexa/contract';
import { IdentityFields, type IdentityValues } from '../components/identity-fields';
import { LevelForm, LevelPage } from '../components/level-page';
import { useSubmitVerification } from '../hooks/use-submit-verification';
import { type KycErrors, hasErrors, validateBasic } from '../model';

function BasicForm({ previous }: { previous: VerificationState }) {
  // A rejected submission comes back filled in (the ID number is only shown masked, so it is typed again).
  const { values, errors, setErrors, set } = useFormFields<keyof IdentityValues, KycErrors>({
    country: previous.country ?? '',
    name: previous.name ?? '',
    idNumber: '',
  });
  const send = useSubmitVerification(setErrors);

  const submit = useSingleFlight(async () => {
    const found = validateBasic(values);
    setErrors(found);
    if (hasErrors(found)) return;
    await send({ level: 'basic', country: values.country, name: values.name.trim(), idNumber: values.idNumber.trim() });
  });

  return (
    <LevelForm level="basic" previous={previous} submit={submit}>
      <IdentityFields values={values} errors={errors} countryFallback={previous.country} onChange={set} />
    </LevelForm>
  );
}

/** Basic verification (spec §2 mine/primary): country or region, name, ID number. */
export default function PrimaryPage() {
  return <LevelPage level="basic">{(data) => <BasicForm previous={data.basic} />}</LevelPage>;
}
