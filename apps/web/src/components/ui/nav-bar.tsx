import { LeftOutline } from 'antd-mobile-icons';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoBack } from './use-go-back';

export interface NavBarProps {
  title?: ReactNode;
  /** true: a back button that goes back (or to the natural parent); a function: a back button that calls it. */
  back?: boolean | (() => void);
  left?: ReactNode;
  right?: ReactNode;
  /** Blend into the page instead of a solid bar (auth pages). */
  transparent?: boolean;
}

const WRAP = 'nav-bar__title--wrap';

/**
 * The title's element, given two smaller lines while its text is wider than one line at the full size. Measured at
 * the one-line size each time the title or its room changes; the class is set on the element itself (React never
 * rewrites the constant className), so the measuring costs no render.
 */
function useTitleFit(title: ReactNode) {
  const ref = useRef<HTMLHeadingElement>(null);
  const hasTitle = title !== undefined;
  // Keyed by the text, not the node: a page that re-renders (live prices) with an element title would measure, and
  // force a layout, at every render.
  const key = typeof title === 'string' ? title : hasTitle ? 'element' : undefined;
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || key === undefined) return;
    const text = document.createRange();
    text.selectNodeContents(el);
    // Fractional widths: scrollWidth rounds, and a text a third of a pixel too wide already ends in "…".
    const fit = () => {
      el.classList.remove(WRAP);
      el.classList.toggle(WRAP, text.getBoundingClientRect().width > el.getBoundingClientRect().width + 0.02);
    };
    fit();
    // The width of the text changes once the web font arrives; the room, with the screen and the sides.
    void document.fonts?.ready.then(fit);
    // The bar and its sides, not only the title: a title on two lines keeps its size when the screen widens.
    const observer = new ResizeObserver(fit);
    for (const box of [el, el.parentElement, ...(el.parentElement?.children ?? [])]) if (box) observer.observe(box);
    // A title that is an element (a picker) changes its text without a new `title` string.
    const edits = new MutationObserver(fit);
    edits.observe(el, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      edits.disconnect();
    };
  }, [key]);
  return ref;
}

/** The custom navigation bar every page has (spec §2): back button, centred title, optional right actions. */
export function NavBar({ title, back = false, left, right, transparent = false }: NavBarProps) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const onBack = typeof back === 'function' ? back : goBack;
  const titleRef = useTitleFit(title);
  return (
    <header className={`nav-bar${transparent ? ' nav-bar--transparent' : ''}`}>
      <div className="nav-bar__inner">
        <div className="nav-bar__side nav-bar__side--start">
          {back ? (
            <button
              type="button"
              className="icon-button nav-bar__back"
              onClick={onBack}
              aria-label={t('common.back')}
              data-testid="nav-back"
            >
              <LeftOutline />
            </button>
          ) : null}
          {left}
        </div>
        <h1 className="nav-bar__title" ref={titleRef}>
          {title}
        </h1>
        <div className="nav-bar__side nav-bar__side--end">{right}</div>
      </div>
    </header>
  );
}
