/** Where a team's crest is served (the server draws it; pages and live islands link it). */
export function crestUrl(teamId: number): string {
	return `/crest/${teamId}.svg`;
}
