/** The kinds of alert a visitor can opt into, per followed team or match (docs/pwa.md). */
export const ALERT_KINDS = ['kickoff', 'goal', 'red', 'ht', 'ft'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
