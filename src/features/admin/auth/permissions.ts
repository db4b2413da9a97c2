import type { ProfileRole } from '../../../types/database';
import { paths } from '../../../lib/paths';

/**
 * What each newsroom role may use in the panel (docs/decisions/0037). The database decides what each role may read
 * and write (row-level security); this only keeps the panel from offering a screen whose every request it would
 * refuse.
 */
export type StaffRole = Exclude<ProfileRole, 'pending'>;

export type AdminArea =
  | 'dashboard'
  | 'publications'
  | 'review'
  | 'topics'
  | 'obituaries'
  | 'jobs'
  | 'tips'
  | 'support'
  | 'mediaKit'
  | 'ads'
  | 'audience'
  | 'newsletter'
  | 'users'
  | 'audit'
  | 'dataRights'
  | 'settings'
  | 'system'
  | 'account';

const EVERYONE: readonly StaffRole[] = ['admin', 'editor', 'reporter'];
const EDITORS: readonly StaffRole[] = ['admin', 'editor'];
const ADMINS: readonly StaffRole[] = ['admin'];

const WHO_MAY_USE: Record<AdminArea, readonly StaffRole[]> = {
  dashboard: EVERYONE,
  publications: EVERYONE,
  review: EDITORS,
  topics: EDITORS,
  obituaries: EDITORS,
  jobs: EDITORS,
  tips: EDITORS,
  // Reader support's reconciling (decision 0054): editors and administrators, as the database's policy.
  support: EDITORS,
  mediaKit: EDITORS,
  ads: EDITORS,
  // What readers read (decision 0053): the newsroom's editors decide with it.
  audience: EDITORS,
  // The digest's screen holds subscribers' addresses and the send time: personal data and a setting.
  newsletter: ADMINS,
  users: ADMINS,
  audit: ADMINS,
  // Privacy (decision 0039): the data subjects' rights and the settings are administrators'; 'Minha conta' everyone's.
  dataRights: ADMINS,
  settings: ADMINS,
  // The scheduled jobs, the version and the sizes (decision 0042): what keeps the site up is an administrator's.
  system: ADMINS,
  account: EVERYONE,
};

export function isStaffRole(role: ProfileRole): role is StaffRole {
  return role !== 'pending';
}

export function mayUse(role: StaffRole, area: AdminArea): boolean {
  return WHO_MAY_USE[area].includes(role);
}

/** Whether the role publishes, schedules and manages every story (an Editor or an Administrador). */
export function isEditorRole(role: StaffRole): boolean {
  return role !== 'reporter';
}

export const ROLE_LABELS: Record<ProfileRole, string> = {
  admin: 'Administrador',
  editor: 'Editor',
  reporter: 'Repórter',
  pending: 'Aguardando aprovação',
};

// Each screen's address prefix and its area; the first match wins, so longer prefixes come first where they nest.
const AREA_PREFIXES: readonly (readonly [string, AdminArea])[] = [
  [paths.admin.publications(), 'publications'],
  [paths.admin.review(), 'review'],
  [paths.admin.topics(), 'topics'],
  [paths.admin.obituaries(), 'obituaries'],
  [paths.admin.jobs(), 'jobs'],
  [paths.admin.tips(), 'tips'],
  [paths.admin.support(), 'support'],
  [paths.admin.mediaKit(), 'mediaKit'],
  [paths.admin.ads(), 'ads'],
  [paths.admin.audience(), 'audience'],
  [paths.admin.newsletter(), 'newsletter'],
  [paths.admin.users(), 'users'],
  [paths.admin.audit(), 'audit'],
  [paths.admin.dataRights(), 'dataRights'],
  [paths.admin.settings(), 'settings'],
  [paths.admin.system(), 'system'],
  [paths.admin.account(), 'account'],
];

/** The area an admin address belongs to; the dashboard for /admin itself and anything not listed. */
export function areaOfPath(pathname: string): AdminArea {
  const path = pathname.replace(/\/+$/, '');
  for (const [prefix, area] of AREA_PREFIXES) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return area;
  }
  return 'dashboard';
}
