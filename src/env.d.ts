/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** set by the publisher: the page is rendered for everyone, not for one visitor */
    publishing?: boolean;
    /** set by the publisher: the time of the publish, "today" for the page (src/server/content/today.ts) */
    publishedAt?: number;
    user: { id: string; email: string } | null;
    session: { id: string; expiresAt: number } | null;
    roles: import('./server/auth/roles').Role[];
    isAdmin: boolean;
    isSuperAdmin: boolean;
    /** an admin who must set up the second factor a superadmin requires, before anything else */
    mustSetUpSecondFactor?: boolean;
  }
}
