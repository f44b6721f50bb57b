/** The strings the follow and alert islands show, built on the server in the page's language. */
import type { AlertKind } from './push';
import type { Follow } from './follows';

export interface PushOptInLabels {
	alerts: string;
	title: string;
	on: string;
	off: string;
	saved: string;
	denied: string;
	unsupported: string;
	ios: string;
	failed: string;
	/** Too many changes from this address or account (429). */
	busy: string;
	quiet: string;
	quietFrom: string;
	quietTo: string;
	kinds: Record<AlertKind, string>;
}

export interface FollowButtonLabels {
	follow: string;
	following: string;
	/** Accessible name: "Follow Argentina". */
	label: string;
	failed: string;
}

export interface FollowListLabels {
	title: string;
	empty: string;
	up: string;
	down: string;
	remove: string;
	saveFailed: string;
	kinds: Record<Follow['kind'], string>;
}

export interface MyMatchesLabels {
	title: string;
	empty: string;
	next: string;
	recent: string;
	loading: string;
	error: string;
	live: string;
	halfTime: string;
	fullTime: string;
}
