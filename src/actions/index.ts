// Every action the app registers. The permission test walks this object and
// fails on any action that neither checks a role nor is marked public.
// Add one line per action file; keep the groups.
// zod answers in German for every action's input, also one defined inline there
import '../lib/schemas/zod-german';
import { inquiry } from './public/inquiry';
import { cacheUpdate } from './admin/cache';
import { signIn, signInSecondStep } from './auth/signIn';
import { requestPasswordReset, resetPassword } from './auth/password';
import { completeSetup } from './auth/setup';
import { users } from './admin/users';
import { pageContent } from './admin/pageContent';
import { shop } from './admin/shop';
import { home } from './admin/home';
import { news } from './admin/news';
import { teams } from './admin/teams';
import { players } from './admin/players';
import { youthTeams } from './admin/youthTeams';
import { matches } from './admin/matches';
import { sponsors } from './admin/sponsors';
import { contacts } from './admin/contacts';
import { inquiries } from './admin/inquiries';
import { membership } from './admin/membership';
import { imprint } from './admin/imprint';
import { privacy } from './admin/privacy';
import { social } from './admin/social';
import { sessions } from './admin/sessions';
import { account } from './admin/account';
import { deploy } from './admin/deploy';
import { backup } from './admin/backup';
import { jobs } from './admin/jobs';
import { mail } from './admin/mail';
import { club } from './admin/club';
import { matchDetails } from './admin/matchDetails';
import { matchDay } from './admin/matchDay';
import { leagues } from './admin/leagues';
import { matchImport } from './admin/matchImport';
import { revisions } from './admin/revisions';
import { audit } from './admin/audit';
import { mediaLibrary } from './admin/media';
import { preview } from './admin/preview';
import { retention } from './admin/retention';
import { firstSteps } from './admin/firstSteps';

export const server = {
  public: { inquiry },
  auth: { signIn, signInSecondStep, requestPasswordReset, resetPassword, completeSetup },
  admin: { cacheUpdate, users, pageContent, shop, home, news, teams, players, youthTeams, matches, sponsors, contacts, inquiries, membership, imprint, privacy, social, sessions, account, deploy, backup, jobs, mail, club, matchDetails, matchDay, leagues, matchImport, revisions, audit, mediaLibrary, preview, retention, firstSteps },
};
