import { atom } from 'nanostores';

/** Whether the browser believes it is online; islands show their offline state from it. */
export const $online = atom<boolean>(true);
