/** `/api<path>?<query>`: the address of a call, its query's empty values left out. */
export function apiUrl(path: string, query?: unknown): string {
  return `/api${path}${toSearch(query)}`;
}

function toSearch(query: unknown): string {
  if (query === undefined || query === null) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
