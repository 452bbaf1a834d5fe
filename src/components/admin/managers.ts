// Which component edits which tab. Each manager is its own chunk, loaded when
// its tab opens, so the panel starts small on a phone.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { TabKey } from './tabs';

export type ManagerProps = { isSuperAdmin: boolean; userId: string };

export const MANAGERS: Partial<Record<TabKey, LazyExoticComponent<ComponentType<ManagerProps>>>> = {
  vereinsgeschichte: lazy(() => import('./HistoryManager')),
  social: lazy(() => import('./SocialManager')),
  datenschutz: lazy(() => import('./PrivacyManager')),
  impressum: lazy(() => import('./ImprintManager')),
  kontakt: lazy(() => import('./ContactsManager')),
  sponsoren: lazy(() => import('./SponsorsManager')),
  mitglied: lazy(() => import('./MembershipManager')),
  startseite: lazy(() => import('./HomeManager')),
  news: lazy(() => import('./NewsManager')),
  mannschaften: lazy(() => import('./TeamsManager')),
  spieler: lazy(() => import('./PlayersManager')),
  nachwuchs: lazy(() => import('./YouthTeamsManager')),
  spielplan: lazy(() => import('./MatchesManager')),
  shop: lazy(() => import('./ShopManager')),
  benutzer: lazy(() => import('./UserManager')),
  verein: lazy(() => import('./ClubManager')),
  spieltag: lazy(() => import('./MatchDayManager')),
  tabellen: lazy(() => import('./LeaguesManager')),
  medien: lazy(() => import('./MediaManager')),
  papierkorb: lazy(() => import('./TrashManager')),
  protokoll: lazy(() => import('./AuditLogManager')),
};
