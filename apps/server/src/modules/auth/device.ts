import type { DeviceInfo } from '@nexa/contract';
import Bowser from 'bowser';

/** Browser, OS and form factor from a user agent; unknown parts are null (an empty or odd agent is not an error). */
export function parseDevice(userAgent: string | null | undefined): DeviceInfo {
  if (!userAgent?.trim()) return { browser: null, os: null, type: null };
  try {
    const r = Bowser.parse(userAgent.slice(0, 512));
    return { browser: r.browser.name || null, os: r.os.name || null, type: r.platform.type || null };
  } catch {
    return { browser: null, os: null, type: null };
  }
}

/** What "the same device" means for the new-device notice: the browser family and the OS, not their versions. */
export function deviceKey(d: DeviceInfo): string {
  return `${d.browser ?? '?'}|${d.os ?? '?'}`;
}
