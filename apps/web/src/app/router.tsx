import { lazy } from 'react';
import { BrowserRouter, Navigate, useRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { paths } from '../config/paths.ts';
import { PatientsRoute } from './routes/app/patients.tsx';
import { ShellLayout } from './routes/app/shell-layout.tsx';
import { RequireServer } from './routes/require-server.tsx';
import { RootRoute } from './routes/root.tsx';
import { UnknownRoute } from './routes/unknown-route.tsx';
import { OrganizationExamsAllRedirect } from './routes/organization/exams-all-redirect.tsx';
import { LiveExamGate } from './routes/live-exam/live-exam-gate.tsx';

// Every screen but the signed-in home is split out: the first load must stay small (< 300 KB gzip).
const AuthCallback = lazy(() => import('./routes/auth/auth-callback.tsx'));
const PostAuthPipeline = lazy(() => import('./routes/auth/post-auth-pipeline.tsx'));
const SignOut = lazy(() => import('./routes/auth/sign-out.tsx'));
const SignedOut = lazy(() => import('./routes/auth/signed-out.tsx'));
const Support = lazy(() => import('./routes/public/support.tsx'));
const Contact = lazy(() => import('./routes/public/contact.tsx'));
const Terms = lazy(() => import('./routes/public/terms.tsx'));
const Privacy = lazy(() => import('./routes/public/privacy.tsx'));
const Hipaa = lazy(() => import('./routes/public/hipaa.tsx'));
const CompatibilityTest = lazy(() => import('./routes/public/compatibility-test.tsx'));
const EmsLog = lazy(() => import('./routes/public/ems-log.tsx'));
const NotFound = lazy(() => import('./routes/not-found.tsx'));
const Patient = lazy(() => import('./routes/app/patient.tsx'));
const Council = lazy(() => import('./routes/app/council.tsx'));
const OrganizationProviders = lazy(() => import('./routes/organization/healthcare-providers.tsx'));
const OrganizationPatients = lazy(() => import('./routes/organization/patients.tsx'));
const OrganizationExams = lazy(() => import('./routes/organization/exams.tsx'));
const Exam = lazy(() => import('./routes/exams/exam.tsx'));
const CreateAccount = lazy(() => import('./routes/public/create-account.tsx'));
const ProfileAndSettings = lazy(() => import('./routes/profile/profile-and-settings.tsx'));
const PersonalInfo = lazy(() => import('./routes/profile/personal-info.tsx'));
const PersonalInfoEdit = lazy(() => import('./routes/profile/personal-info-edit.tsx'));
const EmailAddress = lazy(() => import('./routes/profile/email-address.tsx'));
const Password = lazy(() => import('./routes/profile/password.tsx'));
const AuscultationReport = lazy(() => import('./routes/exams/auscultation-report.tsx'));
const Calendar = lazy(() => import('./routes/app/calendar.tsx'));
const LiveExam = lazy(() => import('./routes/live-exam/live-exam.tsx'));
const PatientJoin = lazy(() => import('./routes/live-exam/patient-join.tsx'));
const SelfExam = lazy(() => import('./routes/patient/self-exam.tsx'));
const SelfExamLink = lazy(() => import('./routes/patient/self-exam-link.tsx'));
const Exams = lazy(() => import('./routes/exams/exams.tsx'));
const SelfExamRequests = lazy(() => import('./routes/app/self-exam-requests.tsx'));

/** clinician-portal §2.1, only the screens that work today. */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    children: [
      { path: paths.homeAlias.path, element: <Navigate to={paths.home.getHref()} replace /> },
      { path: paths.signIn.path, element: <Navigate to={paths.home.getHref()} replace /> },
      { path: paths.support.path, element: <Support /> },
      { path: paths.contact.path, element: <Contact /> },
      { path: paths.terms.path, element: <Terms /> },
      { path: paths.privacy.path, element: <Privacy /> },
      { path: paths.hipaa.path, element: <Hipaa /> },
      { path: paths.notFound.path, element: <NotFound /> },
      // Public: the test runs before any sign-in, and tells what it could not reach by itself.
      { path: paths.compatibilityTest.path, element: <CompatibilityTest /> },
      { path: paths.emsLog.path, element: <EmsLog /> },
      {
        element: <RequireServer />,
        children: [
          { path: paths.authCallback.path, element: <AuthCallback /> },
          { path: paths.signOut.path, element: <SignOut /> },
          { path: paths.signedOut.path, element: <SignedOut /> },
          { path: paths.createAccount.path, element: <CreateAccount /> },
          // The patient portal's link form: no account, no clinician's shell.
          { path: paths.virtualExam.path, element: <PatientJoin /> },
          {
            path: paths.liveExam.path,
            element: <LiveExamGate />,
            children: [
              {
                element: <RequireAuth />,
                children: [{ element: <ShellLayout />, children: [{ index: true, element: <LiveExam /> }] }],
              },
            ],
          },
          // The patient's self-exam pages: no account, opened from an emailed link with an access code.
          { path: paths.selfExam.path, element: <SelfExam /> },
          { path: paths.selfExamLink.path, element: <SelfExamLink /> },
          {
            element: <RequireAuth />,
            children: [
              { path: paths.postAuthPipeline.path, element: <PostAuthPipeline /> },
              {
                element: <ShellLayout />,
                children: [
                  { path: paths.home.path, element: <PatientsRoute /> },
                  { path: paths.patients.path, element: <PatientsRoute /> },
                  { path: paths.patient.path, element: <Patient /> },
                  { path: paths.council.path, element: <Council /> },
                  { path: paths.calendar.path, element: <Calendar /> },
                  { path: paths.organizationProviders.path, element: <OrganizationProviders /> },
                  { path: paths.organizationPatients.path, element: <OrganizationPatients /> },
                  { path: paths.organizationExams.path, element: <OrganizationExams /> },
                  // The 'All' list is the same screen with all=true; the static segment outranks :examId.
                  { path: paths.organizationExamsAll.path, element: <OrganizationExamsAllRedirect /> },
                  { path: paths.exams.path, element: <Exams /> },
                  { path: paths.selfExamRequests.path, element: <SelfExamRequests /> },
                  { path: paths.exam.path, element: <Exam family="exam" /> },
                  { path: paths.organizationExam.path, element: <Exam family="organization" /> },
                  { path: paths.organizationExamAll.path, element: <Exam family="organization-all" /> },
                  {
                    path: paths.profileAndSettings.path,
                    element: <ProfileAndSettings />,
                    children: [
                      { index: true, element: <PersonalInfo /> },
                      { path: paths.personalInfo.path, element: <PersonalInfo /> },
                      { path: paths.personalInfoEdit.path, element: <PersonalInfoEdit /> },
                      { path: paths.emailAddress.path, element: <EmailAddress /> },
                      { path: paths.password.path, element: <Password /> },
                    ],
                  },
                  { path: paths.auscultationReport.path, element: <AuscultationReport /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <UnknownRoute /> },
    ],
  },
];

function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
