import { createStore } from 'jotai';

/**
 * The one store for shared UI state (CONVENTIONS rule 4). Atoms live in features/<f>/stores;
 * an explicit store lets code outside React (window listeners, tests) read and write them.
 */
export const appStore = createStore();
