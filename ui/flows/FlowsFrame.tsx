import type { ReactNode } from 'react';
import '../styles/layout.css';
import './flows.css';

/** The explorer's page: its one <main>, as wide as the content allows (diagrams and tables need the room). */
export function FlowsFrame({ children }: { children: ReactNode }) {
  return <main className="flows-frame">{children}</main>;
}
