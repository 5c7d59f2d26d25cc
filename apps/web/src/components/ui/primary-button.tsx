import { Button, type ButtonProps } from 'antd-mobile';

/** The one large call to action at the end of a form (submit, next, claim): full width, the accent colour. */
export function PrimaryButton({
  testId,
  ...button
}: Omit<ButtonProps, 'block' | 'color' | 'size' | 'className'> & { testId: string }) {
  return <Button block color="primary" size="large" className="primary-button" data-testid={testId} {...button} />;
}
