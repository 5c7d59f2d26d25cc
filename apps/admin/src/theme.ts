import type { ThemeConfig } from 'antd';

/**
 * The console's colours, at WCAG AA (4.5:1) for text wherever antd draws them: antd's defaults put secondary text
 * (rgba(0,0,0,.45), 3.4:1), links (#1677ff, 4.1:1), danger buttons (#ff4d4f, 3.3:1), success and warning text
 * (2.3:1 and 1.9:1) and the selected menu item (4.3:1) below it. theme.test.ts checks every pair against the
 * tokens antd derives from these seeds.
 */
export const CONSOLE_COLORS = {
  primary: '#1659d1',
  success: '#2b750b',
  warning: '#945a00',
  error: '#c41d1f',
  /** Secondary text: descriptions, statistic titles, empty states, hints. */
  secondaryText: 'rgba(0, 0, 0, 0.62)',
  /** A count that needs nobody (a badge at zero): white on it reads at 6:1. */
  neutral: '#616161',
} as const;

export const consoleTheme: ThemeConfig = {
  token: {
    colorPrimary: CONSOLE_COLORS.primary,
    colorInfo: CONSOLE_COLORS.primary,
    colorLink: CONSOLE_COLORS.primary,
    colorSuccess: CONSOLE_COLORS.success,
    colorWarning: CONSOLE_COLORS.warning,
    colorError: CONSOLE_COLORS.error,
    // antd derives these tints from the seed; from the darker seeds above they came out grey, so they are antd's own.
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorTextDescription: CONSOLE_COLORS.secondaryText,
    colorTextTertiary: CONSOLE_COLORS.secondaryText,
  },
};
