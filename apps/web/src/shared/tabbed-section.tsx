import { useDirection } from '@/i18n/use-direction';
import { Tabs } from 'antd-mobile';
import { Fragment, type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * The order tabs of a trading screen: the tab bar (each title `<testIdPrefix>-<key>`) and the open tab's panel,
 * drawn afresh when the tab changes. Classes: `<block>`, `<block>__bar`, `<block>__body`. The open tab is the
 * caller's (`tab`, `onTab`), or kept here from the first one on.
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
  tab?: K;
  onTab?: (tab: K) => void;
  testIdPrefix: string;
  /** The tabs in order, each with its title. */
  titles: Record<K, ReactNode>;
  panels: Record<K, () => ReactNode>;
}) {
  const keys = Object.keys(titles) as K[];
  // The titles name at least one tab.
  const [own, setOwn] = useState(keys[0] as K);
  const open = tab ?? own;
  const choose = onTab ?? setOwn;
  const direction = useDirection();
  const ref = useRef<HTMLElement>(null);
  // antd-mobile shows the fade at a cut edge of the bar (more tabs that way) only after a scroll: a title that grew
  // since (a count arrived, the language's pack loaded) could push a tab out of sight with no fade to say so.
  useEffect(() => {
    ref.current?.querySelector('.adm-tabs-tab-list')?.dispatchEvent(new Event('scroll'));
  });
  return (
    <section className={block} aria-label={label} ref={ref}>
      <Tabs
        direction={direction}
        activeKey={open}
        onChange={(key) => choose(keys.find((k) => k === key) ?? open)}
        className={`${block}__bar`}
      >
        {keys.map((key) => (
          <Tabs.Tab key={key} title={<span data-testid={`${testIdPrefix}-${key}`}>{titles[key]}</span>} />
        ))}
      </Tabs>
      <div className={`${block}__body`} role="tabpanel">
        <Fragment key={open}>{panels[open]()}</Fragment>
      </div>
    </section>
  );
}
