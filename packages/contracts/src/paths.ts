/**
 * The web app's route table (clinician-portal §2.1). `path` is the router pattern,
 * `getHref` builds a link. Screens register only the routes that work.
 */
const withId =
  (prefix: string) =>
  (id: string): string =>
    `${prefix}/${encodeURIComponent(id)}`;

export const paths = {
  home: { path: '/', getHref: () => '/' },
  homeAlias: { path: '/home', getHref: () => '/home' },
  signIn: { path: '/sign-in', getHref: () => '/sign-in' },
  exams: { path: '/exams', getHref: () => '/exams' },
  exam: { path: '/exams/:examId', getHref: withId('/exams') },
  selfExamRequests: { path: '/self-exam-requests', getHref: () => '/self-exam-requests' },
  /** The patient's page of one self-exam request (patient portal; opened with the access code). */
  selfExam: { path: '/self-exam/:selfExamRequestId', getHref: withId('/self-exam') },
  /** The patient's standing self-exam link (patient-initiated self exams; opened with its access code). */
  selfExamLink: { path: '/self-exam-link/:selfExamLinkId', getHref: withId('/self-exam-link') },
  liveExam: {
    path: '/live-exam/:liveExamId?',
    getHref: (id?: string) => (id ? withId('/live-exam')(id) : '/live-exam'),
  },
  virtualExam: {
    path: '/virtual-exam/:id?',
    getHref: (id?: string) => (id ? withId('/virtual-exam')(id) : '/virtual-exam'),
  },
  calendar: { path: '/calendar', getHref: () => '/calendar' },
  compatibilityTest: { path: '/live-exam-compatibility-test', getHref: () => '/live-exam-compatibility-test' },
  patients: { path: '/patients', getHref: () => '/patients' },
  patient: { path: '/patients/:patientProfileId', getHref: withId('/patients') },
  council: { path: '/council', getHref: () => '/council' },
  /** The automated report of one auscultation (§2.12: the heart rate's double-click link), by beatawareId. */
  auscultationReport: { path: '/reports/:reportId', getHref: withId('/reports') },
  organizationProviders: {
    path: '/organization/healthcare-providers',
    getHref: () => '/organization/healthcare-providers',
  },
  organizationPatients: { path: '/organization/patients', getHref: () => '/organization/patients' },
  organizationExams: { path: '/organization/exams', getHref: () => '/organization/exams' },
  organizationExam: { path: '/organization/exams/:examId', getHref: withId('/organization/exams') },
  organizationExamsAll: { path: '/organization/exams/all', getHref: () => '/organization/exams/all' },
  organizationExamAll: { path: '/organization/exams/all/:examId', getHref: withId('/organization/exams/all') },
  profileAndSettings: { path: '/profile-and-settings', getHref: () => '/profile-and-settings' },
  personalInfo: { path: '/profile-and-settings/personal-info', getHref: () => '/profile-and-settings/personal-info' },
  personalInfoEdit: {
    path: '/profile-and-settings/personal-info/edit',
    getHref: () => '/profile-and-settings/personal-info/edit',
  },
  emailAddress: { path: '/profile-and-settings/email-address', getHref: () => '/profile-and-settings/email-address' },
  password: { path: '/profile-and-settings/password', getHref: () => '/profile-and-settings/password' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  updateProfile: { path: '/update-profile', getHref: () => '/update-profile' },
  authCallback: { path: '/auth-callback', getHref: () => '/auth-callback' },
  postAuthPipeline: { path: '/post-auth-pipeline', getHref: () => '/post-auth-pipeline' },
  createAccount: {
    path: '/create-account',
    getHref: (token?: string) => (token ? `/create-account?t=${encodeURIComponent(token)}` : '/create-account'),
  },
  signOut: { path: '/sign-out', getHref: () => '/sign-out' },
  signedOut: {
    path: '/signed-out',
    getHref: (reason?: SignedOutReason, returnTo?: string) => {
      const search = new URLSearchParams();
      if (reason) search.set('reason', reason);
      if (returnTo) search.set('returnTo', returnTo);
      const query = search.toString();
      return query ? `/signed-out?${query}` : '/signed-out';
    },
  },
  support: { path: '/support', getHref: () => '/support' },
  contact: { path: '/contact', getHref: () => '/contact' },
  terms: { path: '/terms', getHref: () => '/terms' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  hipaa: { path: '/hipaa', getHref: () => '/hipaa' },
  emsLog: { path: '/ems-log', getHref: () => '/ems-log' },
  notFound: { path: '/errors/404', getHref: () => '/errors/404' },
} as const;

export type SignedOutReason = 'auth-error' | 'inactivity';
export type PathName = keyof typeof paths;
