import { UnorderedListOutline } from 'antd-mobile-icons';
import { Link } from 'react-router-dom';

/** The nav bar's list icon that opens a record list. */
export function RecordsLink({ to, label, testId }: { to: string; label: string; testId: string }) {
  return (
    <Link to={to} className="icon-button" aria-label={label} data-testid={testId}>
      <UnorderedListOutline />
    </Link>
  );
}
