import { Button } from 'antd';
import type { ReactNode } from 'react';

/**
 * A button in a table row that opens the row's record. The row opens on a click too (`onRow`), but a row is not
 * reachable by keyboard or announced by a screen reader: this is their way in.
 */
export function RowOpenButton({
  onOpen,
  children,
  testId,
}: { onOpen: () => void; children: ReactNode; testId?: string }) {
  return (
    <Button
      type="link"
      size="small"
      onClick={(e) => {
        // The row's own click would open it a second time.
        e.stopPropagation();
        onOpen();
      }}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
