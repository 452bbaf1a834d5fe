// Every action the app registers. The permission test walks this object and
// fails on any action that neither checks a role nor is marked public.
import { inquiry } from './public/inquiry';

export const server = {
  public: { inquiry },
};
