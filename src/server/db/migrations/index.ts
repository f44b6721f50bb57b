import { migration0100Football } from './0100_football';
import auth0200 from './0200_auth';
import live0300 from './0300_live_events';
import live0301 from './0301_live_replays';
/**
 * Every migration, as SQL text, in one list. Each feature owns a range of ids so features
 * never collide: 0100-0199 football, 0200-0299 accounts, 0300-0399 live, 0400-0499
 * payments and streams. A migration is never edited once committed; add a new one.
 */
export interface Migration {
	id: string;
	sql: string;
}

export const MIGRATIONS: Migration[] = [migration0100Football];

// live (0300-0399)
MIGRATIONS.push(live0300, live0301);

// accounts (0200-0299)
MIGRATIONS.push(auth0200);

// payments and streams (0400-0499)
import payments0400 from './0400_payments';
import streams0401 from './0401_streams';
MIGRATIONS.push(payments0400, streams0401);
