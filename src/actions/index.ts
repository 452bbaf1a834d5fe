// Every action the app registers. The permission test walks this object and
// fails on any action that neither checks a role nor is marked public.
// Add one line per action file; keep the groups.
import { inquiry } from './public/inquiry';
import { cacheUpdate } from './admin/cache';

export const server = {
  public: { inquiry },
  admin: { cacheUpdate },
};
