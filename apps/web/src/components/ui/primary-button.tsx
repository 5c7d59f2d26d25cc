import { Button, type ButtonProps } from 'antd-mobile';

type ActionButtonProps = Omit<ButtonProps, 'block' | 'color' | 'size' | 'className'> & { testId: string };

/** The one large call to action at the end of a form (submit, next, claim): full width, the accent colour. */
export function PrimaryButton({ testId, ...button }: ActionButtonProps) {
  return <Button block color="primary" size="large" className="primary-button" data-testid={testId} {...button} />;
}

/**
 * The large action that undoes or ends something (log out, turn 2FA off, stop copying, stop auto-following, sign
 * other sessions out): full width, red letters on the plain surface, so it never reads as the screen's main action.
 */
export function DangerButton({ testId, ...button }: ActionButtonProps) {
  return <Button block size="large" className="danger-button" data-testid={testId} {...button} />;
}
