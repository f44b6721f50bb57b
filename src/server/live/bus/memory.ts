import type { LiveEvent } from '../types';
import type { BusListener, LiveBus } from './types';

/** In-process bus: enough for one server process (the default). */
export class MemoryBus implements LiveBus {
	readonly mode = 'memory' as const;
	readonly shared: boolean = false;
	private listeners = new Set<BusListener>();

	/** Delivers synchronously to local listeners; a throwing listener never stops the others. */
	deliver(event: LiveEvent): void {
		for (const listener of this.listeners) {
			try {
				listener(event);
			} catch (error) {
				console.error('[live] bus listener failed', error);
			}
		}
	}

	async publish(event: LiveEvent): Promise<void> {
		this.deliver(event);
	}

	subscribe(listener: BusListener): () => void {
		this.listeners.add(listener);
		return () => {
			this.listeners.delete(listener);
		};
	}

	onModeChange(): () => void {
		return () => {};
	}

	listenerCount(): number {
		return this.listeners.size;
	}

	async close(): Promise<void> {
		this.listeners.clear();
	}
}
