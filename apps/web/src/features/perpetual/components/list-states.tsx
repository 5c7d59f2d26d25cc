import { Skeleton } from 'antd-mobile';

/** Placeholder rows while a list loads. */
export function ListSkeleton() {
  return (
    <div className="perp-list" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="perp-row perp-row--skeleton">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ))}
    </div>
  );
}
