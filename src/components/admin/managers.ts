// Which component edits which tab. Each manager is its own chunk, loaded when
// its tab opens, so the panel starts small on a phone.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { TabKey } from './tabs';

export type ManagerProps = { isSuperAdmin: boolean; userId: string };

export const MANAGERS: Partial<Record<TabKey, LazyExoticComponent<ComponentType<ManagerProps>>>> = {
};
