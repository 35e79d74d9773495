// Two steps on purpose: a dynamic import carries the list of every chunk it preloads, and the
// dialogs' list is long (~1 KB). Kept in this small lazily loaded module, the list stays out of
// the first screen (benchmarks/web/first-screen.mjs).
export const loadPatientDialogs = () => import('./patient-dialogs.tsx');
