import { Tabs } from 'antd-mobile';
import { Fragment, type ReactNode } from 'react';

/**
 * The order tabs of a trading screen: the tab bar (each title `<testIdPrefix>-<key>`) and the open tab's panel,
 * drawn afresh when the tab changes. Classes: `<block>`, `<block>__bar`, `<block>__body`.
 */
export function TabbedSection<K extends string>({
  block,
  label,
  tab,
  onTab,
  testIdPrefix,
  titles,
  panels,
}: {
  block: string;
  label: string;
  tab: K;
  onTab: (tab: K) => void;
  testIdPrefix: string;
  /** The tabs in order, each with its title. */
  titles: Record<K, ReactNode>;
  panels: Record<K, () => ReactNode>;
}) {
  const keys = Object.keys(titles) as K[];
  return (
    <section className={block} aria-label={label}>
      <Tabs activeKey={tab} onChange={(key) => onTab(keys.find((k) => k === key) ?? tab)} className={`${block}__bar`}>
        {keys.map((key) => (
          <Tabs.Tab key={key} title={<span data-testid={`${testIdPrefix}-${key}`}>{titles[key]}</span>} />
        ))}
      </Tabs>
      <div className={`${block}__body`} role="tabpanel">
        <Fragment key={tab}>{panels[tab]()}</Fragment>
      </div>
    </section>
  );
}
