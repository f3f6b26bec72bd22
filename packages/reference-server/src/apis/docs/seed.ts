import type { DocsState } from './store';

const created = '2026-01-15T09:00:00.000Z';

const section = (id: string, title: string, body: string) => ({ id, title, body });

/**
 * Deterministic seed data: two organizations with users, teams and collections, and spaces with
 * pages to search. The handbook space is synced to GitHub; the API space has no Git provider; the
 * changelog space still carries a legacy Git installation.
 */
export function docsSeed(): DocsState {
  return {
    organizations: [
      { id: 'org_acme', title: 'Acme Robotics' },
      { id: 'org_globex', title: 'Globex' },
    ],
    users: [
      {
        id: 'usr_ada',
        displayName: 'Ada Lovelace',
        email: 'ada@acme.test',
        photoURL: 'https://avatars.example.test/ada.png',
        organizations: ['org_acme'],
      },
      {
        id: 'usr_brian',
        displayName: 'Brian Kernighan',
        email: 'brian@acme.test',
        organizations: ['org_acme'],
      },
      {
        id: 'usr_chloe',
        displayName: 'Chloe Zhao',
        email: 'chloe@acme.test',
        organizations: ['org_acme'],
      },
      {
        id: 'usr_dan',
        displayName: 'Dan Abramov',
        email: 'dan@globex.test',
        organizations: ['org_globex'],
      },
    ],
    teams: [
      {
        id: 'team_writers',
        title: 'Technical writers',
        organization: 'org_acme',
        createdAt: created,
        members: ['usr_ada', 'usr_brian'],
      },
      {
        id: 'team_reviewers',
        title: 'Reviewers',
        organization: 'org_acme',
        createdAt: created,
        members: ['usr_chloe'],
      },
      {
        id: 'team_support',
        title: 'Support',
        organization: 'org_acme',
        createdAt: created,
        members: ['usr_brian', 'usr_chloe'],
      },
      {
        id: 'team_globex_ops',
        title: 'Globex operations',
        organization: 'org_globex',
        createdAt: created,
        members: ['usr_dan'],
      },
    ],
    collections: [
      { id: 'col_guides', title: 'Guides', organization: 'org_acme', order: 0 },
      { id: 'col_api', title: 'API', organization: 'org_acme', order: 1 },
      { id: 'col_globex', title: 'Globex docs', organization: 'org_globex', order: 0 },
    ],
    spaces: [
      {
        id: 'space_handbook',
        title: 'Robot handbook',
        emoji: '1f916',
        icon: null,
        organization: 'org_acme',
        parent: 'col_guides',
        order: 0,
        visibility: 'public',
        editMode: 'live',
        defaultLevel: 'inherit',
        language: 'en',
        mergeRules: { type: 'inherit' },
        createdAt: created,
        updatedAt: created,
        revision: 'rev_handbook_1',
        comments: 3,
        changeRequests: { open: 2, draft: 1, total: 9 },
        legacyGitInstallation: false,
        git: {
          installationId: 'gitinst_acme_github',
          provider: 'github',
          status: 'active',
          repoName: 'acme/robot-handbook',
          url: 'https://github.com/acme/robot-handbook',
          updatedAt: created,
        },
        userPermissions: { usr_ada: 'admin', usr_brian: 'edit' },
        teamPermissions: { team_writers: 'edit', team_reviewers: 'review' },
        pages: [
          {
            id: 'page_intro',
            title: 'Introduction',
            description: 'What the robot does and who this handbook is for',
            path: 'introduction',
            published: true,
            sections: [
              section(
                'sec_intro_1',
                'Overview',
                'The Acme robot sorts parcels in small warehouses. This handbook covers installation, calibration and maintenance.',
              ),
            ],
          },
          {
            id: 'page_install',
            title: 'Installation',
            description: 'Unpack, mount and power the robot',
            path: 'installation',
            published: true,
            sections: [
              section(
                'sec_install_1',
                'Unpacking',
                'Remove the robot from its crate and check the battery pack before installation.',
              ),
              section(
                'sec_install_2',
                'Power',
                'Connect the charger. A full charge takes two hours; the battery lasts a full shift.',
              ),
            ],
          },
          {
            id: 'page_calibration',
            title: 'Calibration',
            description: 'Teach the robot the shelf layout',
            path: 'installation/calibration',
            published: true,
            sections: [
              section(
                'sec_cal_1',
                'Shelf scan',
                'Drive the robot along each shelf once; calibration stores the layout.',
              ),
              section(
                'sec_cal_2',
                'Battery check',
                'Calibration needs at least half a battery charge.',
              ),
            ],
          },
          {
            id: 'page_maintenance',
            title: 'Maintenance',
            description: 'Weekly and yearly care, including battery replacement',
            path: 'maintenance',
            published: true,
            sections: [
              section(
                'sec_main_1',
                'Battery replacement',
                'Replace the battery every two years. Recycle the old battery at an approved site.',
              ),
              section('sec_main_2', 'Cleaning', 'Wipe the sensors weekly with a dry cloth.'),
            ],
          },
          {
            id: 'page_roadmap',
            title: 'Roadmap (draft)',
            description: 'Unpublished plans for the battery of the next model',
            path: 'roadmap',
            published: false,
            sections: [
              section(
                'sec_road_1',
                'Next battery',
                'A larger battery is planned for the next model.',
              ),
            ],
          },
        ],
      },
      {
        id: 'space_api',
        title: 'Robot API reference',
        emoji: null,
        icon: 'https://assets.example.test/api-icon.svg',
        organization: 'org_acme',
        parent: 'col_api',
        order: 0,
        visibility: 'public',
        editMode: 'locked',
        defaultLevel: 'read',
        language: 'en',
        mergeRules: { type: 'none' },
        createdAt: created,
        updatedAt: created,
        revision: 'rev_api_1',
        comments: 0,
        changeRequests: { open: 0, draft: 0, total: 0 },
        legacyGitInstallation: false,
        userPermissions: { usr_ada: 'admin' },
        teamPermissions: {},
        pages: [
          {
            id: 'page_auth',
            title: 'Authentication',
            description: 'API keys and tokens',
            path: 'authentication',
            published: true,
            sections: [
              section(
                'sec_auth_1',
                'Tokens',
                'Every request carries a bearer token. Tokens expire after one hour.',
              ),
            ],
          },
          {
            id: 'page_status',
            title: 'Robot status',
            description: 'Read the battery level and position of a robot',
            path: 'status',
            published: true,
            sections: [
              section(
                'sec_status_1',
                'Battery level',
                'GET /robots/{id}/status answers the battery level in percent.',
              ),
            ],
          },
        ],
      },
      {
        id: 'space_changelog',
        title: 'Changelog',
        emoji: '1f4dd',
        icon: null,
        organization: 'org_acme',
        parent: null,
        order: 2,
        visibility: 'unlisted',
        editMode: 'live',
        defaultLevel: 'inherit',
        language: 'en',
        mergeRules: { type: 'inherit' },
        createdAt: created,
        updatedAt: created,
        revision: 'rev_changelog_1',
        comments: 1,
        changeRequests: { open: 0, draft: 1, total: 4 },
        legacyGitInstallation: true,
        userPermissions: {},
        teamPermissions: { team_support: 'read' },
        pages: [
          {
            id: 'page_v2',
            title: 'Version 2.0',
            description: 'Faster sorting and a new battery',
            path: 'v2',
            published: true,
            sections: [
              section(
                'sec_v2_1',
                'Highlights',
                'Sorting is twice as fast. The new battery charges in ninety minutes.',
              ),
            ],
          },
        ],
      },
      {
        id: 'space_globex',
        title: 'Globex operations manual',
        emoji: null,
        icon: null,
        organization: 'org_globex',
        parent: 'col_globex',
        order: 0,
        visibility: 'private',
        editMode: 'live',
        defaultLevel: null,
        language: 'fr',
        mergeRules: { type: 'inherit' },
        createdAt: created,
        updatedAt: created,
        revision: 'rev_globex_1',
        comments: 0,
        changeRequests: { open: 1, draft: 0, total: 1 },
        legacyGitInstallation: false,
        git: {
          installationId: 'gitinst_globex_gitlab',
          provider: 'gitlab',
          status: 'unauthenticated',
        },
        userPermissions: { usr_dan: 'admin' },
        teamPermissions: { team_globex_ops: 'edit' },
        pages: [
          {
            id: 'page_globex_1',
            title: 'Procédures',
            description: 'Procédures internes',
            path: 'procedures',
            published: true,
            sections: [
              section('sec_gx_1', 'Démarrage', 'Vérifier la batterie avant le démarrage.'),
            ],
          },
        ],
      },
    ],
  };
}
