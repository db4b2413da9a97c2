import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { areaOfPath, mayUse } from './permissions';

describe('areaOfPath', () => {
  it.each([
    [paths.admin.root(), 'dashboard'],
    [paths.admin.publicationEdit('abc'), 'publications'],
    [paths.admin.publicationPreview('abc'), 'publications'],
    [paths.admin.review(), 'review'],
    [paths.admin.jobEdit('x'), 'jobs'],
    [paths.admin.adCampaign('x'), 'ads'],
    [`${paths.admin.audit()}/`, 'audit'],
    [paths.admin.users(), 'users'],
    // A prefix is a whole segment: /admin/jobsx is no jobs screen.
    ['/admin/jobsx', 'dashboard'],
  ])('%s is %s', (path, area) => {
    expect(areaOfPath(path)).toBe(area);
  });
});

describe('mayUse', () => {
  it('gives a reporter the dashboard and stories, an editor the content, an administrator everything', () => {
    expect(mayUse('reporter', 'publications')).toBe(true);
    expect(mayUse('reporter', 'review')).toBe(false);
    expect(mayUse('reporter', 'obituaries')).toBe(false);
    expect(mayUse('editor', 'review')).toBe(true);
    expect(mayUse('editor', 'ads')).toBe(true);
    expect(mayUse('editor', 'users')).toBe(false);
    expect(mayUse('editor', 'audit')).toBe(false);
    expect(mayUse('editor', 'newsletter')).toBe(false);
    expect(mayUse('admin', 'audit')).toBe(true);
  });
});
