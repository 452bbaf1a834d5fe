// Placeholder until its helper lands it (issue 15).
import type { ManagerProps } from './managers';

export default function MediaManager(_props: ManagerProps) {
  return <h2>Medien</h2>;
}
