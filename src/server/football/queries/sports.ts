/** The sports the site covers: football only, for `/sport` and `/sport/{slug}`. */
export interface Sport {
	slug: string;
	/** i18n key of its name (namespace football). */
	nameKey: string;
}

export const SPORTS: readonly Sport[] = [{ slug: 'football', nameKey: 'football:sport.football' }];

export function listSports(): readonly Sport[] {
	return SPORTS;
}

/** The sport for a slug, or undefined (the page answers 404). */
export function getSport(slug: string): Sport | undefined {
	return SPORTS.find((s) => s.slug === slug);
}
