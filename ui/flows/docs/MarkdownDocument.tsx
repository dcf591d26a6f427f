import { Fragment, type ReactNode, useEffect } from 'react';
import type { Block, Document } from './documents';

/** Inline marks of the documents: `code`, **strong**, and [text](address) read as its text. */
function inline(text: string): ReactNode[] {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/).map((piece, index) => {
    const key = `${index}:${piece}`;
    if (piece.startsWith('`') && piece.endsWith('`') && piece.length > 1)
      return <code key={key}>{piece.slice(1, -1)}</code>;
    if (piece.startsWith('**') && piece.endsWith('**') && piece.length > 3)
      return <strong key={key}>{piece.slice(2, -2)}</strong>;
    return <Fragment key={key}>{piece.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')}</Fragment>;
  });
}

function BlockView({ block, shift }: { block: Block; shift: number }) {
  switch (block.kind) {
    case 'heading': {
      const level = Math.min(6, block.level + shift);
      const Heading = `h${level}` as 'h1';
      return (
        <Heading id={block.id} className="flows-doc__heading">
          {inline(block.text)}
        </Heading>
      );
    }
    case 'paragraph':
      return <p>{inline(block.text)}</p>;
    case 'code':
      return <pre>{block.text}</pre>;
    case 'list':
      return (
        <ul>
          {block.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a document's items never reorder
            <li key={index} id={item.id}>
              {inline(item.text)}
            </li>
          ))}
        </ul>
      );
    case 'table': {
      const [head, ...rows] = block.rows;
      return (
        <div className="flows__table-scroll">
          <table>
            <thead>
              <tr>
                {head?.map((cell, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns never reorder
                  <th key={index}>{inline(cell)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a table's rows never reorder
                <tr key={index}>
                  {row.map((cell, column) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns never reorder
                    <td key={column}>{inline(cell)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
  }
}

/**
 * A document of the repository as a page: its headings with their anchors (a link to one lands on it and marks it,
 * `:target` in flows.css). `shift` lowers every heading (the decisions' files under the page's own title).
 */
export function MarkdownDocument({ document, shift = 0 }: { document: Document; shift?: number }) {
  return (
    <>
      {document.blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a document's blocks never reorder
        <BlockView key={index} block={block} shift={shift} />
      ))}
    </>
  );
}

/**
 * After a lazy page has drawn its document, go to the address's anchor and mark it (`data-linked`): the browser
 * looked for it, and chose its `:target`, before it existed.
 */
export function useScrollToHash() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const clause = id ? document.getElementById(id) : null;
    if (!clause) return;
    clause.setAttribute('data-linked', '');
    // After the commit's other effects: the router restores the scroll of a new page (to the top) in its own.
    const timer = window.setTimeout(() => clause.scrollIntoView(), 0);
    return () => {
      window.clearTimeout(timer);
      clause.removeAttribute('data-linked');
    };
  }, []);
}
