import { MemoryBus } from './memory';
import { RedisBus } from './redis';
import type { LiveBus } from './types';

export type { LiveBus, BusListener } from './types';
export { MemoryBus } from './memory';
export { RedisBus, LIVE_CHANNEL } from './redis';

/** The bus for this process: Redis pub/sub when a URL is given, in-process otherwise. */
export function createBus(redisUrl: string | undefined): LiveBus {
	return redisUrl ? new RedisBus(redisUrl) : new MemoryBus();
}
