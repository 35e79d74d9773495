/** Shows a notice; the route hands in the app's notifications, which this feature may not import. */
export type Notify = (message: string, severity: 'success' | 'error') => void;
