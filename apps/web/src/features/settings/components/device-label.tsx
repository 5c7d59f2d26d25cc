import type { DeviceInfo } from '@nexa/contract';
import { useTranslation } from 'react-i18next';

/** "Chrome · Windows", or "Unknown device" when the user agent said nothing we know. */
export function useDeviceLabel() {
  const { t } = useTranslation();
  return (d: DeviceInfo) => [d.browser, d.os].filter(Boolean).join(' · ') || t('security.unknownDevice');
}
