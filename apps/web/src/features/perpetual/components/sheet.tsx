import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A bottom sheet with a title and a close button; the mask does not close it while a call is pending. */
export function Sheet({
  visible,
  title,
  pending = false,
  onClose,
  testId,
  children,
}: {
  visible: boolean;
  title: ReactNode;
  pending?: boolean;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Popup
      visible={visible}
      onMaskClick={pending ? undefined : onClose}
      onClose={onClose}
      bodyClassName="perp-sheet"
      destroyOnClose
    >
      <section data-testid={testId} aria-label={typeof title === 'string' ? title : undefined}>
        <header className="sheet__header">
          <h2 className="sheet__title">{title}</h2>
          <button
            type="button"
            className="icon-button"
            onClick={onClose}
            disabled={pending}
            aria-label={t('common.close')}
          >
            <CloseOutline />
          </button>
        </header>
        <div className="perp-sheet__body">{children}</div>
      </section>
    </Popup>
  );
}

/** Label / value rows of a sheet or a detail card. */
export function Facts({ children, className }: { children: ReactNode; className?: string }) {
  return <dl className={`perp-summary${className ? ` ${className}` : ''}`}>{children}</dl>;
}

export function Fact({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
