import { type MdBlock, type MdInline, parseMarkdown } from '@nexa/contract';
import { Children, type ReactNode, useMemo } from 'react';
import { Link } from 'react-router-dom';
import './markdown.css';

/**
 * Rich text of announcements and help articles (the Markdown subset of @nexa/contract): parsed into a tree and
 * rendered as React elements, never as HTML, so text is always text. Links are only ours (`#/pages/…`, opened in
 * the app) or https (a new tab, without access to this page); the parser leaves any other link as plain text.
 */
export function Markdown({ source, className, testId }: { source: string; className?: string; testId?: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <div className={className ? `md ${className}` : 'md'} data-testid={testId} dir="auto">
      {blocks.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks of a fixed text, in order
        <Block key={i} block={b} />
      ))}
    </div>
  );
}

function Block({ block }: { block: MdBlock }) {
  switch (block.t) {
    case 'heading':
      return block.level === 2 ? (
        <h3 className="md__h2">{inline(block.c)}</h3>
      ) : (
        <h4 className="md__h3">{inline(block.c)}</h4>
      );
    case 'paragraph':
      return <p dir="auto">{inline(block.c)}</p>;
    case 'list': {
      const items = block.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items of a fixed text, in order
        <li key={i} dir="auto">
          {inline(item)}
        </li>
      ));
      return block.ordered ? <ol className="md__list">{items}</ol> : <ul className="md__list">{items}</ul>;
    }
  }
}

/** Inline nodes; Children.toArray keys them by position (a fixed text, in order). */
function inline(nodes: MdInline[]): ReactNode[] {
  return Children.toArray(nodes.map(inlineNode));
}

function inlineNode(n: MdInline): ReactNode {
  if (n.t === 'text') return n.v;
  if (n.t === 'strong') return <strong>{inline(n.c)}</strong>;
  if (n.href.startsWith('#/')) {
    return (
      <Link to={n.href.slice(1)} className="md__link">
        {inline(n.c)}
      </Link>
    );
  }
  return (
    <a href={n.href} target="_blank" rel="noopener noreferrer" className="md__link">
      {inline(n.c)}
    </a>
  );
}
