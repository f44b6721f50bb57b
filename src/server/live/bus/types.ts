import type { LiveEvent } from '../types';

export type BusListener = (event: LiveEvent) => void;

/**
 * Carries committed live events to every server process. `mode` is `memory` (one process),
 * `redis` (fan-out through Redis pub/sub) or `degraded` (Redis unreachable: events still
 * reach this process's clients, and the hub polls the log for other processes' events).
 */
export interface LiveBus {
	readonly mode: 'memory' | 'redis' | 'degraded';
	/** True when other processes may publish events this process only learns from the log. */
	readonly shared: boolean;
	publish(event: LiveEvent): Promise<void>;
	subscribe(listener: BusListener): () => void;
	/** Called when the mode changes (the hub catches up from the log on every change). */
	onModeChange(listener: (mode: LiveBus['mode']) => void): () => void;
	listenerCount(): number;
	close(): Promise<void>;
}
